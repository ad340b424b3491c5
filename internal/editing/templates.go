package editing

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"

	"github.com/strata-maps/strata/internal/domain"
)

// NewTemplate is the body of template creation: a name and a type, and
// either a design or an object to take it from.
type NewTemplate struct {
	Name       string                     `json:"name"`
	Type       string                     `json:"type"`
	Design     map[string]json.RawMessage `json:"design"`
	FromNodeID *int64                     `json:"from_node_id"`
	FromEdgeID *int64                     `json:"from_edge_id"`
}

// TemplatePatch renames a template or changes its design.
type TemplatePatch struct {
	Name   *string                    `json:"name"`
	Design map[string]json.RawMessage `json:"design"`
}

func checkTemplateName(v *domain.Validation, name string) {
	v.Check(strings.TrimSpace(name) != "", "name", domain.Required())
	v.Check(len([]rune(name)) <= 100, "name", domain.TooLong(100))
}

// CreateTemplate adds an object template; made from an object, it takes
// that object's values and the object follows it with its overrides cleared.
func (s *Service) CreateTemplate(ctx context.Context, mapID, userID int64, req NewTemplate) (domain.ObjectTemplate, Result, error) {
	var created domain.ObjectTemplate
	res, err := s.run(ctx, mapID, userID, func(e *edit) error {
		var v domain.Validation
		checkTemplateName(&v, req.Name)
		v.Check(req.Type == domain.TemplateNode || req.Type == domain.TemplateEdge, "type", domain.NotAllowed(domain.TemplateNode, domain.TemplateEdge))
		v.Check(req.FromNodeID == nil || req.Type == domain.TemplateNode, "from_node_id", domain.Rule("goes with type node"))
		v.Check(req.FromEdgeID == nil || req.Type == domain.TemplateEdge, "from_edge_id", domain.Rule("goes with type edge"))
		if err := v.Err(); err != nil {
			return err
		}
		t := domain.ObjectTemplate{Name: strings.TrimSpace(req.Name), Type: req.Type}
		t.Design = t.Fields().Blank()
		var delta Delta
		switch {
		case req.FromNodeID != nil:
			nodes, err := e.nodes([]int64{*req.FromNodeID}, named("from_node_id"))
			if err != nil {
				return err
			}
			n := nodes[*req.FromNodeID]
			followed, err := e.template(n.Template, domain.TemplateNode, "from_node_id")
			if err != nil {
				return err
			}
			t.Design = domain.TemplateFromObject(n.Design, designOf(followed))
			if created, err = e.tx.InsertTemplate(e.ctx, e.m.ID, t); err != nil {
				return err
			}
			n.Template = strconv.FormatInt(created.ID, 10)
			n.Design["object_template"] = n.Template
			domain.RestoreTemplate(n.Design)
			if err := e.tx.UpdateNode(e.ctx, e.m.ID, n); err != nil {
				return err
			}
			delta.Nodes = []domain.Node{n}
		case req.FromEdgeID != nil:
			edges, err := e.edges([]int64{*req.FromEdgeID}, named("from_edge_id"))
			if err != nil {
				return err
			}
			ed := edges[*req.FromEdgeID]
			followed, err := e.template(ed.Template, domain.TemplateEdge, "from_edge_id")
			if err != nil {
				return err
			}
			t.Design = domain.TemplateFromObject(ed.Design, designOf(followed))
			if created, err = e.tx.InsertTemplate(e.ctx, e.m.ID, t); err != nil {
				return err
			}
			ed.Template = strconv.FormatInt(created.ID, 10)
			ed.Design["object_template"] = ed.Template
			domain.RestoreTemplate(ed.Design)
			if err := e.tx.UpdateEdge(e.ctx, e.m.ID, ed); err != nil {
				return err
			}
			delta.Edges = []domain.Edge{ed}
		default:
			t.Fields().Apply(t.Design, req.Design, "design.", &v)
			media := mediaRefs{}
			media.addRaw(req.Design["media"], "design.media")
			if err := media.check(e, &v); err != nil {
				return err
			}
			if err := v.Err(); err != nil {
				return err
			}
			delete(t.Design, "object_template")
			var err error
			if created, err = e.tx.InsertTemplate(e.ctx, e.m.ID, t); err != nil {
				return err
			}
		}
		delta.Templates = []domain.ObjectTemplate{created}
		return e.record(TypeObjectTemplate, delta)
	})
	return created, res, err
}

