package editing

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/store"
)

// NewMap is what creating a map (or a map template) takes.
type NewMap struct {
	Name        string
	Description string
	// Width, Height and Levels of 0 take the template's when there is one.
	Width, Height, Levels int
	Palette               string
	// AsTemplate creates a map template, with its Theme and Section.
	AsTemplate     bool
	Theme, Section string
	// FromTemplate is a map template of the client whose whole document
	// the new map copies (0 for none); FromBuiltin a built-in template's key.
	FromTemplate int64
	FromBuiltin  string
}

// Creator is who creates: the user, and whether they are the client's
// admin (the live-map quota's message differs).
type Creator struct {
	UserID  int64
	IsAdmin bool
}

func quotaKindOf(asTemplate bool) domain.QuotaKind {
	if asTemplate {
		return domain.QuotaTemplate
	}
	return domain.QuotaMap
}

// CreateMap creates a map of a client: blank, or copying a template of the
// client or a built-in one. The quota of maps (or templates) is checked in
// the same transaction, so that a refused creation writes nothing.
func (s *Service) CreateMap(ctx context.Context, clientID int64, by Creator, nm NewMap) (domain.Map, error) {
	var created domain.Map
	err := s.store.Tx(ctx, func(tx *store.Store) error {
		var (
			source  *domain.Map
			builtin *BuiltinTemplate
		)
		switch {
		case nm.FromTemplate != 0:
			t, err := tx.MapByID(ctx, nm.FromTemplate)
			if err != nil || t.ClientID != clientID || !t.IsTemplate {
				return &domain.Error{Code: domain.CodeNotFound, Message: fmt.Sprintf("template %d not found", nm.FromTemplate),
					Problems: domain.Problems{"template_id": domain.NotFound(nm.FromTemplate).Saying("is not a template of this client")}}
			}
			source = &t
		case nm.FromBuiltin != "":
			b, ok := BuiltinByKey(nm.FromBuiltin)
			if !ok {
				return &domain.Error{Code: domain.CodeNotFound, Message: fmt.Sprintf("built-in template %q not found", nm.FromBuiltin),
					Problems: domain.Problems{"builtin_template": domain.NotFound(0).Saying("is not a built-in template")}}
			}
			builtin = &b
		}
		m := domain.NewMap(clientID, strings.TrimSpace(nm.Name), nm.Description, nm.Width, nm.Height, nm.Levels)
		minLevels := 0
		switch {
		case source != nil:
			// The template's whole document: settings, global design and layers too.
			m = *source
			m.Name, m.Description = strings.TrimSpace(nm.Name), nm.Description
			minLevels = source.VisibilityLevels
		case builtin != nil:
			m = builtin.newMap(clientID)
			m.Name, m.Description = strings.TrimSpace(nm.Name), nm.Description
			minLevels = m.VisibilityLevels
		}
		if nm.Width != 0 {
			m.Width = nm.Width
		}
		if nm.Height != 0 {
			m.Height = nm.Height
		}
		if nm.Levels != 0 {
			m.VisibilityLevels = nm.Levels
		}
		m.Layers = domain.Layers(m.Layers, m.VisibilityLevels)
		if nm.Palette != "" {
			m.Palette = nm.Palette
		}
		m.IsTemplate, m.Theme, m.Section, m.Live = nm.AsTemplate, nm.Theme, nm.Section, false
		if !nm.AsTemplate {
			m.Theme = ""
		}
		uid := by.UserID
		m.CreatedBy = &uid
		if err := validateNewMap(m, minLevels); err != nil {
			return err
		}
		if err := tx.RequireQuota(ctx, clientID, quotaKindOf(nm.AsTemplate), by.IsAdmin); err != nil {
			return err
		}
		var err error
		if created, err = tx.CreateMap(ctx, m); err != nil {
			return err
		}
		switch {
		case source != nil:
			return copyDocument(ctx, tx, source.ID, created.ID)
		case builtin != nil:
			return builtin.insert(ctx, tx, created.ID)
		}
		return nil
	})
	return created, err
}

// validateNewMap checks a map about to be created; a copied document needs
// at least the levels its source has.
func validateNewMap(m domain.Map, minLevels int) error {
	var v domain.Validation
	checkMapFields(&v, "", m.Name, m.Description, m.Width, m.Height, m.VisibilityLevels)
	if minLevels > 0 && m.VisibilityLevels < minLevels {
		v.Add("visibility_levels", domain.TooSmall(minLevels).Saying(fmt.Sprintf("must be at least %d, the template's levels", minLevels)))
	}
	checkTemplateFields(&v, m)
	return v.Err()
}

func checkTemplateFields(v *domain.Validation, m domain.Map) {
	v.Check(domain.ValidPalette(m.Palette), "palette", domain.Invalid("palette").Saying("must be one of the palettes"))
	v.Check(len([]rune(m.Section)) <= 100, "section", domain.TooLong(100))
	if m.IsTemplate {
		v.Check(domain.ValidTheme(m.Theme), "theme", domain.NotAllowed(domain.TemplateThemes...))
	}
}

