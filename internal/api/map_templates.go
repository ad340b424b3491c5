package api

import (
	"net/http"

	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/editing"
	"github.com/strata-maps/strata/internal/store"
)

// A client's map templates (/clients/{name}/templates); the rules are
// mapcatalog's.

type mapTemplatesAnswer struct {
	Templates []templateJSON `json:"templates" nullable:"false"`
}

func (s *Server) listMapTemplates(w http.ResponseWriter, r *http.Request, a domain.Actor, cs store.ClientSummary) error {
	builtins, own, err := s.catalog.Templates(r.Context(), a, cs.Client)
	if err != nil {
		return err
	}
	out := make([]templateJSON, 0, len(builtins)+len(own))
	for _, b := range builtins {
		out = append(out, templateJSON{Key: b.Key, Builtin: true, Premium: b.Premium, Name: b.Name, Theme: b.Theme, Section: b.Section,
			Palette: b.Palette, Width: b.Width, Height: b.Height, VisibilityLevels: b.Levels, Preview: builtinPreview(b)})
	}
	for _, t := range own {
		out = append(out, templateJSON{ID: t.ID, Name: t.Name, Description: t.Description, Theme: t.Theme, Section: t.Section,
			Palette: t.Palette, Width: t.Width, Height: t.Height, VisibilityLevels: t.VisibilityLevels, CreatedBy: t.CreatedBy,
			Mine: t.Mine, Preview: newPreview(t.Map, t.Preview)})
	}
	writeJSON(w, http.StatusOK, mapTemplatesAnswer{Templates: out})
	return nil
}

// templateOf answers the client and the template id named by the path;
// any member of the client may ask, the service says who may change it.
func (s *Server) templateOf(r *http.Request, a domain.Actor) (store.ClientSummary, int64, error) {
	cs, err := s.clientFor(r, a, domain.RoleStudent)
	if err != nil {
		return cs, 0, err
	}
	id, err := pathID(r, "templateId")
	return cs, id, err
}

func (s *Server) patchMapTemplate(w http.ResponseWriter, r *http.Request, a domain.Actor) error {
	cs, id, err := s.templateOf(r, a)
	if err != nil {
		return err
	}
	// Refused before the body is read, whatever it says.
	if _, err := s.catalog.Template(r.Context(), a, cs.Client, id); err != nil {
		return err
	}
	var req editing.TemplateInfo
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	m, err := s.catalog.UpdateTemplate(r.Context(), a, cs.Client, id, req)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, newMapJSON(m))
	return nil
}

func (s *Server) deleteMapTemplate(w http.ResponseWriter, r *http.Request, a domain.Actor) error {
	cs, id, err := s.templateOf(r, a)
	if err != nil {
		return err
	}
	if err := s.catalog.DeleteTemplate(r.Context(), a, cs.Client, id); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}
