package api

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/strata-maps/strata/internal/auth"
	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/mail"
	"github.com/strata-maps/strata/internal/store"
)

var errInvalidCredentials = domain.Errorf(domain.CodeInvalidCredentials, "the e-mail address or the password is wrong")

var errTooManyAttempts = domain.Errorf(domain.CodeRateLimited, "too many failed sign-ins; wait a few minutes and try again")

// dummyHash is compared against when the address is unknown, so that an
// unknown address takes as long to refuse as a wrong password.
var dummyHash = sync.OnceValue(func() string {
	h, err := auth.HashPassword("not anyone's password")
	if err != nil {
		panic(err)
	}
	return h
})

type loginRequest struct {
	Email      string `json:"email"`
	Password   string `json:"password"`
	RememberMe bool   `json:"remember_me"`
	// Embedded: signing in inside an embedded public map (the reader cookie).
	Embedded bool `json:"embedded"`
}

func (s *Server) login(w http.ResponseWriter, r *http.Request) {
	var req loginRequest
	if err := decodeJSON(w, r, &req); err != nil {
		writeError(w, r, s.log, err)
		return
	}
	email := domain.NormalizeEmail(req.Email)
	var v domain.Validation
	v.Check(email != "", "email", "is required")
	v.Check(req.Password != "", "password", "is required")
	if err := v.Err(); err != nil {
		writeError(w, r, s.log, err)
		return
	}
	accountKey, addressKey := "account:"+email, "address:"+clientAddress(r)
	if s.loginFailures.Blocked(accountKey) || s.addressFailures.Blocked(addressKey) {
		writeError(w, r, s.log, errTooManyAttempts)
		return
	}
	u, err := s.checkCredentials(r.Context(), email, req.Password)
	if errors.Is(err, errInvalidCredentials) {
		s.loginFailures.Add(accountKey)
		s.addressFailures.Add(addressKey)
	}
	if err != nil {
		writeError(w, r, s.log, err)
		return
	}
	s.loginFailures.Reset(accountKey)
	a, err := s.actorOf(r.Context(), u)
	if err == nil {
		err = s.startSession(w, r, u.ID, req.RememberMe, req.Embedded)
	}
	if err != nil {
		writeError(w, r, s.log, err)
		return
	}
	writeJSON(w, http.StatusOK, newUserJSON(a))
}

func (s *Server) checkCredentials(ctx context.Context, email, password string) (domain.User, error) {
	u, err := s.store.UserByEmail(ctx, email)
	hash := ""
	switch {
	case err == nil:
		if hash, err = s.store.PasswordHash(ctx, u.ID); err != nil {
			return domain.User{}, err
		}
	case !isNotFound(err):
		return domain.User{}, err
	}
	if hash == "" { // no such account, or one still waiting for its invitation
		_, _ = auth.CheckPassword(password, dummyHash())
		return domain.User{}, errInvalidCredentials
	}
	ok, err := auth.CheckPassword(password, hash)
	if err != nil {
		return domain.User{}, err
	}
	if !ok {
		return domain.User{}, errInvalidCredentials
	}
	return u, nil
}

func (s *Server) logout(w http.ResponseWriter, r *http.Request) {
	if c, err := r.Cookie(auth.SessionCookie); err == nil && c.Value != "" {
		if err := s.store.DeleteSession(r.Context(), auth.HashToken(c.Value)); err != nil {
			writeError(w, r, s.log, err)
			return
		}
	}
	s.clearSessionCookie(w)
	w.WriteHeader(http.StatusNoContent)
}

func (s *Server) session(w http.ResponseWriter, _ *http.Request, a domain.Actor) {
	writeJSON(w, http.StatusOK, newUserJSON(a))
}

// link is an absolute address in the web app, for mail.
func (s *Server) link(path string) string { return s.publicURL + path }

func languageOf(u domain.User) string {
	if u.Language != nil {
		return string(*u.Language)
	}
	return string(domain.LangEN)
}

func (s *Server) requestPasswordReset(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Email string `json:"email"`
	}
	if err := decodeJSON(w, r, &req); err != nil {
		writeError(w, r, s.log, err)
		return
	}
	email := domain.NormalizeEmail(req.Email)
	if !domain.ValidEmail(email) {
		writeError(w, r, s.log, &domain.Error{Code: domain.CodeInvalid, Message: "enter an e-mail address",
			Details: map[string]string{"email": "is not an e-mail address"}})
		return
	}
	// From here on the answer is 202 whatever happens, so that nobody can
	// learn whether an address has an account.
	if err := s.mailPasswordReset(r.Context(), email); err != nil {
		s.log.ErrorContext(r.Context(), "password reset mail", "err", err)
	}
	w.WriteHeader(http.StatusAccepted)
}

func (s *Server) mailPasswordReset(ctx context.Context, email string) error {
	key := "reset:" + email
	if s.resetRequests.Blocked(key) {
		return nil
	}
	s.resetRequests.Add(key)
	u, err := s.store.UserByEmail(ctx, email)
	if isNotFound(err) {
		return nil
	}
	if err != nil {
		return err
	}
	token, hash := auth.NewToken()
	uid := u.ID
	if err := s.store.CreateToken(ctx, store.Token{Hash: hash, Kind: store.TokenPasswordReset, UserID: &uid, Email: u.Email,
		ExpiresAt: time.Now().Add(auth.PasswordResetTTL)}); err != nil {
		return err
	}
	return s.mail.Send(ctx, mail.PasswordReset(languageOf(u), u.Email, s.link("/reset-password?token="+token)))
}

