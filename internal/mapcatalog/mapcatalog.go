// Package mapcatalog keeps a client's maps as the account area shows them:
// the map overview, creating a map (blank or from a template), cloning and
// deleting one, and the client's map templates. What happens inside a map
// is editing's; this package decides who may do what with whole maps.
package mapcatalog

import (
	"context"
	"fmt"

	"github.com/strata-maps/strata/internal/access"
	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/editing"
	"github.com/strata-maps/strata/internal/store"
)

// PreviewLimit is how many nodes of each map its preview picture draws.
const PreviewLimit = 150

// Service applies the rules of a client's maps.
type Service struct {
	store   *store.Store
	editing *editing.Service
}

// New returns the service.
func New(st *store.Store, ed *editing.Service) *Service {
	return &Service{store: st, editing: ed}
}

// Entry is a map of the overview, as the asking user sees it.
type Entry struct {
	store.OverviewMap
	Access     domain.Access
	LiveStatus domain.LiveStatus
	Preview    []domain.PreviewPoint
}

// OverviewPage is a page of the overview; NextCursor asks for the next
// one, nil on the last.
type OverviewPage struct {
	Entries    []Entry
	NextCursor *string
}

// Overview answers a page of the client's maps the actor may open, newest
// first, each with the actor's access and its live status.
func (s *Service) Overview(ctx context.Context, a domain.Actor, c domain.Client, q domain.PageQuery) (OverviewPage, error) {
	p, err := q.Read(fmt.Sprintf("maps:%d", c.ID))
	if err != nil {
		return OverviewPage{}, err
	}
	maps, err := s.store.MapOverview(ctx, c.ID, access.Reach(a), p)
	if err != nil {
		return OverviewPage{}, err
	}
	maps, next := domain.Cut(p, maps, func(m store.OverviewMap) domain.Key { return domain.Key{ID: m.ID} })
	points, err := s.store.PreviewPoints(ctx, c.ID, PreviewLimit)
	if err != nil {
		return OverviewPage{}, err
	}
	pubs, err := s.store.PublicationsOfClient(ctx, c.ID)
	if err != nil {
		return OverviewPage{}, err
	}
	out := OverviewPage{Entries: make([]Entry, 0, len(maps)), NextCursor: next}
	for _, m := range maps {
		// The store left out the maps an explicit "none" hides; this holds
		// the rest to the one rule of access.
		d := access.Decide(a, c, m.Map, m.Explicit)
		if d.Access() == domain.AccessNone {
			continue
		}
		e := Entry{OverviewMap: m, Access: d.Access(), LiveStatus: domain.StatusNotPublished, Preview: points[m.ID]}
		if p, ok := pubs[m.ID]; ok {
			e.LiveStatus = domain.StatusOf(p, m.Revision)
		}
		out.Entries = append(out.Entries, e)
	}
	return out, nil
}

// Create creates a map or a map template: blank, or from a template of
// the client or a built-in one, within the client's quota. A premium
// built-in template is for admins and those they gave premium templates.
func (s *Service) Create(ctx context.Context, a domain.Actor, c domain.Client, nm editing.NewMap) (domain.Map, error) {
	if !c.Active {
		return domain.Map{}, domain.Errorf(domain.CodeConflict, "%s is deactivated", c.Title)
	}
	if nm.FromTemplate != 0 && nm.FromBuiltin != "" {
		return domain.Map{}, &domain.Error{Code: domain.CodeInvalid, Message: "choose one template",
			Problems: domain.Problems{
				"template_id":      domain.Exclusive("builtin_template").Saying("give either template_id or builtin_template"),
				"builtin_template": domain.Exclusive("template_id").Saying("give either template_id or builtin_template")}}
	}
	isAdmin := a.Can(c.Name, domain.RoleAdmin)
	if b, ok := editing.BuiltinByKey(nm.FromBuiltin); ok && b.Premium && !isAdmin {
		premium, err := s.store.HasPremiumTemplates(ctx, c.ID, a.User.ID)
		if err != nil {
			return domain.Map{}, err
		}
		if !premium {
			return domain.Map{}, domain.Errorf(domain.CodeForbidden, "this is a premium template; ask an admin for premium templates")
		}
	}
	return s.editing.CreateMap(ctx, c.ID, editing.Creator{UserID: a.User.ID, IsAdmin: isAdmin}, nm)
}

// Clone asks for a copy of a map.
type Clone struct {
	Name           string
	AsTemplate     bool
	Theme, Section string
}

// Clone copies a map the actor may edit, as a map or as a map template,
// within the client's quota.
func (s *Service) Clone(ctx context.Context, a domain.Actor, m domain.Map, in Clone) (domain.Map, error) {
	c, err := s.store.ClientByID(ctx, m.ClientID)
	if err != nil {
		return domain.Map{}, err
	}
	// A copy is a new map: creating one needs the student role, also for
	// a guest an admin raised to edit this one.
	if !a.Can(c.Name, domain.RoleStudent) {
		return domain.Map{}, domain.Errorf(domain.CodeForbidden, "making a map needs at least the student role; ask an admin")
	}
	by := editing.Creator{UserID: a.User.ID, IsAdmin: a.Can(c.Name, domain.RoleAdmin)}
	return s.editing.CloneMap(ctx, m.ID, by, in.Name, in.AsTemplate, in.Theme, in.Section)
}

// Delete deletes a map the actor may edit: editors and admins only.
func (s *Service) Delete(ctx context.Context, a domain.Actor, m domain.Map) error {
	c, err := s.store.ClientByID(ctx, m.ClientID)
	if err != nil {
		return err
	}
	if !a.Can(c.Name, domain.RoleEditor) {
		return domain.Errorf(domain.CodeForbidden, "deleting a map needs the editor role")
	}
	return s.editing.DeleteMap(ctx, m.ID)
}
