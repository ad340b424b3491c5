package api

import (
	"context"
	"fmt"
	"net/http"

	"github.com/strata-maps/strata/internal/access"
	"github.com/strata-maps/strata/internal/auth"
	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/live"
)

// liveSocket opens the live channel of a map (DESIGN.md §5). Everything is
// checked before the upgrade: the session, the access service's OpenLive, and
// (by the WebSocket library) the origin.
func (s *Server) liveSocket(w http.ResponseWriter, r *http.Request, a domain.Actor) error {
	if s.live == nil {
		return fmt.Errorf("live channel not configured")
	}
	r.SetPathValue("id", r.URL.Query().Get("map_id"))
	id, err := pathID(r, "id")
	if err != nil {
		return err
	}
	m, c, d, err := s.access.Map(r.Context(), a, id)
	if err != nil {
		return err
	}
	if err := d.Check(access.OpenLive); err != nil {
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
	member := access.MemberOf(a, auth.HashToken(cookie.Value), m, d)
	s.live.Serve(w, r, m.ID, member, m.Revision)
	return nil
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