// CloneMap copies a map with everything on it into a new map of the same
// client, at revision 0; ids are new, links between them kept. With
// asTemplate the copy is a map template of the theme and section. The
// quota of maps (or templates) is checked in the same transaction.
func (s *Service) CloneMap(ctx context.Context, mapID int64, by Creator, name string, asTemplate bool, theme, section string) (domain.Map, error) {
	var clone domain.Map
	err := s.store.Tx(ctx, func(tx *store.Store) error {
		m, err := tx.MapForUpdate(ctx, mapID)
		if err != nil {
			return err
		}
		if name = strings.TrimSpace(name); name == "" {
			name = m.Name + " (copy)"
		}
		c := m
		c.Name, c.IsTemplate, c.Live = name, asTemplate, false
		uid := by.UserID
		c.CreatedBy = &uid
		if asTemplate {
			c.Theme, c.Section = theme, section
		} else {
			c.Theme = ""
		}
		if err := validateNewMap(c, 0); err != nil {
			return err
		}
		if err := tx.RequireQuota(ctx, m.ClientID, quotaKindOf(asTemplate), by.IsAdmin); err != nil {
			return err
		}
		if clone, err = tx.CreateMap(ctx, c); err != nil {
			return err
		}
		return copyDocument(ctx, tx, m.ID, clone.ID)
	})
	return clone, err
}

// TemplateInfo is a change to a map template's descriptive fields.
type TemplateInfo struct {
	Name        *string `json:"name"`
	Description *string `json:"description"`
	Theme       *string `json:"theme"`
	Section     *string `json:"section"`
	Palette     *string `json:"palette"`
}

// UpdateTemplateInfo changes a map template's name, description, theme,
// section and palette.
func (s *Service) UpdateTemplateInfo(ctx context.Context, mapID int64, p TemplateInfo) (domain.Map, error) {
	var m domain.Map
	err := s.store.Tx(ctx, func(tx *store.Store) error {
		var err error
		if m, err = tx.MapForUpdate(ctx, mapID); err != nil {
			return err
		}
		if !m.IsTemplate {
			return domain.Errorf(domain.CodeNotFound, "template %d not found", mapID)
		}
		for _, f := range []struct {
			src *string
			dst *string
		}{{p.Name, &m.Name}, {p.Description, &m.Description}, {p.Theme, &m.Theme}, {p.Section, &m.Section}, {p.Palette, &m.Palette}} {
			if f.src != nil {
				*f.dst = *f.src
			}
		}
		m.Name = strings.TrimSpace(m.Name)
		if err := validateNewMap(m, 0); err != nil {
			return err
		}
		return tx.UpdateTemplateInfo(ctx, m)
	})
	return m, err
}

// copyDocument copies templates, nodes and edges from one map to another,
// renumbering every reference.
func copyDocument(ctx context.Context, tx *store.Store, from, to int64) error {
	if err := tx.CopySections(ctx, from, to); err != nil {
		return err
	}
	templates, err := tx.TemplatesOfMap(ctx, from)
	if err != nil {
		return err
	}
	templateIDs := map[string]string{domain.NoTemplate: domain.NoTemplate}
	for _, t := range templates {
		old := strconv.FormatInt(t.ID, 10)
		if t, err = tx.InsertTemplate(ctx, to, t); err != nil {
			return err
		}
		templateIDs[old] = strconv.FormatInt(t.ID, 10)
	}
	retemplate := func(ref string, d domain.Design) string {
		ref, ok := templateIDs[ref]
		if !ok {
			ref = domain.NoTemplate
		}
		d["object_template"] = ref
		return ref
	}
	nodes, err := tx.NodesOfMap(ctx, from)
	if err != nil {
		return err
	}
	nodeIDs := map[int64]int64{}
	inserted := make([]domain.Node, len(nodes))
	for i, n := range nodes {
		old := n.ID
		n.Template = retemplate(n.Template, n.Design)
		next, prev := n.NextID, n.PreviousID
		n.NextID, n.PreviousID = nil, nil
		if n, err = tx.InsertNode(ctx, to, n); err != nil {
			return err
		}
		n.NextID, n.PreviousID = next, prev
		nodeIDs[old] = n.ID
		inserted[i] = n
	}
	for _, n := range inserted { // navigation, now that every id is known
		if n.NextID == nil && n.PreviousID == nil {
			continue
		}
		n.NextID, n.PreviousID = remap(n.NextID, nodeIDs), remap(n.PreviousID, nodeIDs)
		if err := tx.UpdateNode(ctx, to, n); err != nil {
			return err
		}
	}
	edges, err := tx.EdgesOfMap(ctx, from)
	if err != nil {
		return err
	}
	for _, e := range edges {
		e.Node = domain.EdgeEnds{FromID: nodeIDs[e.Node.FromID], ToID: nodeIDs[e.Node.ToID]}
		e.Template = retemplate(e.Template, e.Design)
		if _, err := tx.InsertEdge(ctx, to, e); err != nil {
			return err
		}
	}
	return renumberTOC(ctx, tx, to, nodeIDs)
}

// renumberTOC points a copied table of contents at the copy's nodes.
func renumberTOC(ctx context.Context, tx *store.Store, mapID int64, nodeIDs map[int64]int64) error {
	data, err := tx.Section(ctx, mapID, domain.SectionTOC)
	if err != nil || data == nil {
		return err
	}
	var toc domain.TOC
	if err := json.Unmarshal(data, &toc); err != nil {
		return fmt.Errorf("table of contents of map %d: %w", mapID, err)
	}
	for i := range toc.Entries {
		toc.Entries[i].NodeID = nodeIDs[toc.Entries[i].NodeID] // 0 for a node gone meanwhile: readers never see it
	}
	if data, err = json.Marshal(toc); err != nil {
		return fmt.Errorf("table of contents of map %d: %w", mapID, err)
	}
	return tx.PutSection(ctx, mapID, domain.SectionTOC, data)
}

func remap(id *int64, ids map[int64]int64) *int64 {
	if id == nil {
		return nil
	}
	if n, ok := ids[*id]; ok {
		return &n
	}
	return nil
}

// DeleteMap removes a map and everything on it.
func (s *Service) DeleteMap(ctx context.Context, mapID int64) error {
	return s.store.DeleteMap(ctx, mapID)
}
