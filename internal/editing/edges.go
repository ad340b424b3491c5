package editing

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/strata-maps/strata/internal/domain"
)

// NewEdge is the body of edge creation.
type NewEdge struct {
	Node       domain.EdgeEnds    `json:"node" required:"true"`
	Visibility *domain.Visibility `json:"visibility"`
	Design     *struct {
		ObjectTemplate string `json:"object_template"`
	} `json:"design"`
}

// CreateEdge connects two nodes of the map whose ranges overlap.
func (s *Service) CreateEdge(ctx context.Context, mapID, userID int64, req NewEdge) (domain.Edge, Result, error) {
	var created domain.Edge
	res, err := s.run(ctx, mapID, userID, func(e *edit) error {
		nodes, err := e.nodes([]int64{req.Node.FromID, req.Node.ToID}, func(i int) string { return [...]string{"node.from_id", "node.to_id"}[i] })
		if err != nil {
			return err
		}
		vis, err := domain.NewEdgeVisibility(nodes[req.Node.FromID], nodes[req.Node.ToID])
		if err != nil {
			return err
		}
		if req.Visibility != nil {
			// A narrower range may be asked for, within the nodes' overlap.
			var v domain.Validation
			checkRange(&v, *req.Visibility, e.m.VisibilityLevels, "visibility.")
			if err := v.Err(); err != nil {
				return err
			}
			if req.Visibility.MinLevel > vis.MinLevel || req.Visibility.MaxLevel < vis.MaxLevel {
				if !req.Visibility.Overlaps(vis) {
					return domain.ErrNoOverlap
				}
				vis.MinLevel, vis.MaxLevel = max(vis.MinLevel, req.Visibility.MinLevel), min(vis.MaxLevel, req.Visibility.MaxLevel)
			}
			vis.Hidden = vis.Hidden || req.Visibility.Hidden
		}
		ed := domain.Edge{Node: req.Node, Design: domain.EdgeDesignFields.Blank(), Visibility: vis,
			Content: map[domain.Language]domain.EdgeContent{}, Template: domain.NoTemplate}
		ed.Design["object_template"] = domain.NoTemplate
		if req.Design != nil && req.Design.ObjectTemplate != "" && req.Design.ObjectTemplate != domain.NoTemplate {
			if _, err := e.template(req.Design.ObjectTemplate, domain.TemplateEdge, "design.object_template"); err != nil {
				return err
			}
			ed.Template = req.Design.ObjectTemplate
			ed.Design["object_template"] = ed.Template
		}
		if created, err = e.tx.InsertEdge(e.ctx, e.m.ID, ed); err != nil {
			return err
		}
		return e.record(TypeEdgeCreated, Delta{Edges: []domain.Edge{created}})
	})
	return created, res, err
}

// DeleteEdge removes one edge.
func (s *Service) DeleteEdge(ctx context.Context, mapID, userID, edgeID int64) (Result, error) {
	res, err := s.PatchElements(ctx, mapID, userID, ElementsPatch{Edges: []EdgePatch{{ID: edgeID, Delete: true}}})
	return res, ownFields(err, "edges")
}

// PatchEdgeDesign changes one edge's design (and so applies a template).
func (s *Service) PatchEdgeDesign(ctx context.Context, mapID, userID, edgeID int64, patch map[string]json.RawMessage) (Result, error) {
	res, err := s.PatchElements(ctx, mapID, userID, ElementsPatch{Edges: []EdgePatch{{ID: edgeID, Design: patch}}})
	return res, ownFields(err, "edges")
}

