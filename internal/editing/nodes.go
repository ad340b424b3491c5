package editing

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/strata-maps/strata/internal/domain"
)

// NewNode is the body of node creation.
type NewNode struct {
	Design struct {
		Shape          string `json:"shape" required:"true"`
		ObjectTemplate string `json:"object_template"`
	} `json:"design" required:"true"`
	Geometry struct {
		Center *domain.Point `json:"center" required:"true"`
	} `json:"geometry" required:"true"`
	Visibility *domain.Visibility `json:"visibility"`
}

// CreateNode adds a node to the map.
func (s *Service) CreateNode(ctx context.Context, mapID, userID int64, req NewNode) (domain.Node, Result, error) {
	var created domain.Node
	res, err := s.run(ctx, mapID, userID, func(e *edit) error {
		var v domain.Validation
		v.Check(slices.Contains(domain.EnabledShapes, req.Design.Shape), "design.shape",
			domain.NotAllowed(domain.EnabledShapes...).Saying("must be circle or rectangle; the other shapes cannot be created yet"))
		v.Check(req.Geometry.Center != nil, "geometry.center", domain.Required())
		if req.Geometry.Center != nil {
			domain.CheckPoint(&v, *req.Geometry.Center, "geometry.center")
		}
		vis := domain.NewNodeVisibility(1, e.m.VisibilityLevels)
		if req.Visibility != nil {
			vis = *req.Visibility
			checkRange(&v, vis, e.m.VisibilityLevels, "visibility.")
		}
		if err := v.Err(); err != nil {
			return err
		}
		n := domain.Node{Design: domain.NodeDesignFields.Blank(), Visibility: vis, PopupType: domain.PopupTypes[0],
			Content: map[domain.Language]domain.NodeContent{}, Geometry: domain.NodeGeometry{Shape: req.Design.Shape, Center: *req.Geometry.Center}}
		n.Design["shape"] = req.Design.Shape
		if err := e.useTemplate(&n, req.Design.ObjectTemplate, "design.object_template"); err != nil {
			return err
		}
		order, err := e.tx.MaxNodeOrder(e.ctx, e.m.ID)
		if err != nil {
			return err
		}
		n.Order = order + 1
		if created, err = e.tx.InsertNode(e.ctx, e.m.ID, n); err != nil {
			return err
		}
		return e.record(TypeNodeCreated, Delta{Nodes: []domain.Node{created}})
	})
	return created, res, err
}

// useTemplate sets a node's template, checking that it exists on the map.
func (e *edit) useTemplate(n *domain.Node, ref, field string) error {
	if ref == "" {
		ref = domain.NoTemplate
	}
	t, err := e.template(ref, domain.TemplateNode, field)
	if err != nil {
		return err
	}
	var design domain.Design
	if t != nil {
		design = t.Design
	}
	domain.ApplyTemplate(n.Design, ref, design)
	n.Template = ref
	return nil
}

func checkRange(v *domain.Validation, vis domain.Visibility, levels int, prefix string) {
	v.Check(vis.MinLevel >= 1 && vis.MinLevel <= levels, prefix+"min_level", domain.OutOfRange(1, levels))
	v.Check(vis.MaxLevel >= 1 && vis.MaxLevel <= levels, prefix+"max_level", domain.OutOfRange(1, levels))
	v.Check(vis.MinLevel <= vis.MaxLevel, prefix+"max_level", domain.BelowField("min_level"))
}

// CloneNode copies a node, offset (default 30 by 30).
func (s *Service) CloneNode(ctx context.Context, mapID, userID, nodeID int64, offset *domain.Point) (domain.Node, Result, error) {
	off := domain.Point{X: domain.CloneOffset, Y: domain.CloneOffset}
	if offset != nil {
		off = *offset
	}
	var clone domain.Node
	res, err := s.run(ctx, mapID, userID, func(e *edit) error {
		nodes, err := e.nodes([]int64{nodeID}, named("id"))
		if err != nil {
			return err
		}
		c := domain.CloneNode(nodes[nodeID], off)
		var v domain.Validation
		domain.CheckPoint(&v, c.Geometry.Center, "offset")
		if err := v.Err(); err != nil {
			return err // the clone would land beyond the map's room
		}
		order, err := e.tx.MaxNodeOrder(e.ctx, e.m.ID)
		if err != nil {
			return err
		}
		c.Order = order + 1
		if clone, err = e.tx.InsertNode(e.ctx, e.m.ID, c); err != nil {
			return err
		}
		return e.record(TypeNodeCloned, Delta{Nodes: []domain.Node{clone}})
	})
	return clone, res, err
}