type newPasswordRequest struct {
	Password             string `json:"password"`
	PasswordConfirmation string `json:"password_confirmation"`
}

// passwordForToken checks that a token is still usable and the new password
// acceptable, and returns the password's hash. An unusable token is
// reported before a weak password: the page then offers to ask for a new
// link instead of a new password. The token is used up by the caller, in
// the transaction that acts on it.
func (s *Server) passwordForToken(r *http.Request, tokenHash, kind string, req newPasswordRequest) (string, error) {
	if _, err := s.store.PeekToken(r.Context(), tokenHash, kind); err != nil {
		return "", err
	}
	if err := auth.ValidatePassword(req.Password, req.PasswordConfirmation); err != nil {
		return "", err
	}
	return auth.HashPassword(req.Password)
}

func (s *Server) resetPassword(w http.ResponseWriter, r *http.Request) {
	var req newPasswordRequest
	if err := decodeJSON(w, r, &req); err != nil {
		writeError(w, r, s.log, err)
		return
	}
	hash := auth.HashToken(r.PathValue("token"))
	pwHash, err := s.passwordForToken(r, hash, store.TokenPasswordReset, req)
	if err != nil {
		writeError(w, r, s.log, err)
		return
	}
	err = s.store.Tx(r.Context(), func(tx *store.Store) error {
		t, err := tx.UseToken(r.Context(), hash, store.TokenPasswordReset)
		if err != nil {
			return err
		}
		if err := tx.SetPasswordHash(r.Context(), *t.UserID, pwHash); err != nil {
			return err
		}
		// Whoever knew the old password is signed out everywhere.
		return tx.DeleteSessionsOfUser(r.Context(), *t.UserID, "")
	})
	if err != nil {
		writeError(w, r, s.log, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

type invitationJSON struct {
	Email       string      `json:"email"`
	ClientName  string      `json:"client_name"`
	ClientTitle string      `json:"client_title"`
	Role        domain.Role `json:"role"`
	HasAccount  bool        `json:"has_account"`
}

func (s *Server) invitation(w http.ResponseWriter, r *http.Request) {
	t, err := s.store.PeekToken(r.Context(), auth.HashToken(r.PathValue("token")), store.TokenInvitation)
	if err != nil {
		writeError(w, r, s.log, err)
		return
	}
	c, err := s.store.ClientByID(r.Context(), *t.ClientID)
	if err != nil {
		writeError(w, r, s.log, err)
		return
	}
	_, err = s.store.UserByEmail(r.Context(), t.Email)
	if err != nil && !isNotFound(err) {
		writeError(w, r, s.log, err)
		return
	}
	writeJSON(w, http.StatusOK, invitationJSON{Email: t.Email, ClientName: c.Name, ClientTitle: c.Title, Role: t.Role, HasAccount: err == nil})
}

type registerRequest struct {
	Token string `json:"token"`
	newPasswordRequest
}

// register accepts an invitation: it sets the password of the invited
// address (creating the account when there is none), adds the membership
// and signs the user in.
func (s *Server) register(w http.ResponseWriter, r *http.Request) {
	var req registerRequest
	if err := decodeJSON(w, r, &req); err != nil {
		writeError(w, r, s.log, err)
		return
	}
	hash := auth.HashToken(req.Token)
	pwHash, err := s.passwordForToken(r, hash, store.TokenInvitation, req.newPasswordRequest)
	if err != nil {
		writeError(w, r, s.log, err)
		return
	}
	var u domain.User
	err = s.store.Tx(r.Context(), func(tx *store.Store) error {
		t, err := tx.UseToken(r.Context(), hash, store.TokenInvitation)
		if err != nil {
			return err
		}
		u, err = tx.UserByEmail(r.Context(), t.Email)
		switch {
		case isNotFound(err):
			name, _, _ := strings.Cut(t.Email, "@")
			u, err = tx.CreateUser(r.Context(), store.NewUser{Email: t.Email, Name: name, PasswordHash: pwHash})
		case err == nil:
			// One account per address: the new password is its password.
			err = tx.SetPasswordHash(r.Context(), u.ID, pwHash)
		}
		if err != nil {
			return err
		}
		if err := tx.RequireSeat(r.Context(), *t.ClientID, u.ID, t.Role); err != nil {
			return err
		}
		return tx.AddMembership(r.Context(), u.ID, *t.ClientID, t.Role)
	})
	if err != nil {
		writeError(w, r, s.log, err)
		return
	}
	a, err := s.actorOf(r.Context(), u)
	if err == nil {
		err = s.startSession(w, r, u.ID, false, false)
	}
	if err != nil {
		writeError(w, r, s.log, err)
		return
	}
	writeJSON(w, http.StatusOK, newUserJSON(a))
}

func (s *Server) decline(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Token string `json:"token"`
	}
	if err := decodeJSON(w, r, &req); err != nil {
		writeError(w, r, s.log, err)
		return
	}
	if _, err := s.store.UseToken(r.Context(), auth.HashToken(req.Token), store.TokenInvitation); err != nil {
		writeError(w, r, s.log, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
