package api

import (
	"context"
	"fmt"
	"net/http"

	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/live"
	"github.com/strata-maps/strata/internal/store"
)

// liveSocket opens the live channel of a map (DESIGN.md §5). Everything is
// checked before the upgrade: the session, read access to the map, and
// (by the WebSocket library) the origin.
func (s *Server) liveSocket(w http.ResponseWriter, r *http.Request, a domain.Actor) {
	if s.live == nil {
		writeError(w, r, s.log, fmt.Errorf("live channel not configured"))
		return
	}
	r.SetPathValue("id", r.URL.Query().Get("map_id"))
	m, err := s.mapFor(r, a, domain.AccessRead)
	if err != nil {
		writeError(w, r, s.log, err)
		return
	}
	c, err := s.store.ClientByID(r.Context(), m.ClientID)
	if err != nil {
		writeError(w, r, s.log, err)
		return
	}
	if slug := r.URL.Query().Get("client_slug"); slug != "" && slug != c.Name {
		writeError(w, r, s.log, domain.Errorf(domain.CodeNotFound, "map %d not found", m.ID))
		return
	}
	_, editErr := s.mapFor(r, a, domain.AccessEdit)
	member := live.Member{User: a.User, CanEdit: editErr == nil, IsAdmin: a.Can(c.Name, domain.RoleAdmin)}
	s.live.Serve(w, r, m.ID, member, m.Revision)
}

// Grants is the live channel's invite_users: it gives edit access to the
// map to those of userIDs who are members of its client.
func Grants(st *store.Store) live.Grants {
	return func(ctx context.Context, mapID int64, userIDs []int64) ([]int64, error) {
		members, err := st.MapUsers(ctx, mapID)
		if err != nil {
			return nil, err
		}
		isMember := map[int64]bool{}
		for _, u := range members {
			isMember[u.UserID] = true
		}
		var granted []int64
		for _, id := range userIDs {
			if !isMember[id] {
				continue
			}
			if err := st.SetMapAccess(ctx, mapID, id, domain.AccessEdit); err != nil {
				return granted, err
			}
			granted = append(granted, id)
		}
		if len(granted) == 0 {
			return nil, fmt.Errorf("none of these users belongs to the map's organisation")
		}
		return granted, nil
	}
}
