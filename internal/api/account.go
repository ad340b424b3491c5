package api

import (
	"net/http"

	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/editing"
	"github.com/strata-maps/strata/internal/store"
)

// The client's settings answer, map templates and live toggle (spec
// account-area §2–§9); the rest of the account area has a file per
// resource, and API keys are in api_keys.go.

type clientSettingsJSON struct {
	Title               string `json:"title"`
	CompanyName         string `json:"company_name"`
	LogoURL             string `json:"logo_url"`
	LoginText           string `json:"login_text"`
	CNAMEDomain         string `json:"cname_domain"`
	Subdomain           string `json:"subdomain"`
	AnalyticsPropertyID string `json:"analytics_property_id"`
	APIServerAddress    string `json:"api_server_address"`
	SupportAccess       bool   `json:"support_access"`
}

func newClientSettingsJSON(title string, cs domain.ClientSettings) clientSettingsJSON {
	return clientSettingsJSON{Title: title, CompanyName: cs.CompanyName, LogoURL: cs.LogoURL, LoginText: cs.LoginText,
		CNAMEDomain: cs.CNAMEDomain, Subdomain: cs.Subdomain, AnalyticsPropertyID: cs.AnalyticsPropertyID,
		APIServerAddress: cs.APIServerAddress, SupportAccess: cs.SupportAccess}
}

// templateJSON is a map template as the chooser lists it: a built-in one
// (id 0, key set) or one of the client's own (id set).
type templateJSON struct {
	ID               int64   `json:"id"`
	Key              string  `json:"key"`
	Builtin          bool    `json:"builtin"`
	Premium          bool    `json:"premium"`
	Name             string  `json:"name"`
	Description      string  `json:"description"`
	Theme            string  `json:"theme"`
	Section          string  `json:"section"`
	Palette          string  `json:"palette"`
	Width            int     `json:"width"`
	Height           int     `json:"height"`
	VisibilityLevels int     `json:"visibility_levels"`
	CreatedBy        *int64  `json:"created_by"`
	Mine             bool    `json:"mine"`
	Preview          preview `json:"preview"`
}

func (s *Server) listMapTemplates(w http.ResponseWriter, r *http.Request, a domain.Actor, cs store.ClientSummary) error {
	own, err := s.store.MapOverview(r.Context(), cs.ID, a.User.ID, true)
	if err != nil {
		return err
	}
	points, err := s.store.PreviewPoints(r.Context(), cs.ID, previewLimit)
	if err != nil {
		return err
	}
	out := make([]templateJSON, 0, len(editing.BuiltinTemplates)+len(own))
	for _, b := range editing.BuiltinTemplates {
		out = append(out, templateJSON{Key: b.Key, Builtin: true, Premium: b.Premium, Name: b.Name, Theme: b.Theme, Section: b.Section,
			Palette: b.Palette, Width: b.Width, Height: b.Height, VisibilityLevels: b.Levels, Preview: builtinPreview(b)})
	}
	for _, t := range own {
		out = append(out, templateJSON{ID: t.ID, Name: t.Name, Description: t.Description, Theme: t.Theme, Section: t.Section,
			Palette: t.Palette, Width: t.Width, Height: t.Height, VisibilityLevels: t.VisibilityLevels, CreatedBy: t.CreatedBy,
			Mine: t.CreatedBy != nil && *t.CreatedBy == a.User.ID, Preview: newPreview(t.Map, points[t.ID])})
	}
	writeJSON(w, http.StatusOK, map[string]any{"templates": out})
	return nil
}

var errTemplateAuthor = domain.Errorf(domain.CodeForbidden, "only its author or an admin may change this template")

// templateFor returns the client's own template named by the path, which
// the actor may change: its author, or an admin.
func (s *Server) templateFor(r *http.Request, a domain.Actor) (store.ClientSummary, domain.Map, error) {
	cs, err := s.clientFor(r, a, domain.RoleStudent)
	if err != nil {
		return cs, domain.Map{}, err
	}
	id, err := pathID(r, "templateId")
	if err != nil {
		return cs, domain.Map{}, err
	}
	m, err := s.store.MapByID(r.Context(), id)
	if err != nil || m.ClientID != cs.ID || !m.IsTemplate {
		return cs, domain.Map{}, domain.Errorf(domain.CodeNotFound, "template %d not found", id)
	}
	if !domain.MayChangeTemplate(a, cs.Name, m) {
		return cs, domain.Map{}, errTemplateAuthor
	}
	return cs, m, nil
}

func (s *Server) patchMapTemplate(w http.ResponseWriter, r *http.Request, a domain.Actor) error {
	_, m, err := s.templateFor(r, a)
	if err != nil {
		return err
	}
	var req editing.TemplateInfo
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	m, err = s.editing.UpdateTemplateInfo(r.Context(), m.ID, req)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, newMapJSON(m))
	return nil
}

func (s *Server) deleteMapTemplate(w http.ResponseWriter, r *http.Request, a domain.Actor) error {
	_, m, err := s.templateFor(r, a)
	if err != nil {
		return err
	}
	if err := s.editing.DeleteMap(r.Context(), m.ID); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// setLive sets the overview's live toggle: editors and admins only (spec
// §4: students ask an admin), within the live-map seats.
func (s *Server) setLive(w http.ResponseWriter, r *http.Request, a domain.Actor, m domain.Map) error {
	c, err := s.store.ClientByID(r.Context(), m.ClientID)
	if err != nil {
		return err
	}
	if !a.Can(c.Name, domain.RoleEditor) {
		return domain.Errorf(domain.CodeForbidden, "only editors and admins may set a map live; ask an admin")
	}
	var req struct {
		Live *bool `json:"live"`
	}
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	if req.Live == nil {
		return &domain.Error{Code: domain.CodeInvalid, Message: "live is required", Details: map[string]string{"live": "is required"}}
	}
	got, err := s.editing.SetLive(r.Context(), m.ID, editing.Creator{UserID: a.User.ID, IsAdmin: a.Can(c.Name, domain.RoleAdmin)}, *req.Live)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"id": got.ID, "live": got.Live})
	return nil
}
