package api

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/strata-maps/strata/internal/accounts"
	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/live"
	"github.com/strata-maps/strata/internal/store"
)

// permissionsPatch is an admin's change of per-map accesses: user path to
// access, or null to clear it so that the role decides again.
type permissionsPatch struct {
	Users map[string]*domain.AccessGrant `json:"users" nullable:"false"`
}

func (s *Server) setMapPermissions(w http.ResponseWriter, r *http.Request, a domain.Actor, m domain.Map) error {
	c, err := s.store.ClientByID(r.Context(), m.ClientID)
	if err != nil {
		return err
	}
	if !a.Can(c.Name, domain.RoleAdmin) {
		return domain.Errorf(domain.CodeForbidden, "only an admin may change who can open this map")
	}
	var req permissionsPatch
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	members, err := s.store.MapUsers(r.Context(), m.ID)
	if err != nil {
		return err
	}
	isMember := map[int64]bool{}
	for _, u := range members {
		isMember[u.UserID] = true
	}
	var v domain.Validation
	var grants []accounts.MapGrant
	for path, acc := range req.Users {
		id, err := strconv.ParseInt(strings.TrimPrefix(path, apiPrefix+"/users/"), 10, 64)
		switch {
		case err != nil || !strings.HasPrefix(path, apiPrefix+"/users/"):
			v.Add("users", domain.Invalid("user_path").Saying(fmt.Sprintf("%q is not a user path", path)))
		case !isMember[id]:
			v.Add("users", domain.NotFound(id).Saying(fmt.Sprintf("user %d is not a member of %s", id, c.Title)))
		case acc != nil && !acc.Access().Valid():
			v.Add("users", domain.NotAllowed(domain.AccessNone, domain.AccessRead, domain.AccessEdit).Saying(fmt.Sprintf("access for user %d must be none, read, edit or null", id)))
		default:
			grants = append(grants, accounts.MapGrant{UserID: id, Access: acc.Access()})
		}
	}
	if err := v.Err(); err != nil {
		return err
	}
	if err := s.accounts.SetMapGrants(r.Context(), c, m.ID, grants); err != nil {
		return err
	}
	return s.mapPermissions(w, r, a, m)
}

// Grants is the live channel's invite_users, by the map permissions' rule
// (setMapPermissions): edit access to the map goes only to members of its
// client, within the editing-user seats.
func Grants(st *store.Store) live.Grants { return mapGrants{st} }

type mapGrants struct{ st *store.Store }

// GrantEdit gives edit access to the map to those of userIDs who are
// members of its client, and answers them.
func (g mapGrants) GrantEdit(ctx context.Context, mapID int64, userIDs []int64) ([]int64, error) {
	members, err := g.st.MapUsers(ctx, mapID)
	if err != nil {
		return nil, err
	}
	m, err := g.st.MapByID(ctx, mapID)
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
		if err := accounts.GrantMapAccess(ctx, g.st, m.ClientID, mapID, id, domain.AccessEdit); err != nil {
			return granted, fmt.Errorf("grant edit on map %d to user %d: %w", mapID, id, err)
		}
		granted = append(granted, id)
	}
	if len(granted) == 0 {
		return nil, fmt.Errorf("none of these users belongs to the map's organisation")
	}
	return granted, nil
}
