package api

import (
	"net/http"
	"strings"

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
	return userJSON{ID: u.ID, Email: u.Email, Name: u.Name, FirstName: u.FirstName, Surname: u.Surname, AvatarURL: u.AvatarURL, ClientRoles: roles,
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

func (s *Server) getUser(w http.ResponseWriter, r *http.Request, a domain.Actor) error {
	target, err := s.userFor(r, a)
	if err != nil {
		return err
	}
	return s.writeUser(w, r, target, "")
}

type userPatch struct {
	Name      *string `json:"name"`
	FirstName *string `json:"first_name"`
	Surname   *string `json:"surname"`
	Email     *string `json:"email"`
	// CurrentPassword is required with email.
	CurrentPassword string  `json:"current_password"`
	AvatarURL       *string `json:"avatar_url"`
	Language        *string `json:"language"`
	Preferences     *struct {
		RemovalConfirmation *bool `json:"removalConfirmation"`
	} `json:"preferences"`
}

func (s *Server) patchUser(w http.ResponseWriter, r *http.Request, a domain.Actor) error {
	target, err := s.userFor(r, a)
	if err != nil {
		return err
	}
	var p userPatch
	if err := decodeJSON(w, r, &p); err != nil {
		return err
	}
	u := target.User
	var v domain.Validation
	if p.Name != nil {
		name := strings.TrimSpace(*p.Name)
		v.Check(len([]rune(name)) <= 200, "name", "must have at most 200 characters")
		v.Check(domain.SingleLine(name), "name", domain.SingleLineReason)
		u.Name = name
	}
	for _, f := range []struct {
		field string
		src   *string
		dst   *string
	}{{"first_name", p.FirstName, &u.FirstName}, {"surname", p.Surname, &u.Surname}} {
		if f.src != nil {
			*f.dst = strings.TrimSpace(*f.src)
			v.Check(len([]rune(*f.dst)) <= 100, f.field, "must have at most 100 characters")
			v.Check(domain.SingleLine(*f.dst), f.field, domain.SingleLineReason)
		}
	}
	if p.FirstName != nil || p.Surname != nil {
		// The profile's names make the name others see.
		if full := strings.TrimSpace(u.FirstName + " " + u.Surname); full != "" {
			u.Name = full
		}
	}
	if p.Email != nil {
		// Named with the other fields; accounts.RequestEmailChange owns the rest.
		v.Check(domain.ValidEmail(domain.NormalizeEmail(*p.Email)), "email", "is not an e-mail address")
	}
	if p.AvatarURL != nil {
		if *p.AvatarURL == "" {
			u.AvatarURL = nil
		} else {
			v.Check(domain.ValidImageURL(*p.AvatarURL), "avatar_url", "must be an http(s) address or a PNG, JPEG, WebP or SVG image of at most 256 KB")
			pic := *p.AvatarURL
			u.AvatarURL = &pic
		}
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
		return err
	}
	// A new address takes effect only once proven (accounts.RequestEmailChange);
	// it is asked first, so that a wrong password changes nothing.
	pending := ""
	if p.Email != nil && domain.NormalizeEmail(*p.Email) != u.Email {
		pending, err = s.accounts.RequestEmailChange(r.Context(), accounts.EmailChange{Asker: a.User, Target: target.User,
			Email: *p.Email, CurrentPassword: p.CurrentPassword})
		if err != nil {
			return err
		}
	}
	if err := s.store.UpdateUser(r.Context(), u); err != nil {
		return err
	}
	target.User = u
	return s.writeUser(w, r, target, pending)
}

// userWithPendingJSON is a user as its own settings show it: with the
// address waiting for its proof.
type userWithPendingJSON struct {
	userJSON
	PendingEmail *string `json:"pending_email"`
}

// writeUser answers a user for its settings, with the pending address
// (looked up when pending is "").
func (s *Server) writeUser(w http.ResponseWriter, r *http.Request, target domain.Actor, pending string) error {
	if pending == "" {
		var err error
		if pending, err = s.accounts.PendingEmail(r.Context(), target.User.ID); err != nil {
			return err
		}
	}
	out := userWithPendingJSON{userJSON: newUserJSON(target)}
	if pending != "" {
		out.PendingEmail = &pending
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}
