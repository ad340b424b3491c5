package api

import (
	"net/http"
	"strings"

	"github.com/strata-maps/strata/internal/domain"
)

// userJSON is a user as every call answers it (DESIGN.md §4).
type userJSON struct {
	ID          int64               `json:"id"`
	Email       string              `json:"email"`
	Name        string              `json:"name"`
	AvatarURL   *string             `json:"avatar_url"`
	ClientRoles map[string][]string `json:"client_roles"`
	IsSuperuser bool                `json:"is_superuser"`
	Language    *domain.Language    `json:"language"`
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
	return userJSON{ID: u.ID, Email: u.Email, Name: u.Name, AvatarURL: u.AvatarURL, ClientRoles: roles,
		IsSuperuser: u.IsSuperuser, Language: u.Language, Preferences: u.Preferences}
}

// userFor returns the user with the path's id if the actor may see it: only
// oneself, or anyone for a superuser. Others do not exist for the asker.
func (s *Server) userFor(r *http.Request, a domain.Actor) (domain.Actor, error) {
	id, err := pathID(r, "id")
	if err != nil {
		return domain.Actor{}, err
	}
	if id == a.User.ID {
		return a, nil
	}
	if !a.User.IsSuperuser {
		return domain.Actor{}, domain.Errorf(domain.CodeNotFound, "user %d not found", id)
	}
	u, err := s.store.UserByID(r.Context(), id)
	if err != nil {
		return domain.Actor{}, err
	}
	return s.actorOf(r.Context(), u)
}

func (s *Server) getUser(w http.ResponseWriter, r *http.Request, a domain.Actor) {
	target, err := s.userFor(r, a)
	if err != nil {
		writeError(w, r, s.log, err)
		return
	}
	writeJSON(w, http.StatusOK, newUserJSON(target))
}

type userPatch struct {
	Name        *string `json:"name"`
	Language    *string `json:"language"`
	Preferences *struct {
		RemovalConfirmation *bool `json:"removalConfirmation"`
	} `json:"preferences"`
}

func (s *Server) patchUser(w http.ResponseWriter, r *http.Request, a domain.Actor) {
	target, err := s.userFor(r, a)
	if err != nil {
		writeError(w, r, s.log, err)
		return
	}
	var p userPatch
	if err := decodeJSON(w, r, &p); err != nil {
		writeError(w, r, s.log, err)
		return
	}
	u := target.User
	var v domain.Validation
	if p.Name != nil {
		name := strings.TrimSpace(*p.Name)
		v.Check(len([]rune(name)) <= 200, "name", "must have at most 200 characters")
		u.Name = name
	}
	if p.Language != nil {
		l := domain.Language(*p.Language)
		v.Check(l.Valid(), "language", "must be en, de or fr")
		u.Language = &l
	}
	if p.Preferences != nil && p.Preferences.RemovalConfirmation != nil {
		u.Preferences.RemovalConfirmation = *p.Preferences.RemovalConfirmation
	}
	if err := v.Err(); err != nil {
		writeError(w, r, s.log, err)
		return
	}
	if err := s.store.UpdateUser(r.Context(), u); err != nil {
		writeError(w, r, s.log, err)
		return
	}
	target.User = u
	writeJSON(w, http.StatusOK, newUserJSON(target))
}
