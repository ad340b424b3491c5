package api

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/netip"
	"strconv"
	"strings"

	"github.com/strata-maps/strata/internal/accounts"
	"github.com/strata-maps/strata/internal/auth"
	"github.com/strata-maps/strata/internal/domain"
)

// handler is a call of /api/v1 that anyone may make. It writes its answer
// or returns an error, which handle answers in the envelope: the one place
// a handler's failure becomes a response.
type handler func(w http.ResponseWriter, r *http.Request) error

func (s *Server) handle(h handler) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if err := h(w, r); err != nil {
			writeError(w, r, s.log, err)
		}
	}
}

// actorHandler is a handler for signed-in users only.
type actorHandler func(w http.ResponseWriter, r *http.Request, a domain.Actor) error

// signedIn loads the actor of the session cookie, answering 401 without one.
func (s *Server) signedIn(h actorHandler) http.HandlerFunc {
	return s.handle(func(w http.ResponseWriter, r *http.Request) error {
		a, err := s.actor(r)
		if err != nil {
			return err
		}
		return h(w, r, a)
	})
}

var errUnauthenticated = domain.Errorf(domain.CodeUnauthenticated, "sign in first")

// actor is the request's: its API key's when it carries one (never then
// its cookie's), else its session cookie's.
func (s *Server) actor(r *http.Request) (domain.Actor, error) {
	if key, ok := bearerKey(r); ok {
		return s.keyActor(r, key)
	}
	return s.actorOfCookie(r, auth.SessionCookie)
}

// A public map embedded in another site is a third-party frame, to which
// browsers send no SameSite=Lax cookie. A reader who signs in there gets
// the reader cookie instead: partitioned by the embedding site, sent only
// to the public map calls, so that it reads published maps and does nothing
// else.

// readerActor is the actor of the public map calls: the session cookie's,
// else the reader cookie's.
func (s *Server) readerActor(r *http.Request) (domain.Actor, error) {
	a, err := s.actorOfCookie(r, auth.SessionCookie)
	if domain.ErrorCode(err) == domain.CodeUnauthenticated {
		return s.actorOfCookie(r, auth.ReaderCookie)
	}
	return a, err
}

func (s *Server) actorOfCookie(r *http.Request, name string) (domain.Actor, error) {
	c, err := r.Cookie(name)
	if err != nil || c.Value == "" {
		return domain.Actor{}, errUnauthenticated
	}
	u, err := s.store.SessionUser(r.Context(), auth.CookieTokenHash(name, c.Value))
	if domain.ErrorCode(err) == domain.CodeNotFound {
		return domain.Actor{}, errUnauthenticated
	}
	if err != nil {
		return domain.Actor{}, err
	}
	return s.actorOf(r.Context(), u)
}

func (s *Server) actorOf(ctx context.Context, u domain.User) (domain.Actor, error) {
	ms, err := s.store.Memberships(ctx, u.ID)
	if err != nil {
		return domain.Actor{}, err
	}
	return domain.NewActor(u, ms), nil
}

// startSession stores a new session for the user and sets its cookie: the
// reader cookie when the user signs in inside an embedded public map.
func (s *Server) startSession(w http.ResponseWriter, r *http.Request, userID int64, remember, embedded bool) error {
	ss, err := s.accounts.StartSession(r.Context(), accounts.NewSession{UserID: userID, Remember: remember, Embedded: embedded})
	if err != nil {
		return err
	}
	c := &http.Cookie{Name: auth.SessionCookie, Value: ss.Token, Path: "/", HttpOnly: true,
		SameSite: http.SameSiteLaxMode, Secure: s.secureCookie}
	if embedded {
		// A third-party frame gets only SameSite=None cookies, which must be
		// Secure (browsers take them from http://localhost too).
		c.Name, c.Path, c.SameSite, c.Secure, c.Partitioned = auth.ReaderCookie, auth.ReaderCookiePath, http.SameSiteNoneMode, true, true
	}
	if remember {
		c.Expires = ss.ExpiresAt
		c.MaxAge = int(ss.TTL.Seconds())
	}
	http.SetCookie(w, c)
	return nil
}

func (s *Server) clearSessionCookie(w http.ResponseWriter) {
	http.SetCookie(w, &http.Cookie{Name: auth.SessionCookie, Value: "", Path: "/", MaxAge: -1,
		HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: s.secureCookie})
}

// clearReaderCookie clears the reader cookie; its attributes must match
// the ones it was set with (a partitioned cookie is cleared only in its
// partition, that is inside the embed).
func (s *Server) clearReaderCookie(w http.ResponseWriter) {
	http.SetCookie(w, &http.Cookie{Name: auth.ReaderCookie, Value: "", Path: auth.ReaderCookiePath, MaxAge: -1,
		HttpOnly: true, SameSite: http.SameSiteNoneMode, Secure: true, Partitioned: true})
}

// clientAddress is the caller's IP, for rate limits, as ServeHTTP resolved
// it (see resolveClient).
func clientAddress(r *http.Request) string {
	if a, ok := r.Context().Value(clientAddressKey{}).(string); ok {
		return a
	}
	return remoteHost(r)
}

type clientAddressKey struct{}

// resolveClient names the client of a request. Anyone can send
// X-Forwarded-For, so it counts only when the connection comes from a
// proxy the operator trusts (--trusted-proxies); then the client is the
// right-most address in it that is not itself a trusted proxy: the one
// the last trusted proxy saw. Without trusted proxies, everyone behind a
// proxy would share one address, and one guesser would lock out them all.
func resolveClient(r *http.Request, trusted []netip.Prefix) string {
	host := remoteHost(r)
	if len(trusted) == 0 || !isTrusted(host, trusted) {
		return host
	}
	hops := []string{}
	for _, v := range r.Header.Values("X-Forwarded-For") {
		for _, f := range strings.Split(v, ",") {
			hops = append(hops, strings.TrimSpace(f))
		}
	}
	for i := len(hops) - 1; i >= 0; i-- {
		a, err := netip.ParseAddr(hops[i])
		if err != nil {
			return host // a malformed chain names nobody: keep the proxy's address
		}
		if !isTrusted(a.Unmap().String(), trusted) {
			return a.Unmap().String()
		}
		host = a.Unmap().String()
	}
	return host
}

func isTrusted(host string, trusted []netip.Prefix) bool {
	a, err := netip.ParseAddr(host)
	if err != nil {
		return false
	}
	a = a.Unmap()
	for _, p := range trusted {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

func remoteHost(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// pathID parses the {name} path value as an id; a malformed id names
// nothing that exists.
func pathID(r *http.Request, name string) (int64, error) {
	id, err := strconv.ParseInt(r.PathValue(name), 10, 64)
	if err != nil || id <= 0 {
		return 0, domain.Errorf(domain.CodeNotFound, "%s %q not found", name, r.PathValue(name))
	}
	return id, nil
}

// isNotFound reports whether err is the domain's not_found.
func isNotFound(err error) bool {
	var de *domain.Error
	return errors.As(err, &de) && de.Code == domain.CodeNotFound
}
