package api

import (
	"net/http"

	"github.com/strata-maps/strata/internal/accounts"
	"github.com/strata-maps/strata/internal/domain"
)

// userJSON is a user as every call answers it (DESIGN.md §4).
type userJSON struct {
	ID          int64               `json:"id"`
	Email       string              `json:"email"`
	Name        string              `json:"name"`
	FirstName   string              `json:"first_name"`
	Surname     string              `json:"surname"`
	AvatarURL   *string             `json:"avatar_url" required:"true"`
	ClientRoles map[string][]string `json:"client_roles" nullable:"false"`
	IsSuperuser bool                `json:"is_superuser"`
	Language    *domain.Language    `json:"language" required:"true"`
	Preferences domain.Preferences  `json:"preferences"`
}

const apiPrefix = "/api/v1"

func clientPath(name string) string { return apiPrefix + "/clients/" + name }

func rolePath(r domain.Role) string { return apiPrefix + "/roles/" + string(r) }

func newUserJSON(a domain.Actor) userJSON {
	roles := make(map[string][]string, len(a.Roles))
	for client, rs := range a.Roles {
		paths := make([]string, len(rs))
		for i, r := range rs {
			paths[i] = rolePath(r)
		}
		roles[clientPath(client)] = paths
	}
	u := a.User
	return userJSON{ID: u.ID, Email: u.Email, Name: u.Name, FirstName: u.FirstName, Surname: u.Surname, AvatarURL: u.AvatarURL, ClientRoles: roles,
		IsSuperuser: u.IsSuperuser, Language: u.Language, Preferences: u.Preferences}
}

func (s *Server) getUser(w http.ResponseWriter, r *http.Request, a domain.Actor) error {
	id, err := pathID(r, "id")
	if err != nil {
		return err
	}
	target, err := s.accounts.User(r.Context(), a, id)
	if err != nil {
		return err
	}
	pending, err := s.accounts.PendingEmail(r.Context(), target.User.ID)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, newUserWithPendingJSON(target, pending))
	return nil
}

func (s *Server) patchUser(w http.ResponseWriter, r *http.Request, a domain.Actor) error {
	id, err := pathID(r, "id")
	if err != nil {
		return err
	}
	target, err := s.accounts.User(r.Context(), a, id)
	if err != nil {
		return err
	}
	var req accounts.ProfileChange
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	p, err := s.accounts.UpdateProfile(r.Context(), a.User, target.User, req)
	if err != nil {
		return err
	}
	target.User = p.User
	writeJSON(w, http.StatusOK, newUserWithPendingJSON(target, p.PendingEmail))
	return nil
}

// userWithPendingJSON is a user as its own settings show it: with the
// address waiting for its proof.
type userWithPendingJSON struct {
	userJSON
	PendingEmail *string `json:"pending_email" required:"true"`
}

func newUserWithPendingJSON(a domain.Actor, pending string) userWithPendingJSON {
	out := userWithPendingJSON{userJSON: newUserJSON(a)}
	if pending != "" {
		out.PendingEmail = &pending
	}
	return out
}
