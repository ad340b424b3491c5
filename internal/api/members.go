package api

import (
	"net/http"
	"strconv"

	"github.com/strata-maps/strata/internal/accounts"
	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/store"
)

// A client's user management (accounts.Members, ChangeMember, RemoveMember).

type memberJSON struct {
	ID                   int64                    `json:"id"`
	Email                string                   `json:"email"`
	Name                 string                   `json:"name"`
	Role                 domain.Role              `json:"role"`
	PremiumTemplates     bool                     `json:"premium_templates"`
	SupportAccessConsent bool                     `json:"support_access_consent"`
	MapAccess            map[string]domain.Access `json:"map_access" nullable:"false"`
}

// membersAnswer is a page of the client's members; next_cursor asks for
// the next one, null on the last. Open invitations and readers have their
// own lists (GET …/invitations, GET …/readers).
type membersAnswer struct {
	Users      []memberJSON `json:"users" nullable:"false"`
	NextCursor *string      `json:"next_cursor" required:"true"`
}

func newMemberJSON(m store.Member) memberJSON {
	acc := make(map[string]domain.Access, len(m.MapAccess))
	for id, x := range m.MapAccess {
		acc[strconv.FormatInt(id, 10)] = x
	}
	return memberJSON{ID: m.User.ID, Email: m.User.Email, Name: m.User.Name, Role: m.Role,
		PremiumTemplates: m.PremiumTemplates, SupportAccessConsent: m.SupportAccessConsent, MapAccess: acc}
}

func (s *Server) listMembers(w http.ResponseWriter, r *http.Request, a domain.Actor, cs store.ClientSummary) error {
	q, err := readPage(r)
	if err != nil {
		return err
	}
	page, err := s.accounts.Members(r.Context(), cs.ID, q)
	if err != nil {
		return err
	}
	users := make([]memberJSON, len(page.Users))
	for i, m := range page.Users {
		users[i] = newMemberJSON(m)
	}
	writeJSON(w, http.StatusOK, membersAnswer{Users: users, NextCursor: page.NextCursor})
	return nil
}

// patchMember changes a member's role, settings and per-map accesses, and
// answers the member as they are now.
func (s *Server) patchMember(w http.ResponseWriter, r *http.Request, a domain.Actor, cs store.ClientSummary) error {
	id, err := pathID(r, "userId")
	if err != nil {
		return err
	}
	var req accounts.MemberChange
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	req.Client, req.UserID = cs.Client, id
	if err := s.accounts.ChangeMember(r.Context(), req); err != nil {
		return err
	}
	m, err := s.accounts.Member(r.Context(), cs.ID, id)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, newMemberJSON(m))
	return nil
}

func (s *Server) removeMember(w http.ResponseWriter, r *http.Request, a domain.Actor, cs store.ClientSummary) error {
	id, err := pathID(r, "userId")
	if err != nil {
		return err
	}
	if err := s.accounts.RemoveMember(r.Context(), cs.Client, id); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}
