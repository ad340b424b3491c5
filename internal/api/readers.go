package api

import (
	"net/http"
	"time"

	"github.com/strata-maps/strata/internal/accounts"
	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/store"
)

// Readers of partial maps (account-area §3, §4): anyone may register as a
// reader of the map's client, which takes one of its active-reader seats and
// lets them read its published partial maps, and nothing else of it.

type readerRequest struct {
	Name                 string `json:"name" required:"true"`
	Email                string `json:"email" required:"true"`
	Password             string `json:"password" required:"true"`
	PasswordConfirmation string `json:"password_confirmation" required:"true"`
	// Embedded: registering inside an embedded public map. Accepted for the
	// clients that send it; the reader signs in there once the address is
	// proven (the link opens outside the frame).
	Embedded bool `json:"embedded,omitempty"`
	// Language of the page, for the mail.
	Language string `json:"language"`
}

// pendingReaderJSON answers a reader's sign-up that waits for its e-mail proof.
type pendingReaderJSON struct {
	Email   string `json:"email"`
	Pending bool   `json:"pending" const:"true"` // always true: the sign-up waits for the mailed link
}

// registerReader makes the signed-in user a reader of the partial map at
// {url}, or starts the sign-up of a new one.
func (s *Server) registerReader(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	p, access, c, err := s.publicAccess(r, r.PathValue("url"))
	if err == nil && (p.AccessMode != domain.AccessPartial || access == domain.PublicDenied) {
		err = errMapNotFound
	}
	if err != nil {
		return err
	}
	if access == domain.PublicRead {
		// A member already, or signed in as one: nothing to register.
		return domain.Errorf(domain.CodeConflict, "you may read this map already")
	}
	if err := s.accounts.CheckReaderSignUp(ctx, clientAddress(r)); err != nil {
		return err
	}

	if access == domain.PublicRegister { // signed in: the user joins as a reader
		a, err := s.readerActor(r)
		if err == nil {
			err = s.accounts.JoinAsReader(ctx, c.ID, a.User.ID)
		}
		if err == nil {
			a, err = s.actorOf(ctx, a.User)
		}
		if err != nil {
			return err
		}
		writeJSON(w, http.StatusCreated, newUserJSON(a))
		return nil
	}

	var req readerRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	// Not signed in: a pending sign-up, and a link mailed to the address;
	// the account exists once it is followed (accounts.SignUpReader).
	email, err := s.accounts.SignUpReader(ctx, accounts.ReaderSignUp{ClientID: c.ID, ClientTitle: c.Title, MapURL: "/m/" + p.URL,
		Name: req.Name, Email: req.Email, Password: req.Password, PasswordConfirmation: req.PasswordConfirmation, Language: req.Language})
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusAccepted, pendingReaderJSON{Email: email, Pending: true})
	return nil
}

// removeReader ends a reader's seat (admins; DELETE /clients/{name}/readers/{userId}).
func (s *Server) removeReader(w http.ResponseWriter, r *http.Request, a domain.Actor, cs store.ClientSummary) error {
	id, err := pathID(r, "userId")
	if err != nil {
		return err
	}
	if err := s.accounts.RemoveReader(r.Context(), cs.ID, id); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

type readerJSON struct {
	ID    int64     `json:"id"`
	Email string    `json:"email"`
	Name  string    `json:"name"`
	Since time.Time `json:"since"`
}

// readersAnswer is a page of the readers of the client's partial maps;
// next_cursor asks for the next one, null on the last.
type readersAnswer struct {
	Readers    []readerJSON `json:"readers" nullable:"false"`
	NextCursor *string      `json:"next_cursor" required:"true"`
}

// listReaders lists the readers registered at the client's partial maps,
// a page at a time (admins).
func (s *Server) listReaders(w http.ResponseWriter, r *http.Request, a domain.Actor, cs store.ClientSummary) error {
	q, err := readPage(r)
	if err != nil {
		return err
	}
	page, err := s.accounts.Readers(r.Context(), cs.ID, q)
	if err != nil {
		return err
	}
	out := make([]readerJSON, len(page.Readers))
	for i, rd := range page.Readers {
		out[i] = readerJSON{ID: rd.User.ID, Email: rd.User.Email, Name: rd.User.Name, Since: rd.Since}
	}
	writeJSON(w, http.StatusOK, readersAnswer{Readers: out, NextCursor: page.NextCursor})
	return nil
}
