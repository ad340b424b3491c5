package api

import (
	"net/http"
	"strings"
	"time"

	"github.com/strata-maps/strata/internal/accounts"
	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/editing"
	"github.com/strata-maps/strata/internal/mail"
	"github.com/strata-maps/strata/internal/store"
)

type clientJSON struct {
	Name       string       `json:"name"`
	Title      string       `json:"title"`
	Active     bool         `json:"active"`
	MapsCount  int          `json:"maps_count"`
	UsersCount int          `json:"users_count"`
	Role       *domain.Role `json:"role"`
	CreatedAt  time.Time    `json:"created_at"`
}

func newClientJSON(cs store.ClientSummary, a domain.Actor) clientJSON {
	j := clientJSON{Name: cs.Name, Title: cs.Title, Active: cs.Active, MapsCount: cs.MapsCount, UsersCount: cs.UsersCount, CreatedAt: cs.CreatedAt}
	if r := domain.HighestRole(a.Roles[cs.Name]); r != "" {
		j.Role = &r
	}
	return j
}

// clientFor is the one access check for a client's calls: a client the
// actor does not belong to does not exist for them (404); a member whose
// role ranks below required is refused (403).
func (s *Server) clientFor(r *http.Request, a domain.Actor, required domain.Role) (store.ClientSummary, error) {
	name := r.PathValue("name")
	if !a.IsMember(name) {
		return store.ClientSummary{}, domain.Errorf(domain.CodeNotFound, "client %q not found", name)
	}
	cs, err := s.store.ClientSummary(r.Context(), name)
	if err != nil {
		return store.ClientSummary{}, err
	}
	if !a.Can(name, required) {
		return store.ClientSummary{}, domain.Errorf(domain.CodeForbidden, "this needs the %s role in %s", required, cs.Title)
	}
	return cs, nil
}

// clientHandler is a handler of one client's call, given the client the
// actor belongs to with the role the route needs.
type clientHandler func(w http.ResponseWriter, r *http.Request, a domain.Actor, cs store.ClientSummary) error

// onClient states the role a client's route needs, in the route table.
func (s *Server) onClient(required domain.Role, h clientHandler) http.HandlerFunc {
	return s.signedIn(func(w http.ResponseWriter, r *http.Request, a domain.Actor) error {
		cs, err := s.clientFor(r, a, required)
		if err != nil {
			return err
		}
		return h(w, r, a, cs)
	})
}

var errSuperuserOnly = domain.Errorf(domain.CodeForbidden, "only a superuser may do this")

func (s *Server) listClients(w http.ResponseWriter, r *http.Request, a domain.Actor) error {
	userID := a.User.ID
	if a.User.IsSuperuser {
		userID = 0
	}
	list, err := s.store.ClientSummaries(r.Context(), userID)
	if err != nil {
		return err
	}
	out := make([]clientJSON, len(list))
	for i, cs := range list {
		out[i] = newClientJSON(cs, a)
	}
	writeJSON(w, http.StatusOK, map[string]any{"clients": out})
	return nil
}

func validTitle(v *domain.Validation, title string) string {
	title = strings.TrimSpace(title)
	v.Check(title != "", "title", "is required")
	v.Check(len([]rune(title)) <= 200, "title", "must have at most 200 characters")
	v.Check(domain.SingleLine(title), "title", domain.SingleLineReason)
	return title
}

func (s *Server) createClient(w http.ResponseWriter, r *http.Request, a domain.Actor) error {
	if !a.User.IsSuperuser {
		return errSuperuserOnly
	}
	var req struct {
		Name  string `json:"name"`
		Title string `json:"title"`
	}
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	var v domain.Validation
	v.Check(domain.ValidClientName(req.Name), "name", "must be lower-case letters, digits and inner hyphens, at most 63")
	title := validTitle(&v, req.Title)
	if err := v.Err(); err != nil {
		return err
	}
	c, err := s.store.CreateClient(r.Context(), req.Name, title)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, newClientJSON(store.ClientSummary{Client: c}, a))
	return nil
}

func (s *Server) patchClient(w http.ResponseWriter, r *http.Request, a domain.Actor, cs store.ClientSummary) error {
	var req struct {
		Title  *string `json:"title"`
		Active *bool   `json:"active"`
	}
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	if req.Active != nil && *req.Active != cs.Active && !a.User.IsSuperuser {
		return errSuperuserOnly
	}
	var v domain.Validation
	if req.Title != nil {
		cs.Title = validTitle(&v, *req.Title)
	}
	if err := v.Err(); err != nil {
		return err
	}
	if req.Active != nil {
		cs.Active = *req.Active
	}
	if err := s.store.UpdateClient(r.Context(), cs.Client); err != nil {
		return err
	}
	s.recheckClient(r.Context(), cs.ID)
	writeJSON(w, http.StatusOK, newClientJSON(cs, a))
	return nil
}

func (s *Server) deleteClient(w http.ResponseWriter, r *http.Request, a domain.Actor, cs store.ClientSummary) error {
	if !a.User.IsSuperuser {
		return errSuperuserOnly
	}
	if cs.Active {
		return domain.Errorf(domain.CodeConflict, "deactivate %s before deleting it", cs.Title)
	}
	if err := s.store.DeleteClient(r.Context(), cs.ID); err != nil {
		return err
	}
	s.recheckClient(r.Context(), cs.ID)
	w.WriteHeader(http.StatusNoContent)
	return nil
}

