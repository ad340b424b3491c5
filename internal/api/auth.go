package api

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/strata-maps/strata/internal/auth"
	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/mail"
	"github.com/strata-maps/strata/internal/store"
)

var errInvalidCredentials = domain.Errorf(domain.CodeInvalidCredentials, "the e-mail address or the password is wrong")

var errTooManyAttempts = domain.Errorf(domain.CodeRateLimited, "too many failed sign-ins; wait a few minutes and try again")

// dummyHash is compared against when the address is unknown, so that an
// unknown address takes as long to refuse as a wrong password. It is a
// constant (of "not anyone's password", with the parameters of
// auth.HashPassword) so that no hash runs outside the hash gate.
const dummyHash = "$argon2id$v=19$m=65536,t=1,p=2$FC7FvSBs51TpyX/epEK+jw$zn+JvOKKNFQkHIiQjvOzJII3Egx1UkqcJS9hdNGX+04"

type loginRequest struct {
	Email      string `json:"email"`
	Password   string `json:"password"`
	RememberMe bool   `json:"remember_me"`
	// Embedded: signing in inside an embedded public map (the reader cookie).
	Embedded bool `json:"embedded"`
}

func (s *Server) login(w http.ResponseWriter, r *http.Request) error {
	var req loginRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	email := domain.NormalizeEmail(req.Email)
	var v domain.Validation
	v.Check(email != "", "email", "is required")
	v.Check(req.Password != "", "password", "is required")
	if err := v.Err(); err != nil {
		return err
	}
	u, err := s.signIn(r.Context(), email, req.Password, clientAddress(r))
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

// signIn checks a password within the limits: failed attempts per account
// and per client address. Each attempt is counted before its hash runs, so
// that parallel guesses cannot outrun the limit; a success takes its count
// back. A locked account is refused without counting against the address,
// so that guessing at one account does not lock out everyone behind the
// same proxy.
func (s *Server) signIn(ctx context.Context, email, password, address string) (domain.User, error) {
	accountKey, addressKey := "account:"+email, "address:"+address
	ok, retry, err := s.loginFailures.Take(ctx, accountKey)
	if err != nil {
		return domain.User{}, err
	}
	if !ok {
		return domain.User{}, tooManyAttempts(retry)
	}
	ok, retry, err = s.addressFailures.Take(ctx, addressKey)
	if err != nil || !ok {
		if uerr := s.loginFailures.Undo(ctx, accountKey); uerr != nil {
			return domain.User{}, errors.Join(err, uerr)
		}
		if err != nil {
			return domain.User{}, err
		}
		return domain.User{}, tooManyAttempts(retry)
	}
	u, err := s.checkCredentials(ctx, email, password)
	switch {
	case err == nil:
		err = errors.Join(s.loginFailures.Forget(ctx, accountKey), s.addressFailures.Undo(ctx, addressKey))
		if err != nil {
			return domain.User{}, err
		}
		return u, nil
	case errors.Is(err, errInvalidCredentials):
		return domain.User{}, err // both counts stay
	default: // busy or broken: not the client's failure
		return domain.User{}, errors.Join(err, s.loginFailures.Undo(ctx, accountKey), s.addressFailures.Undo(ctx, addressKey))
	}
}

func tooManyAttempts(retry time.Duration) error {
	return &domain.Error{Code: domain.CodeRateLimited, Message: errTooManyAttempts.Message, RetryAfter: retry}
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
		if _, err := auth.CheckPassword(password, dummyHash); err != nil {
			return domain.User{}, err // busy: as a known address would be
		}
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

// logout ends the sessions of both cookies the request carries and clears
// them. Inside an embedded map only the reader cookie is sent, and only to
// /api/v1/public/: the web app logs out there (POST /api/v1/public/logout).
func (s *Server) logout(w http.ResponseWriter, r *http.Request) error {
	for _, name := range []string{auth.SessionCookie, auth.ReaderCookie} {
		if c, err := r.Cookie(name); err == nil && c.Value != "" {
			hash := auth.CookieTokenHash(name, c.Value)
			if err := s.store.DeleteSession(r.Context(), hash); err != nil {
				return fmt.Errorf("logout: %w", err)
			}
			s.recheckSession(r.Context(), hash) // its live sockets close
		}
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

// link is an absolute address in the web app, for mail.
func (s *Server) link(path string) string { return s.publicURL + path }

func languageOf(u domain.User) string {
	if u.Language != nil {
		return string(*u.Language)
	}
	return string(domain.LangEN)
}

func (s *Server) requestPasswordReset(w http.ResponseWriter, r *http.Request) error {
	var req struct {
		Email string `json:"email"`
	}
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	email := domain.NormalizeEmail(req.Email)
	if !domain.ValidEmail(email) {
		return &domain.Error{Code: domain.CodeInvalid, Message: "enter an e-mail address",
			Details: map[string]string{"email": "is not an e-mail address"}}
	}
	// From here on the answer is 202 whatever happens, so that nobody can
	// learn whether an address has an account.
	if err := s.mailPasswordReset(r.Context(), email); err != nil {
		s.log.ErrorContext(r.Context(), "password reset mail", "err", err)
	}
	w.WriteHeader(http.StatusAccepted)
	return nil
}

func (s *Server) mailPasswordReset(ctx context.Context, email string) error {
	key := "reset:" + email
	ok, _, err := s.resetRequests.Take(ctx, key)
	if err != nil || !ok {
		return err
	}
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

func (s *Server) resetPassword(w http.ResponseWriter, r *http.Request) error {
	var req newPasswordRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	hash := auth.HashToken(r.PathValue("token"))
	pwHash, err := s.passwordForToken(r, hash, store.TokenPasswordReset, req)
	if err != nil {
		return err
	}
	var userID int64 // whose sockets close
	err = s.store.Tx(r.Context(), func(tx *store.Store) error {
		t, err := tx.UseToken(r.Context(), hash, store.TokenPasswordReset)
		if err != nil {
			return err
		}
		if err := tx.SetPasswordHash(r.Context(), *t.UserID, pwHash); err != nil {
			return err
		}
		// Whoever knew the old password is signed out everywhere.
		userID = *t.UserID
		return tx.DeleteSessionsOfUser(r.Context(), *t.UserID, "")
	})
	if err != nil {
		return err
	}
	s.recheckUsers(r.Context(), userID)
	w.WriteHeader(http.StatusNoContent)
	return nil
}

type invitationJSON struct {
	Email       string      `json:"email"`
	ClientName  string      `json:"client_name"`
	ClientTitle string      `json:"client_title"`
	Role        domain.Role `json:"role"`
	HasAccount  bool        `json:"has_account"`
}

func (s *Server) invitation(w http.ResponseWriter, r *http.Request) error {
	v, err := s.accounts.Invitation(r.Context(), r.PathValue("token"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, invitationJSON{Email: v.Email, ClientName: v.ClientName, ClientTitle: v.ClientTitle, Role: v.Role, HasAccount: v.HasAccount})
	return nil
}

type registerRequest struct {
	Token string `json:"token"`
	newPasswordRequest
}

// register accepts an invitation with a new password (accounts.Register)
// and signs the user in; every other session of the account has ended.
func (s *Server) register(w http.ResponseWriter, r *http.Request) error {
	var req registerRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	u, err := s.accounts.Register(r.Context(), req.Token, req.Password, req.PasswordConfirmation)
	if err != nil {
		return err
	}
	s.recheckUsers(r.Context(), u.ID) // the sessions it ended close their live sockets
	a, err := s.actorOf(r.Context(), u)
	if err == nil {
		err = s.startSession(w, r, u.ID, false, false)
	}
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, newUserJSON(a))
	return nil
}

type tokenRequest struct {
	Token string `json:"token"`
}

// accept accepts an invitation for the signed-in user (its address must be
// the invited one).
func (s *Server) accept(w http.ResponseWriter, r *http.Request, a domain.Actor) error {
	var req tokenRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	err := s.accounts.Accept(r.Context(), a.User, req.Token)
	if err == nil {
		a, err = s.actorOf(r.Context(), a.User)
	}
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, newUserJSON(a))
	return nil
}

func (s *Server) decline(w http.ResponseWriter, r *http.Request) error {
	var req tokenRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	if err := s.accounts.Decline(r.Context(), req.Token); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

type verifiedJSON struct {
	Kind   string   `json:"kind"`
	User   userJSON `json:"user"`
	MapURL string   `json:"map_url,omitempty"`
}

// verifyEmail follows the link mailed to prove an address: a new reader is
// signed in (and goes on to the map), a changed address takes effect.
func (s *Server) verifyEmail(w http.ResponseWriter, r *http.Request) error {
	var req tokenRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	v, err := s.accounts.VerifyEmail(r.Context(), req.Token)
	var a domain.Actor
	if err == nil {
		a, err = s.actorOf(r.Context(), v.User)
	}
	if err == nil && v.Kind == store.ProofReaderSignUp {
		err = s.startSession(w, r, v.User.ID, false, false)
	}
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, verifiedJSON{Kind: v.Kind, User: newUserJSON(a), MapURL: v.MapURL})
	return nil
}
