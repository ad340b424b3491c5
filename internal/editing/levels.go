package editing

import (
	"fmt"

	"github.com/strata-maps/strata/internal/domain"
)

func (e *edit) patchLevels(patches []LevelPatch) error {
	if len(patches) == 0 {
		return nil
	}
	if err := e.full(); err != nil {
		return err
	}
	for i, p := range patches {
		field := fmt.Sprintf("levels[%d].id", i)
		if p.ID < 1 || p.ID > e.m.VisibilityLevels {
			return &domain.Error{Code: domain.CodeNotFound, Message: fmt.Sprintf("the map has no level %d", p.ID),
				Problems: domain.Problems{field: domain.OutOfRange(1, e.m.VisibilityLevels)}}
		}
		var err error
		switch {
		case p.Delete:
			err = e.deleteLevel(p.ID, field)
		case p.Hidden != nil || p.Locked != nil:
			err = e.flagLevel(p)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// flagLevel hides or locks a layer and the nodes on it (their edges follow
// the nodes' hidden flag).
func (e *edit) flagLevel(p LevelPatch) error {
	nodes, err := e.tx.NodesOfMap(e.ctx, e.m.ID)
	if err != nil {
		return err
	}
	layer := &e.m.Layers[p.ID-1]
	var changed []domain.Node
	for _, n := range nodes {
		if !domain.OnLayer(n, p.ID) {
			continue
		}
		next := n
		if p.Hidden != nil {
			next.Visibility.Hidden = *p.Hidden
		}
		if p.Locked != nil {
			next.Editing.Locked = *p.Locked
		}
		if next.Visibility == n.Visibility && next.Editing == n.Editing {
			continue
		}
		if err := e.tx.UpdateNode(e.ctx, e.m.ID, next); err != nil {
			return err
		}
		changed = append(changed, next)
	}
	if p.Hidden != nil {
		layer.Hidden = *p.Hidden
	}
	if p.Locked != nil {
		layer.Locked = *p.Locked
	}
	if err := e.saveMap(); err != nil {
		return err
	}
	if p.Hidden != nil {
		edges, removed, err := e.edgesFollow(changed)
		if err != nil {
			return err
		}
		if err := e.record(TypeLayerHidden, Delta{Layers: e.m.Layers, Nodes: changed, Edges: edges, RemovedEdgeIDs: removed}); err != nil {
			return err
		}
		changed = nil // reported once
	}
	if p.Locked != nil {
		return e.record(TypeLayerLocked, Delta{Layers: e.m.Layers, Nodes: changed})
	}
	return nil
}

// deleteLevel deletes a layer: the elements only on it go, higher levels
// move down by one, and the map has one level less.
func (e *edit) deleteLevel(k int, field string) error {
	if e.m.VisibilityLevels <= domain.MinLevels {
		return &domain.Error{Code: domain.CodeConflict, Message: "a map keeps at least one level",
			Problems: domain.Problems{field: domain.LastOne().Saying("is the only level")}}
	}
	nodes, err := e.tx.NodesOfMap(e.ctx, e.m.ID)
	if err != nil {
		return err
	}
	edges, err := e.tx.EdgesOfMap(e.ctx, e.m.ID)
	if err != nil {
		return err
	}
	var (
		changedNodes []domain.Node
		changedEdges []domain.Edge
		goneNodes    []int64
		goneEdges    []int64
		// Kept whole, so that the deletion can be undone.
		wholeNodes []domain.Node
		wholeEdges []domain.Edge
		linking    []domain.Node
	)
	gone := map[int64]bool{}
	for _, n := range nodes {
		v, keep := domain.RangeAfterLayerDeleted(n.Visibility, k)
		switch {
		case !keep:
			goneNodes = append(goneNodes, n.ID)
			wholeNodes = append(wholeNodes, n)
			gone[n.ID] = true
		case v != n.Visibility:
			n.Visibility = v
			if err := e.tx.UpdateNode(e.ctx, e.m.ID, n); err != nil {
				return err
			}
			changedNodes = append(changedNodes, n)
		}
	}
	for _, ed := range edges {
		v, keep := domain.RangeAfterLayerDeleted(ed.Visibility, k)
		switch {
		case !keep || gone[ed.Node.FromID] || gone[ed.Node.ToID]:
			goneEdges = append(goneEdges, ed.ID)
			wholeEdges = append(wholeEdges, ed)
		case v != ed.Visibility:
			ed.Visibility = v
			if err := e.tx.UpdateEdge(e.ctx, e.m.ID, ed); err != nil {
				return err
			}
			changedEdges = append(changedEdges, ed)
		}
	}
	if len(goneEdges) > 0 {
		if err := e.tx.DeleteEdges(e.ctx, e.m.ID, goneEdges); err != nil {
			return err
		}
	}
	if len(goneNodes) > 0 {
		var err error
		if linking, err = e.tx.NodesLinkingTo(e.ctx, e.m.ID, goneNodes); err != nil {
			return err
		}
		for _, n := range domain.ClearNavigationTo(linking, gone) {
			if gone[n.ID] {
				continue
			}
			if err := e.tx.UpdateNode(e.ctx, e.m.ID, n); err != nil {
				return err
			}
			changedNodes = append(changedNodes, n)
		}
		if err := e.tx.DeleteNodes(e.ctx, e.m.ID, goneNodes); err != nil {
			return err
		}
	}
	e.m.VisibilityLevels--
	e.m.Layers = domain.LayersAfterDelete(e.m.Layers, k)
	if err := e.saveMap(); err != nil {
		return err
	}
	settings := newMapSettings(e.m)
	if err := e.record(TypeLayerRemoved, Delta{Map: &settings, Layers: e.m.Layers, Nodes: changedNodes, Edges: changedEdges,
		RemovedNodeIDs: goneNodes, RemovedEdgeIDs: goneEdges}); err != nil {
		return err
	}
	if len(wholeNodes)+len(wholeEdges) == 0 {
		return nil
	}
	return e.keepRemoved(wholeNodes, wholeEdges, linking)
}
