package api

import (
	"net/http"

	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/store"
)

type verifiedJSON struct {
	Kind   string   `json:"kind" enum:"reader_signup,email_change"`
	User   userJSON `json:"user"`
	MapURL string   `json:"map_url,omitempty"`
}

// verifyEmail follows the link mailed to prove an address
// (accounts.VerifyEmail): a new reader is signed in (and goes on to the
// map), a changed address takes effect.
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
