package api

import (
	"net/http"

	"github.com/strata-maps/strata/internal/accounts"
	"github.com/strata-maps/strata/internal/auth"
	"github.com/strata-maps/strata/internal/domain"
)

// Signing in and out (accounts.SignIn, accounts.SignOut); the cookies are
// this file's, the rules the service's.

type loginRequest struct {
	Email      string `json:"email" required:"true"`
	Password   string `json:"password" required:"true"`
	RememberMe bool   `json:"remember_me,omitempty"`
	// Embedded: signing in inside an embedded public map (the reader cookie).
	Embedded bool `json:"embedded,omitempty"`
}

func (s *Server) login(w http.ResponseWriter, r *http.Request) error {
	var req loginRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	u, err := s.accounts.SignIn(r.Context(), accounts.SignIn{Email: req.Email, Password: req.Password, Address: clientAddress(r)})
	if err != nil {
		return err
	}
	a, err := s.actorOf(r.Context(), u)
	if err == nil {
		err = s.startSession(w, r, u.ID, req.RememberMe, req.Embedded)
	}
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, newUserJSON(a))
	return nil
}

// logout ends the sessions of both cookies the request carries and clears
// them. Inside an embedded map only the reader cookie is sent, and only to
// /api/v1/public/: the web app logs out there (POST /api/v1/public/logout).
func (s *Server) logout(w http.ResponseWriter, r *http.Request) error {
	var hashes []string
	for _, name := range []string{auth.SessionCookie, auth.ReaderCookie} {
		if c, err := r.Cookie(name); err == nil && c.Value != "" {
			hashes = append(hashes, auth.CookieTokenHash(name, c.Value))
		}
	}
	if err := s.accounts.SignOut(r.Context(), hashes...); err != nil {
		return err
	}
	s.clearSessionCookie(w)
	s.clearReaderCookie(w)
	w.WriteHeader(http.StatusNoContent)
	return nil
}

func (s *Server) session(w http.ResponseWriter, _ *http.Request, a domain.Actor) error {
	writeJSON(w, http.StatusOK, newUserJSON(a))
	return nil
}
