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
	Role       *domain.Role `json:"role" required:"true"`
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

type clientsAnswer struct {
	Clients []clientJSON `json:"clients" nullable:"false"`
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
	writeJSON(w, http.StatusOK, clientsAnswer{Clients: out})
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
// mapcatalog.PreviewLimit of its nodes.
type preview struct {
	Width  int                   `json:"width"`
	Height int                   `json:"height"`
	Points []domain.PreviewPoint `json:"points" nullable:"false"`
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
	UpdatedBy        *userRefJSON       `json:"updated_by" required:"true"`
	Access           domain.Access      `json:"access"`
	Live             bool               `json:"live"`
	LiveStatus       domain.LiveStatus  `json:"live_status"`
	IsTemplate       bool               `json:"is_template"`
	Theme            string             `json:"theme"`
	Section          string             `json:"section"`
	Palette          string             `json:"palette"`
	Measurement      domain.Measurement `json:"measurement"`
	VisibilityLevels int                `json:"visibility_levels"`
	CreatedBy        *int64             `json:"created_by" required:"true"`
	Preview          preview            `json:"preview"`
}

func newMapJSON(m domain.Map) mapJSON {
	return mapJSON{ID: m.ID, Name: m.Name, Description: m.Description, Revision: m.Revision, UpdatedAt: m.UpdatedAt,
		Access: domain.AccessEdit, Live: m.Live, LiveStatus: domain.StatusNotPublished, IsTemplate: m.IsTemplate, Theme: m.Theme, Section: m.Section, Palette: m.Palette,
		Measurement: domain.Measurement{Width: m.Width, Height: m.Height}, VisibilityLevels: m.VisibilityLevels,
		CreatedBy: m.CreatedBy, Preview: newPreview(m, nil)}
}
