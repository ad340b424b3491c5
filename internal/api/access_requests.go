package api

import (
	"net/http"
	"time"

	"github.com/strata-maps/strata/internal/accounts"
	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/store"
)

// A member's requests for more access (accounts.RequestAccess).

func (s *Server) requestAccess(w http.ResponseWriter, r *http.Request, a domain.Actor, cs store.ClientSummary) error {
	var req accounts.AccessRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	req.Client = cs.Client
	if err := s.accounts.RequestAccess(r.Context(), a, req); err != nil {
		return err
	}
	w.WriteHeader(http.StatusAccepted)
	return nil
}

type accessRequestJSON struct {
	ID        int64     `json:"id"`
	UserID    int64     `json:"user_id"`
	UserName  string    `json:"user_name"`
	UserEmail string    `json:"user_email"`
	MapID     *int64    `json:"map_id" required:"true"`
	Message   string    `json:"message"`
	CreatedAt time.Time `json:"created_at"`
}

// accessRequestsAnswer is a page of the access requests; next_cursor asks
// for the next one, null on the last.
type accessRequestsAnswer struct {
	AccessRequests []accessRequestJSON `json:"access_requests" nullable:"false"`
	NextCursor     *string             `json:"next_cursor" required:"true"`
}

func (s *Server) listAccessRequests(w http.ResponseWriter, r *http.Request, a domain.Actor, cs store.ClientSummary) error {
	q, err := readPage(r)
	if err != nil {
		return err
	}
	page, err := s.accounts.AccessRequests(r.Context(), cs.ID, q)
	if err != nil {
		return err
	}
	out := make([]accessRequestJSON, len(page.Requests))
	for i, ar := range page.Requests {
		out[i] = accessRequestJSON{ID: ar.ID, UserID: ar.UserID, UserName: ar.UserName, UserEmail: ar.UserEmail,
			MapID: ar.MapID, Message: ar.Message, CreatedAt: ar.CreatedAt}
	}
	writeJSON(w, http.StatusOK, accessRequestsAnswer{AccessRequests: out, NextCursor: page.NextCursor})
	return nil
}
