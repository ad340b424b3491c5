package api

import (
	"context"
	"fmt"
	"net/http"
	"strconv"

	"github.com/strata-maps/strata/internal/auth"
	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/live"
	"github.com/strata-maps/strata/internal/store"
)

// liveSocket opens the live channel of a map (DESIGN.md §5). Everything is
// checked before the upgrade: the session, read access to the map, and
// (by the WebSocket library) the origin.
func (s *Server) liveSocket(w http.ResponseWriter, r *http.Request, a domain.Actor) error {
	if s.live == nil {
		return fmt.Errorf("live channel not configured")
	}
	r.SetPathValue("id", r.URL.Query().Get("map_id"))
	m, err := s.mapFor(r, a, domain.AccessRead)
	if err != nil {
		return err
	}
	c, err := s.store.ClientByID(r.Context(), m.ClientID)
	if err != nil {
		return err
	}
	if slug := r.URL.Query().Get("client_slug"); slug != "" && slug != c.Name {
		return domain.Errorf(domain.CodeNotFound, "map %d not found", m.ID)
	}
	// The socket remembers its session: when that ends, so does the socket.
	cookie, err := r.Cookie(auth.SessionCookie)
	if err != nil {
		return errUnauthenticated
	}
	member, err := liveMember(r.Context(), s.store, a, auth.HashToken(cookie.Value), m.ID)
	if err != nil {
		return err
	}
	s.live.Serve(w, r, m.ID, member, m.Revision)
	return nil
}

// liveMember is what a user may do on a map's live channel (mapRights),
// for a socket's upgrade and for every recheck after it.
func liveMember(ctx context.Context, st *store.Store, a domain.Actor, session string, mapID int64) (live.Member, error) {
	m, c, explicit, err := st.MapHead(ctx, mapID, a.User.ID)
	if isNotFound(err) {
		return live.Member{}, live.ErrNoAccess
	}
	if err != nil {
		return live.Member{}, err
	}
	readErr, editErr := mapRights(a, m, c, explicit)
	if readErr != nil {
		return live.Member{}, live.ErrNoAccess
	}
	return live.Member{User: a.User, Session: session, ClientID: m.ClientID,
		CanEdit: editErr == nil, IsAdmin: a.Can(c.Name, domain.RoleAdmin)}, nil
}

// recheckLive has every instance re-validate the live sockets of the
// target; called after every change that can narrow someone's rights.
func (s *Server) recheckLive(ctx context.Context, t live.Target) {
	if s.live != nil {
		s.live.Recheck(ctx, t)
	}
}

// The hooks of the handlers, one line each at their call sites.
func (s *Server) recheckMap(ctx context.Context, id int64) {
	s.recheckLive(ctx, live.Target{Maps: []int64{id}})
}

// LiveAccess answers the live channel's questions from the store.
func LiveAccess(st *store.Store) live.Access { return liveAccess{st} }

type liveAccess struct{ st *store.Store }

func (l liveAccess) Member(ctx context.Context, session string, mapID int64) (live.Member, error) {
	u, err := l.st.SessionUser(ctx, session)
	if isNotFound(err) {
		return live.Member{}, live.ErrSignedOut
	}
	if err != nil {
		return live.Member{}, err
	}
	ms, err := l.st.Memberships(ctx, u.ID)
	if err != nil {
		return live.Member{}, err
	}
	return liveMember(ctx, l.st, domain.NewActor(u, ms), session, mapID)
}

func (l liveAccess) Exists(ctx context.Context, mapID int64, elemType, elemID string) (bool, error) {
	id, err := strconv.ParseInt(elemID, 10, 64)
	if err != nil {
		return false, nil
	}
	switch elemType {
	case "node":
		found, err := l.st.NodesByID(ctx, mapID, []int64{id})
		return len(found) == 1, err
	case "edge":
		found, err := l.st.EdgesByID(ctx, mapID, []int64{id})
		return len(found) == 1, err
	case "object_template":
		_, err := l.st.TemplateByID(ctx, mapID, id)
		if isNotFound(err) {
			return false, nil
		}
		return err == nil, err
	}
	return false, fmt.Errorf("no element type %q", elemType)
}