// DeleteNode removes a node with its edges, clearing navigation to it.
func (s *Service) DeleteNode(ctx context.Context, mapID, userID, nodeID int64) (Result, error) {
	return s.run(ctx, mapID, userID, func(e *edit) error {
		nodes, err := e.nodes([]int64{nodeID}, named("id"))
		if err != nil {
			return err
		}
		// Removing is a change like any other: a locked node refuses it.
		if nodes[nodeID].Editing.Locked {
			return &domain.Error{Code: domain.CodeConflict, Message: fmt.Sprintf("node %d is locked; unlock it first", nodeID),
				Problems: domain.Problems{"id": domain.Locked(0)}}
		}
		return e.removeNodes([]int64{nodeID})
	})
}

// removeNodes applies the removal rule: the nodes go, with their edges,
// and navigation pointing at them is cleared.
func (e *edit) removeNodes(ids []int64) error {
	gone := map[int64]bool{}
	for _, id := range ids {
		gone[id] = true
	}
	edges, err := e.tx.EdgesOfNodes(e.ctx, e.m.ID, ids)
	if err != nil {
		return err
	}
	linking, err := e.tx.NodesLinkingTo(e.ctx, e.m.ID, ids)
	if err != nil {
		return err
	}
	var changed []domain.Node
	for _, n := range domain.ClearNavigationTo(linking, gone) {
		if gone[n.ID] {
			continue
		}
		if err := e.tx.UpdateNode(e.ctx, e.m.ID, n); err != nil {
			return err
		}
		changed = append(changed, n)
	}
	edgeIDs := domain.EdgesOf(edges, gone)
	removed, err := e.tx.NodesByID(e.ctx, e.m.ID, ids)
	if err != nil {
		return err
	}
	if err := e.tx.DeleteNodes(e.ctx, e.m.ID, ids); err != nil { // edges go by cascade
		return err
	}
	if err := e.record(TypeNodeRemoved, Delta{RemovedNodeIDs: ids, RemovedEdgeIDs: edgeIDs, Nodes: changed}); err != nil {
		return err
	}
	whole := make([]domain.Node, 0, len(ids))
	for _, id := range ids {
		if n, ok := removed[id]; ok {
			whole = append(whole, n)
		}
	}
	return e.keepRemoved(whole, edges, linking)
}

// applyNodeDesign validates a design patch and applies it with the
// template, media and circle rules. It reports whether the template changed.
func (e *edit) applyNodeDesign(n *domain.Node, patch map[string]json.RawMessage, prefix string, v *domain.Validation) (bool, error) {
	d := n.Design.Clone()
	domain.NodeDesignFields.Apply(d, patch, prefix, v)
	if _, ok := patch["shape"]; ok {
		v.Check(slices.Contains(domain.EnabledShapes, d.String("shape")), prefix+"shape", domain.NotAllowed(domain.EnabledShapes...))
	}
	if d["media"] != nil && d["media_url"] != nil && patch["media"] != nil && patch["media_url"] != nil {
		v.Add(prefix+"media_url", domain.Exclusive("media"))
	}
	if v.Err() != nil {
		return false, nil // the caller reports every field at once
	}
	_, setsMedia := patch["media"]
	_, setsURL := patch["media_url"]
	domain.ExclusiveMedia(d, setsMedia, setsURL)

	newRef := d.String("object_template")
	templateChanged := newRef != "" && newRef != n.Template
	if templateChanged {
		t, err := e.template(newRef, domain.TemplateNode, prefix+"object_template")
		if err != nil {
			return false, err
		}
		var td domain.Design
		if t != nil {
			td = t.Design
		}
		domain.ApplyTemplate(d, newRef, td)
		n.Template = newRef
	} else if n.Template != domain.NoTemplate {
		t, err := e.template(n.Template, domain.TemplateNode, prefix+"object_template")
		if err != nil {
			return false, err
		}
		fields := make([]string, 0, len(patch))
		for f := range patch {
			fields = append(fields, f)
		}
		if t != nil {
			domain.NullWhereTemplateEqual(d, t.Design, fields)
		}
	}
	d["object_template"] = n.Template
	domain.EqualCircleSides(d)
	n.Design = d
	n.Geometry.Shape = d.String("shape")
	return templateChanged, nil
}

// PatchNodeDesign changes one node's design (and so applies a template).
func (s *Service) PatchNodeDesign(ctx context.Context, mapID, userID, nodeID int64, patch map[string]json.RawMessage) (Result, error) {
	res, err := s.PatchElements(ctx, mapID, userID, ElementsPatch{Nodes: []NodePatch{{ID: nodeID, Design: patch}}})
	return res, ownFields(err, "nodes")
}
