package mapcatalog

import (
	"context"

	"github.com/strata-maps/strata/internal/access"
	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/editing"
	"github.com/strata-maps/strata/internal/store"
)

// Template is one of the client's own map templates, as the asking user
// sees it.
type Template struct {
	store.OverviewMap
	Mine    bool // the asking user made it
	Preview []domain.PreviewPoint
}

// Templates lists the built-in templates and the client's own.
func (s *Service) Templates(ctx context.Context, a domain.Actor, c domain.Client) ([]editing.BuiltinTemplate, []Template, error) {
	own, err := s.store.MapTemplates(ctx, c.ID, a.User.ID)
	if err != nil {
		return nil, nil, err
	}
	points, err := s.store.PreviewPoints(ctx, c.ID, PreviewLimit)
	if err != nil {
		return nil, nil, err
	}
	out := make([]Template, len(own))
	for i, t := range own {
		out[i] = Template{OverviewMap: t, Mine: t.CreatedBy != nil && *t.CreatedBy == a.User.ID, Preview: points[t.ID]}
	}
	return editing.BuiltinTemplates, out, nil
}

// ErrTemplateAuthor refuses a change to a template by one who may not
// change it (the access rule's own error).
var ErrTemplateAuthor = access.ErrTemplateAuthor

// Template returns the client's own template id, which the actor may
// change: its author, or an admin.
func (s *Service) Template(ctx context.Context, a domain.Actor, c domain.Client, id int64) (domain.Map, error) {
	m, err := s.store.MapByID(ctx, id)
	if err != nil || m.ClientID != c.ID || !m.IsTemplate {
		return domain.Map{}, domain.Errorf(domain.CodeNotFound, "template %d not found", id)
	}
	if !domain.MayChangeTemplate(a, c.Name, m) {
		return domain.Map{}, ErrTemplateAuthor
	}
	return m, nil
}

// UpdateTemplate changes a template's name, description, theme, section
// and palette.
func (s *Service) UpdateTemplate(ctx context.Context, a domain.Actor, c domain.Client, id int64, in editing.TemplateInfo) (domain.Map, error) {
	m, err := s.Template(ctx, a, c, id)
	if err != nil {
		return domain.Map{}, err
	}
	return s.editing.UpdateTemplateInfo(ctx, m.ID, in)
}

// DeleteTemplate deletes a template.
func (s *Service) DeleteTemplate(ctx context.Context, a domain.Actor, c domain.Client, id int64) error {
	m, err := s.Template(ctx, a, c, id)
	if err != nil {
		return err
	}
	return s.editing.DeleteMap(ctx, m.ID)
}
