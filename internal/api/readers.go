package api

import (
	"context"
	"net/http"
	"strings"
	"time"

	"github.com/strata-maps/strata/internal/auth"
	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/store"
)

// Readers of partial maps (account-area §3, §4): anyone may register as a
// reader of the map's client, which takes one of its active-reader seats and
// lets them read its published partial maps, and nothing else of it.

type readerRequest struct {
	Name  string `json:"name"`
	Email string `json:"email"`
	newPasswordRequest
	// Embedded: registering inside an embedded public map (the reader cookie).
	Embedded bool `json:"embedded"`
}

const maxUserNameLen = 100

// registerReader makes the request's user, or a new account, a reader of the
// partial map at {url}, and signs a new account in.
func (s *Server) registerReader(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	p, access, c, err := s.publicAccess(r, r.PathValue("url"))
	if err == nil && (p.AccessMode != domain.AccessPartial || access == domain.PublicDenied) {
		err = errMapNotFound
	}
	if err != nil {
		writeError(w, r, s.log, err)
		return
	}
	if access == domain.PublicRead {
		// A member already, or signed in as one: nothing to register.
		writeError(w, r, s.log, domain.Errorf(domain.CodeConflict, "you may read this map already"))
		return
	}
	key := "address:" + clientAddress(r)
	if s.readerRegistrations.Blocked(key) {
		writeError(w, r, s.log, domain.Errorf(domain.CodeRateLimited, "too many registrations from this address; try again later"))
		return
	}
	s.readerRegistrations.Add(key)

	if access == domain.PublicRegister { // signed in: the user joins as a reader
		a, err := s.readerActor(r)
		if err == nil {
			err = s.store.Tx(ctx, func(tx *store.Store) error { return addReader(ctx, tx, c.ID, a.User.ID) })
		}
		if err == nil {
			a, err = s.actorOf(ctx, a.User)
		}
		if err != nil {
			writeError(w, r, s.log, err)
			return
		}
		writeJSON(w, http.StatusCreated, newUserJSON(a))
		return
	}

	var req readerRequest
	if err := decodeJSON(w, r, &req); err != nil {
		writeError(w, r, s.log, err)
		return
	}
	req.Name, req.Email = strings.TrimSpace(req.Name), domain.NormalizeEmail(req.Email)
	v := &domain.Validation{}
	v.Check(req.Name != "" && len([]rune(req.Name)) <= maxUserNameLen, "name", "is required, at most 100 characters")
	v.Check(domain.ValidEmail(req.Email), "email", "must be an e-mail address")
	if err := v.Err(); err != nil {
		writeError(w, r, s.log, err)
		return
	}
	if err := auth.ValidatePassword(req.Password, req.PasswordConfirmation); err != nil {
		writeError(w, r, s.log, err)
		return
	}
	hash, err := auth.HashPassword(req.Password)
	if err != nil {
		writeError(w, r, s.log, err)
		return
	}
	var u domain.User
	err = s.store.Tx(ctx, func(tx *store.Store) error {
		var err error
		u, err = tx.CreateUser(ctx, store.NewUser{Email: req.Email, Name: req.Name, PasswordHash: hash})
		if domain.ErrorCode(err) == domain.CodeConflict {
			return &domain.Error{Code: domain.CodeConflict, Message: "an account with this e-mail address exists: sign in instead",
				Details: map[string]string{"email": "has an account"}}
		}
		if err != nil {
			return err
		}
		return addReader(ctx, tx, c.ID, u.ID)
	})
	var a domain.Actor
	if err == nil {
		a, err = s.actorOf(ctx, u)
	}
	if err == nil {
		err = s.startSession(w, r, u.ID, false, req.Embedded)
	}
	if err != nil {
		writeError(w, r, s.log, err)
		return
	}
	writeJSON(w, http.StatusCreated, newUserJSON(a))
}

// addReader makes the user a reader of the client, within its seats.
func addReader(ctx context.Context, tx *store.Store, clientID, userID int64) error {
	if err := tx.RequireQuota(ctx, clientID, domain.QuotaActiveReaders, true); err != nil {
		return err
	}
	return tx.AddReader(ctx, clientID, userID)
}

type readerJSON struct {
	ID    int64     `json:"id"`
	Email string    `json:"email"`
	Name  string    `json:"name"`
	Since time.Time `json:"since"`
}

// removeReader ends a reader's seat (admins; DELETE /clients/{name}/readers/{userId}).
func (s *Server) removeReader(w http.ResponseWriter, r *http.Request, a domain.Actor) {
	cs, err := s.clientFor(r, a, domain.RoleAdmin)
	if err != nil {
		writeError(w, r, s.log, err)
		return
	}
	id, err := pathID(r, "userId")
	if err != nil {
		writeError(w, r, s.log, err)
		return
	}
	if err := s.store.RemoveReader(r.Context(), cs.ID, id); err != nil {
		writeError(w, r, s.log, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