// UpdateTemplate renames a template or changes its design; its objects
// follow at once (their null values resolve from it).
func (s *Service) UpdateTemplate(ctx context.Context, mapID, userID, templateID int64, p TemplatePatch) (domain.ObjectTemplate, Result, error) {
	var t domain.ObjectTemplate
	res, err := s.run(ctx, mapID, userID, func(e *edit) error {
		var err error
		if t, err = e.tx.TemplateByID(e.ctx, e.m.ID, templateID); err != nil {
			return err
		}
		var v domain.Validation
		if p.Name != nil {
			checkTemplateName(&v, *p.Name)
			t.Name = strings.TrimSpace(*p.Name)
		}
		if p.Design != nil {
			t.Fields().Apply(t.Design, p.Design, "design.", &v)
			if _, ok := p.Design["object_template"]; ok {
				v.Add("design.object_template", domain.Rule("a template cannot follow another template"))
			}
			media := mediaRefs{}
			media.addRaw(p.Design["media"], "design.media")
			if err := media.check(e, &v); err != nil {
				return err
			}
		}
		if err := v.Err(); err != nil {
			return err
		}
		if err := e.tx.UpdateTemplate(e.ctx, e.m.ID, t); err != nil {
			return err
		}
		return e.record(TypeObjectTemplate, Delta{Templates: []domain.ObjectTemplate{t}})
	})
	return t, res, err
}

// DeleteTemplate removes a template; its objects fall back to no template.
// The template and its followers are kept so that the deletion can be undone.
func (s *Service) DeleteTemplate(ctx context.Context, mapID, userID, templateID int64) (Result, error) {
	return s.run(ctx, mapID, userID, func(e *edit) error {
		t, err := e.tx.TemplateByID(e.ctx, e.m.ID, templateID)
		if err != nil {
			return err
		}
		ref := strconv.FormatInt(t.ID, 10)
		var delta Delta
		kept := removedTemplate{Template: t}
		if t.Type == domain.TemplateNode {
			nodes, err := e.tx.NodesWithTemplate(e.ctx, e.m.ID, ref)
			if err != nil {
				return err
			}
			for _, n := range nodes {
				domain.DropTemplate(n.Design)
				n.Template = domain.NoTemplate
				if err := e.tx.UpdateNode(e.ctx, e.m.ID, n); err != nil {
					return err
				}
				delta.Nodes = append(delta.Nodes, n)
				kept.Nodes = append(kept.Nodes, n.ID)
			}
		} else {
			edges, err := e.tx.EdgesWithTemplate(e.ctx, e.m.ID, ref)
			if err != nil {
				return err
			}
			for _, ed := range edges {
				domain.DropTemplate(ed.Design)
				ed.Template = domain.NoTemplate
				if err := e.tx.UpdateEdge(e.ctx, e.m.ID, ed); err != nil {
					return err
				}
				delta.Edges = append(delta.Edges, ed)
				kept.Edges = append(kept.Edges, ed.ID)
			}
		}
		if err := e.tx.DeleteTemplate(e.ctx, e.m.ID, t.ID); err != nil {
			return err
		}
		delta.RemovedTemplateIDs = []int64{t.ID}
		if err := e.record(TypeObjectTemplate, delta); err != nil {
			return err
		}
		return e.keepRemovedTemplate(kept)
	})
}

// designOf is a template's design, nil for none.
func designOf(t *domain.ObjectTemplate) domain.Design {
	if t == nil {
		return nil
	}
	return t.Design
}
