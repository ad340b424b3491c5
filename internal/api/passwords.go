package api

import (
	"net/http"

	"github.com/strata-maps/strata/internal/accounts"
	"github.com/strata-maps/strata/internal/auth"
	"github.com/strata-maps/strata/internal/domain"
)

// Passwords: the reset by mailed link, and the change by the signed-in
// user (accounts.RequestPasswordReset, ResetPassword, ChangePassword).

type resetRequest struct {
	Email string `json:"email" required:"true"`
}

// requestPasswordReset answers 202 for every well-formed address, so that
// nobody learns whether it has an account.
func (s *Server) requestPasswordReset(w http.ResponseWriter, r *http.Request) error {
	var req resetRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	if err := s.accounts.RequestPasswordReset(r.Context(), req.Email); err != nil {
		return err
	}
	w.WriteHeader(http.StatusAccepted)
	return nil
}

func (s *Server) resetPassword(w http.ResponseWriter, r *http.Request) error {
	var req accounts.PasswordReset
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	req.Token = r.PathValue("token")
	if err := s.accounts.ResetPassword(r.Context(), req); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// changePassword sets a new password of the signed-in user; the session
// asking stays, every other one ends.
func (s *Server) changePassword(w http.ResponseWriter, r *http.Request, a domain.Actor) error {
	id, err := pathID(r, "id")
	if err != nil {
		return err
	}
	if id != a.User.ID {
		return domain.Errorf(domain.CodeNotFound, "user %d not found", id)
	}
	var req accounts.PasswordChange
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	if c, err := r.Cookie(auth.SessionCookie); err == nil {
		req.KeepSession = auth.HashToken(c.Value)
	}
	if err := s.accounts.ChangePassword(r.Context(), a.User, req); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}
