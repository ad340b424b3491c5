package api

import (
	"net/http"
	"strconv"
	"time"

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

// membersAnswer is User management's list: members, open invitations and
// registered readers.
type membersAnswer struct {
	Users       []memberJSON         `json:"users" nullable:"false"`
	Invitations []openInvitationJSON `json:"invitations" nullable:"false"`
	Readers     []readerJSON         `json:"readers" nullable:"false"`
}

type readerJSON struct {
	ID    int64     `json:"id"`
	Email string    `json:"email"`
	Name  string    `json:"name"`
	Since time.Time `json:"since"`
}

func (s *Server) listMembers(w http.ResponseWriter, r *http.Request, a domain.Actor, cs store.ClientSummary) error {
	ms, err := s.accounts.Members(r.Context(), cs.ID)
	if err != nil {
		return err
	}
	users := make([]memberJSON, len(ms.Users))
	for i, m := range ms.Users {
		acc := make(map[string]domain.Access, len(m.MapAccess))
		for id, x := range m.MapAccess {
			acc[strconv.FormatInt(id, 10)] = x
		}
		users[i] = memberJSON{ID: m.User.ID, Email: m.User.Email, Name: m.User.Name, Role: m.Role,
			PremiumTemplates: m.PremiumTemplates, SupportAccessConsent: m.SupportAccessConsent, MapAccess: acc}
	}
	readers := make([]readerJSON, len(ms.Readers))
	for i, rd := range ms.Readers {
		readers[i] = readerJSON{ID: rd.User.ID, Email: rd.User.Email, Name: rd.User.Name, Since: rd.Since}
	}
	writeJSON(w, http.StatusOK, membersAnswer{Users: users, Invitations: newOpenInvitationsJSON(ms.Invitations), Readers: readers})
	return nil
}

// patchMember changes a member's role, settings and per-map accesses, and
// answers the user management anew.
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
	return s.listMembers(w, r, a, cs)
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