func (s *Server) requestAccess(w http.ResponseWriter, r *http.Request, a domain.Actor, cs store.ClientSummary) error {
	var req struct {
		Message string `json:"message"`
		MapID   *int64 `json:"map_id"`
	}
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	msg := strings.TrimSpace(req.Message)
	if len([]rune(msg)) > 2000 {
		return &domain.Error{Code: domain.CodeInvalid, Message: "the message is too long",
			Details: map[string]string{"message": "must have at most 2000 characters"}}
	}
	if req.MapID != nil {
		// A map the user cannot see is named like one that does not exist.
		_, c, explicit, err := s.store.MapHead(r.Context(), *req.MapID, a.User.ID)
		if err != nil || c.ID != cs.ID || domain.MapAccess(a, cs.Name, explicit) == domain.AccessNone {
			return &domain.Error{Code: domain.CodeNotFound, Message: "map not found",
				Details: map[string]string{"map_id": "is not a map of this client"}}
		}
	}
	if err := s.accounts.CheckAccessRequest(r.Context(), a.User.ID); err != nil {
		return err
	}
	if err := s.store.CreateAccessRequest(r.Context(), cs.ID, a.User.ID, req.MapID, msg); err != nil {
		return err
	}
	admins, err := s.store.ClientAdmins(r.Context(), cs.ID)
	if err != nil {
		return err
	}
	// The request is stored; a mail that fails is logged, not the user's problem.
	for _, ad := range admins {
		s.sendOrLog(r, mail.AccessRequest(languageOf(ad), ad.Email, displayName(a.User), a.User.Email, cs.Title, msg, s.link(clientPagePath(cs.Name))))
	}
	w.WriteHeader(http.StatusAccepted)
	return nil
}

func clientPagePath(name string) string { return "/clients/" + name }

func displayName(u domain.User) string { return accounts.DisplayName(u) }

// invite mails an invitation; nothing else changes until the invited
// address's owner accepts (accounts.Invite).
func (s *Server) invite(w http.ResponseWriter, r *http.Request, a domain.Actor, cs store.ClientSummary) error {
	var req struct {
		Email string `json:"email"`
		Role  string `json:"role"`
	}
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	inv, err := s.accounts.Invite(r.Context(), accounts.Invite{Client: cs.Client, Inviter: a.User, Email: req.Email, Role: req.Role})
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, map[string]any{"email": inv.Email, "role": inv.Role, "expires_at": inv.ExpiresAt, "has_account": inv.HasAccount})
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
	writeJSON(w, http.StatusOK, map[string]any{"invitations": newOpenInvitationsJSON(invs)})
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

// sendOrLog sends a notification whose failure must not undo what it reports.
func (s *Server) sendOrLog(r *http.Request, m mail.Message) {
	if err := s.mail.Send(r.Context(), m); err != nil {
		s.log.ErrorContext(r.Context(), "mail", "to", m.To, "subject", m.Subject, "err", err)
	}
}

// preview is what a map's preview picture draws: the map's size and up to
// mapcatalog.PreviewLimit of its nodes.
type preview struct {
	Width  int                   `json:"width"`
	Height int                   `json:"height"`
	Points []domain.PreviewPoint `json:"points"`
}

func newPreview(m domain.Map, points []domain.PreviewPoint) preview {
	if points == nil {
		points = []domain.PreviewPoint{}
	}
	return preview{Width: m.Width, Height: m.Height, Points: points}
}

func builtinPreview(b editing.BuiltinTemplate) preview {
	p := preview{Width: b.Width, Height: b.Height, Points: []domain.PreviewPoint{}}
	for _, n := range b.Nodes {
		p.Points = append(p.Points, domain.PreviewPoint{X: n.X, Y: n.Y, Shape: n.Shape})
	}
	return p
}

type userRefJSON struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// mapJSON is a map as the overview lists it.
type mapJSON struct {
	ID               int64              `json:"id"`
	Name             string             `json:"name"`
	Description      string             `json:"description"`
	Revision         int64              `json:"revision"`
	UpdatedAt        time.Time          `json:"updated_at"`
	UpdatedBy        *userRefJSON       `json:"updated_by"`
	Access           domain.Access      `json:"access"`
	Live             bool               `json:"live"`
	LiveStatus       domain.LiveStatus  `json:"live_status"`
	IsTemplate       bool               `json:"is_template"`
	Theme            string             `json:"theme"`
	Section          string             `json:"section"`
	Palette          string             `json:"palette"`
	Measurement      domain.Measurement `json:"measurement"`
	VisibilityLevels int                `json:"visibility_levels"`
	CreatedBy        *int64             `json:"created_by"`
	Preview          preview            `json:"preview"`
}

func newMapJSON(m domain.Map) mapJSON {
	return mapJSON{ID: m.ID, Name: m.Name, Description: m.Description, Revision: m.Revision, UpdatedAt: m.UpdatedAt,
		Access: domain.AccessEdit, Live: m.Live, LiveStatus: domain.StatusNotPublished, IsTemplate: m.IsTemplate, Theme: m.Theme, Section: m.Section, Palette: m.Palette,
		Measurement: domain.Measurement{Width: m.Width, Height: m.Height}, VisibilityLevels: m.VisibilityLevels,
		CreatedBy: m.CreatedBy, Preview: newPreview(m, nil)}
}
