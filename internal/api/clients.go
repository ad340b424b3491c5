package api

import (
	"net/http"
	"time"

	"github.com/strata-maps/strata/internal/accounts"
	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/editing"
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

// clientFor is the client of the path, as the actor may reach it with the
// role (accounts.ClientFor).
func (s *Server) clientFor(r *http.Request, a domain.Actor, required domain.Role) (store.ClientSummary, error) {
	return s.accounts.ClientFor(r.Context(), a, r.PathValue("name"), required)
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

func (s *Server) listClients(w http.ResponseWriter, r *http.Request, a domain.Actor) error {
	list, err := s.accounts.Clients(r.Context(), a)
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

func (s *Server) createClient(w http.ResponseWriter, r *http.Request, a domain.Actor) error {
	var req accounts.NewClient
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	cs, err := s.accounts.CreateClient(r.Context(), a, req)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, newClientJSON(cs, a))
	return nil
}

func (s *Server) patchClient(w http.ResponseWriter, r *http.Request, a domain.Actor, cs store.ClientSummary) error {
	var req accounts.ClientChange
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	cs, err := s.accounts.UpdateClient(r.Context(), a, cs, req)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, newClientJSON(cs, a))
	return nil
}

func (s *Server) deleteClient(w http.ResponseWriter, r *http.Request, a domain.Actor, cs store.ClientSummary) error {
	if err := s.accounts.DeleteClient(r.Context(), a, cs.Client); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// preview is what a map's preview picture draws: the map's size and up to
// previewLimit of its nodes.
type preview struct {
	Width  int                   `json:"width"`
	Height int                   `json:"height"`
	Points []domain.PreviewPoint `json:"points"`
}

const previewLimit = 150

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

// listMaps is the map overview: the client's maps the user may open, each
// with its preview, the user's access, who edited it last, its live flag and
// live status.
func (s *Server) listMaps(w http.ResponseWriter, r *http.Request, a domain.Actor, cs store.ClientSummary) error {
	maps, err := s.store.MapOverview(r.Context(), cs.ID, a.User.ID, false)
	if err != nil {
		return err
	}
	points, err := s.store.PreviewPoints(r.Context(), cs.ID, previewLimit)
	if err != nil {
		return err
	}
	pubs, err := s.store.PublicationsOfClient(r.Context(), cs.ID)
	if err != nil {
		return err
	}
	out := make([]mapJSON, 0, len(maps))
	for _, m := range maps {
		acc := domain.MapAccess(a, cs.Name, m.Explicit)
		if acc == domain.AccessNone {
			continue
		}
		j := newMapJSON(m.Map)
		j.Access, j.Preview = acc, newPreview(m.Map, points[m.ID])
		if p, ok := pubs[m.ID]; ok {
			j.LiveStatus = domain.StatusOf(p, m.Revision)
		}
		if m.UpdatedBy != nil {
			j.UpdatedBy = &userRefJSON{ID: *m.UpdatedBy, Name: m.UpdatedByName}
		}
		out = append(out, j)
	}
	writeJSON(w, http.StatusOK, map[string]any{"maps": out})
	return nil
}

type newMapRequest struct {
	Name             string             `json:"name"`
	Description      string             `json:"description"`
	Measurement      domain.Measurement `json:"measurement"`
	VisibilityLevels int                `json:"visibility_levels"`
	Palette          string             `json:"palette"`
	AsTemplate       bool               `json:"as_template"`
	Theme            string             `json:"theme"`
	Section          string             `json:"section"`
	TemplateID       int64              `json:"template_id"`
	BuiltinTemplate  string             `json:"builtin_template"`
}

// createMap creates a map or a map template: blank, or from a template of
// the client or a built-in one, within the client's quota.
func (s *Server) createMap(w http.ResponseWriter, r *http.Request, a domain.Actor, cs store.ClientSummary) error {
	var req newMapRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	if !cs.Active {
		return domain.Errorf(domain.CodeConflict, "%s is deactivated", cs.Title)
	}
	if req.TemplateID != 0 && req.BuiltinTemplate != "" {
		return &domain.Error{Code: domain.CodeInvalid, Message: "choose one template",
			Details: map[string]string{"template_id": "give either template_id or builtin_template", "builtin_template": "give either template_id or builtin_template"}}
	}
	isAdmin := a.Can(cs.Name, domain.RoleAdmin)
	if b, ok := editing.BuiltinByKey(req.BuiltinTemplate); ok && b.Premium && !isAdmin {
		premium, err := s.store.HasPremiumTemplates(r.Context(), cs.ID, a.User.ID)
		if err != nil {
			return err
		}
		if !premium {
			return domain.Errorf(domain.CodeForbidden, "this is a premium template; ask an admin for premium templates")
		}
	}
	m, err := s.editing.CreateMap(r.Context(), cs.ID, editing.Creator{UserID: a.User.ID, IsAdmin: isAdmin}, editing.NewMap{
		Name: req.Name, Description: req.Description, Width: req.Measurement.Width, Height: req.Measurement.Height,
		Levels: req.VisibilityLevels, Palette: req.Palette, AsTemplate: req.AsTemplate, Theme: req.Theme, Section: req.Section,
		FromTemplate: req.TemplateID, FromBuiltin: req.BuiltinTemplate})
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, newMapJSON(m))
	return nil
}