func (e *edit) patchEdges(patches []EdgePatch) error {
	if len(patches) == 0 {
		return nil
	}
	if err := duplicateIDs(patches, func(p EdgePatch) int64 { return p.ID }, "edges"); err != nil {
		return err
	}
	ids := make([]int64, len(patches))
	for i, p := range patches {
		ids[i] = p.ID
	}
	edges, err := e.edges(ids, listed("edges"))
	if err != nil {
		return err
	}
	var (
		v                                              domain.Validation
		removed                                        []int64
		design, templates, content, visibility, locked []domain.Edge
		changed                                        []domain.Edge
		nodeIDs                                        []int64
	)
	for _, p := range patches {
		if p.Visibility != nil {
			ed := edges[p.ID]
			nodeIDs = append(nodeIDs, ed.Node.FromID, ed.Node.ToID)
		}
	}
	ends, err := e.tx.NodesByID(e.ctx, e.m.ID, nodeIDs)
	if err != nil {
		return err
	}
	for i, p := range patches {
		prefix := fmt.Sprintf("edges[%d].", i)
		ed := edges[p.ID]
		// Removing is a change like the others: a locked edge refuses it
		// (only the all-edges toggle removes locked edges too).
		if ed.Locked && (p.Delete || p.Design != nil || p.Content != nil || p.Visibility != nil || p.Name != nil || p.RestoreTemplate) {
			return &domain.Error{Code: domain.CodeConflict, Message: fmt.Sprintf("edge %d is locked; unlock it first", p.ID),
				Problems: domain.Problems{prefix + "id": domain.Locked(0)}}
		}
		if p.Delete {
			removed = append(removed, p.ID)
			continue
		}
		if p.Name != nil {
			v.Check(len([]rune(*p.Name)) <= 200, prefix+"name", domain.TooLong(200))
			ed.Name = *p.Name
		}
		templateChanged := false
		if p.Design != nil {
			if templateChanged, err = e.applyEdgeDesign(&ed, p.Design, prefix+"design.", &v); err != nil {
				return err
			}
		}
		if p.RestoreTemplate {
			domain.RestoreTemplate(ed.Design)
			templateChanged = true
		}
		if p.Content != nil {
			applyEdgeContent(&ed, p.Content, prefix+"content.", &v)
		}
		if p.Visibility != nil {
			ed.Visibility = p.Visibility.apply(ed.Visibility)
			checkRange(&v, ed.Visibility, e.m.VisibilityLevels, prefix+"visibility.")
			from, to := ends[ed.Node.FromID], ends[ed.Node.ToID]
			if span, ok := domain.FollowNodes(ed, from, to); !ok || ed.Visibility.MinLevel < span.Visibility.MinLevel || ed.Visibility.MaxLevel > span.Visibility.MaxLevel {
				v.Add(prefix+"visibility", domain.NoSharedLevel().Saying("must lie within the levels both nodes show on"))
			}
			ed.Visibility.Hidden = ed.Visibility.Hidden || from.Visibility.Hidden || to.Visibility.Hidden
		}
		if p.Locked != nil {
			ed.Locked = *p.Locked
		}
		switch {
		case templateChanged:
			templates = append(templates, ed)
		case p.Design != nil || p.Name != nil:
			design = append(design, ed)
		}
		if p.Content != nil {
			content = append(content, ed)
		}
		if p.Visibility != nil {
			visibility = append(visibility, ed)
		}
		if p.Locked != nil {
			locked = append(locked, ed)
		}
		changed = append(changed, ed)
	}
	if err := v.Err(); err != nil {
		return err
	}
	for _, ed := range changed {
		if err := e.tx.UpdateEdge(e.ctx, e.m.ID, ed); err != nil {
			return err
		}
	}
	if len(removed) > 0 {
		if err := e.tx.DeleteEdges(e.ctx, e.m.ID, removed); err != nil {
			return err
		}
		if err := e.record(TypeEdgeRemoved, Delta{RemovedEdgeIDs: removed}); err != nil {
			return err
		}
		gone := make([]domain.Edge, 0, len(removed))
		for _, id := range removed {
			gone = append(gone, edges[id])
		}
		if err := e.keepRemoved(nil, gone, nil); err != nil {
			return err
		}
	}
	for _, c := range []struct {
		typ   string
		edges []domain.Edge
	}{{TypeEdgeDesign, design}, {TypeEdgeTemplates, templates}, {TypeEdgeContent, content}, {TypeEdgeVisibility, visibility}, {TypeEdgeLocked, locked}} {
		if len(c.edges) == 0 {
			continue
		}
		if err := e.record(c.typ, Delta{Edges: c.edges}); err != nil {
			return err
		}
	}
	return nil
}

// applyEdgeDesign validates an edge design patch and applies it with the
// template rules. It reports whether the template changed.
func (e *edit) applyEdgeDesign(ed *domain.Edge, patch map[string]json.RawMessage, prefix string, v *domain.Validation) (bool, error) {
	d := ed.Design.Clone()
	domain.EdgeDesignFields.Apply(d, patch, prefix, v)
	if v.Err() != nil {
		return false, nil
	}
	newRef := d.String("object_template")
	changed := newRef != "" && newRef != ed.Template
	ref := ed.Template
	if changed {
		ref = newRef
	}
	t, err := e.template(ref, domain.TemplateEdge, prefix+"object_template")
	if err != nil {
		return false, err
	}
	if t != nil {
		if changed {
			domain.ApplyTemplate(d, ref, t.Design)
		} else {
			fields := make([]string, 0, len(patch))
			for f := range patch {
				fields = append(fields, f)
			}
			domain.NullWhereTemplateEqual(d, t.Design, fields)
		}
	}
	ed.Template = ref
	d["object_template"] = ref
	ed.Design = d
	return changed, nil
}

func (e *edit) patchAllEdges(p AllEdgesPatch) error {
	edges, err := e.tx.EdgesOfMap(e.ctx, e.m.ID)
	if err != nil {
		return err
	}
	if p.Delete {
		if len(edges) == 0 {
			return nil // nothing removed is no change: the revision stays
		}
		ids := make([]int64, len(edges))
		for i, ed := range edges {
			ids[i] = ed.ID
		}
		if err := e.tx.DeleteEdges(e.ctx, e.m.ID, ids); err != nil {
			return err
		}
		if err := e.record(TypeEdgeAllRemoved, Delta{RemovedEdgeIDs: ids}); err != nil {
			return err
		}
		return e.keepRemoved(nil, edges, nil)
	}
	var changed []domain.Edge
	for _, ed := range edges {
		next := ed
		if p.Hidden != nil {
			next.Visibility.Hidden = *p.Hidden
		}
		if p.Locked != nil {
			next.Locked = *p.Locked
		}
		if next.Visibility == ed.Visibility && next.Locked == ed.Locked {
			continue
		}
		if err := e.tx.UpdateEdge(e.ctx, e.m.ID, next); err != nil {
			return err
		}
		changed = append(changed, next)
	}
	typ := TypeEdgeVisibility
	if p.Hidden == nil {
		typ = TypeEdgeLocked
	}
	if len(changed) == 0 {
		return nil
	}
	return e.record(typ, Delta{Edges: changed})
}
