package api

import (
	"net/http"
	"time"

	"github.com/strata-maps/strata/internal/accounts"
	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/store"
)

// Invitations into a client (accounts.Invite and what follows it).

type inviteRequest struct {
	Email string `json:"email" required:"true"`
	Role  string `json:"role" enum:"admin,editor,student,guest" required:"true"`
}

// invitedJSON is an invitation just sent.
type invitedJSON struct {
	Email      string      `json:"email"`
	Role       domain.Role `json:"role"`
	ExpiresAt  time.Time   `json:"expires_at"`
	HasAccount bool        `json:"has_account"`
}

type invitationsAnswer struct {
	Invitations []openInvitationJSON `json:"invitations" nullable:"false"`
}

// invite mails an invitation; nothing else changes until the invited
// address's owner accepts.
func (s *Server) invite(w http.ResponseWriter, r *http.Request, a domain.Actor, cs store.ClientSummary) error {
	var req inviteRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	inv, err := s.accounts.Invite(r.Context(), accounts.Invite{Client: cs.Client, Inviter: a.User, Email: req.Email, Role: req.Role})
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, invitedJSON{Email: inv.Email, Role: inv.Role, ExpiresAt: inv.ExpiresAt, HasAccount: inv.HasAccount})
	return nil
}

type openInvitationJSON struct {
	ID        string      `json:"id"`
	Email     string      `json:"email"`
	Role      domain.Role `json:"role"`
	ExpiresAt time.Time   `json:"expires_at"`
}

func newOpenInvitationsJSON(invs []store.Invitation) []openInvitationJSON {
	out := make([]openInvitationJSON, len(invs))
	for i, inv := range invs {
		out[i] = openInvitationJSON{ID: inv.ID, Email: inv.Email, Role: inv.Role, ExpiresAt: inv.ExpiresAt}
	}
	return out
}

// listInvitations lists the client's open invitations (admins).
func (s *Server) listInvitations(w http.ResponseWriter, r *http.Request, a domain.Actor, cs store.ClientSummary) error {
	invs, err := s.accounts.Invitations(r.Context(), cs.ID)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, invitationsAnswer{Invitations: newOpenInvitationsJSON(invs)})
	return nil
}

// revokeInvitation ends an open invitation (admins): its links stop working.
func (s *Server) revokeInvitation(w http.ResponseWriter, r *http.Request, a domain.Actor, cs store.ClientSummary) error {
	if err := s.accounts.RevokeInvitation(r.Context(), cs.ID, r.PathValue("id")); err != nil {
		return err
	}
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

// invitation shows an open invitation to the holder of its token.
func (s *Server) invitation(w http.ResponseWriter, r *http.Request) error {
	v, err := s.accounts.Invitation(r.Context(), r.PathValue("token"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, invitationJSON{Email: v.Email, ClientName: v.ClientName, ClientTitle: v.ClientTitle, Role: v.Role, HasAccount: v.HasAccount})
	return nil
}

type registerRequest struct {
	Token                string `json:"token" required:"true"`
	Password             string `json:"password" required:"true"`
	PasswordConfirmation string `json:"password_confirmation" required:"true"`
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
	Token string `json:"token" required:"true"`
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
