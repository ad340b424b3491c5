package api

import (
	"net/http"

	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/editing"
	"github.com/strata-maps/strata/internal/store"
)

// A client's maps (GET/POST /clients/{name}/maps): the map overview and
// map creation; the rules are mapcatalog's.

// mapsAnswer is a page of the map overview; next_cursor asks for the next
// one, null on the last.
type mapsAnswer struct {
	Maps       []mapJSON `json:"maps" nullable:"false"`
	NextCursor *string   `json:"next_cursor" required:"true"`
}

// listMaps is the map overview, a page at a time.
func (s *Server) listMaps(w http.ResponseWriter, r *http.Request, a domain.Actor, cs store.ClientSummary) error {
	q, err := readPage(r)
	if err != nil {
		return err
	}
	page, err := s.catalog.Overview(r.Context(), a, cs.Client, q)
	if err != nil {
		return err
	}
	out := make([]mapJSON, len(page.Entries))
	for i, e := range page.Entries {
		j := newMapJSON(e.Map)
		j.Access, j.Preview, j.LiveStatus = e.Access, newPreview(e.Map, e.Preview), e.LiveStatus
		if e.UpdatedBy != nil {
			j.UpdatedBy = &userRefJSON{ID: *e.UpdatedBy, Name: e.UpdatedByName}
		}
		out[i] = j
	}
	writeJSON(w, http.StatusOK, mapsAnswer{Maps: out, NextCursor: page.NextCursor})
	return nil
}

type newMapRequest struct {
	Name             string             `json:"name" required:"true"`
	Description      string             `json:"description,omitempty"`
	Measurement      domain.Measurement `json:"measurement,omitempty"`
	VisibilityLevels int                `json:"visibility_levels,omitempty"`
	Palette          string             `json:"palette,omitempty"`
	AsTemplate       bool               `json:"as_template,omitempty"`
	Theme            string             `json:"theme,omitempty"`
	Section          string             `json:"section,omitempty"`
	TemplateID       int64              `json:"template_id,omitempty"`
	BuiltinTemplate  string             `json:"builtin_template,omitempty"`
}

// createMap creates a map or a map template.
func (s *Server) createMap(w http.ResponseWriter, r *http.Request, a domain.Actor, cs store.ClientSummary) error {
	var req newMapRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	m, err := s.catalog.Create(r.Context(), a, cs.Client, editing.NewMap{
		Name: req.Name, Description: req.Description, Width: req.Measurement.Width, Height: req.Measurement.Height,
		Levels: req.VisibilityLevels, Palette: req.Palette, AsTemplate: req.AsTemplate, Theme: req.Theme, Section: req.Section,
		FromTemplate: req.TemplateID, FromBuiltin: req.BuiltinTemplate})
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, newMapJSON(m))
	return nil
}
