package editing

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/store"
)

// keepRemovedFor is how long a deletion can be undone.
const keepRemovedFor = 30 * 24 * time.Hour

// maxRestored bounds one restoration's ids.
const maxRestored = 10_000

// Restoration names what to put back, by the ids it had: deleted nodes,
// edges and object templates, and a deleted zoom level.
type Restoration struct {
	Nodes     []int64           `json:"nodes,omitempty"`
	Edges     []int64           `json:"edges,omitempty"`
	Templates []int64           `json:"templates,omitempty"`
	Level     *LevelRestoration `json:"level,omitempty"`
}

// removedNode is what is kept of a deleted node: itself with its whole
// content, the edges deleted with it, and the navigation that pointed at it.
type removedNode struct {
	Node  domain.Node   `json:"node"`
	Edges []domain.Edge `json:"edges,omitempty"`
	Links []navLink     `json:"links,omitempty"`
}

// navLink is another node's next or previous link to a deleted node.
type navLink struct {
	ID   int64 `json:"id"`
	Next bool  `json:"next"` // next_id, else previous_id
}

type removedEdge struct {
	Edge domain.Edge `json:"edge"`
}

// keepRemoved records what the change just written deleted: nodes (whole),
// edges (those of a deleted node kept with it) and the navigation of
// linking nodes that pointed at them, so that RestoreElements can undo it.
func (e *edit) keepRemoved(nodes []domain.Node, edges []domain.Edge, linking []domain.Node) error {
	rev := e.m.Revision
	byNode := make(map[int64]*removedNode, len(nodes))
	order := make([]int64, 0, len(nodes))
	for _, n := range nodes {
		byNode[n.ID] = &removedNode{Node: n}
		order = append(order, n.ID)
	}
	var items []store.Removed
	for _, ed := range edges {
		if r := byNode[ed.Node.FromID]; r != nil {
			r.Edges = append(r.Edges, ed)
			continue
		}
		if r := byNode[ed.Node.ToID]; r != nil {
			r.Edges = append(r.Edges, ed)
			continue
		}
		data, err := json.Marshal(removedEdge{Edge: ed})
		if err != nil {
			return fmt.Errorf("keep removed edge %d: %w", ed.ID, err)
		}
		items = append(items, store.Removed{Kind: store.RemovedEdge, ID: ed.ID, Revision: rev, Data: data})
	}
	for _, l := range linking {
		if l.NextID != nil && byNode[*l.NextID] != nil && byNode[l.ID] == nil {
			r := byNode[*l.NextID]
			r.Links = append(r.Links, navLink{ID: l.ID, Next: true})
		}
		if l.PreviousID != nil && byNode[*l.PreviousID] != nil && byNode[l.ID] == nil {
			r := byNode[*l.PreviousID]
			r.Links = append(r.Links, navLink{ID: l.ID})
		}
	}
	for _, id := range order {
		data, err := json.Marshal(byNode[id])
		if err != nil {
			return fmt.Errorf("keep removed node %d: %w", id, err)
		}
		items = append(items, store.Removed{Kind: store.RemovedNode, ID: id, Revision: rev, Data: data})
	}
	if err := e.tx.PruneRemoved(e.ctx, time.Now().Add(-keepRemovedFor)); err != nil {
		return err
	}
	return e.tx.KeepRemoved(e.ctx, e.m.ID, items)
}

func (r Restoration) validate() error {
	var v domain.Validation
	count := len(r.Nodes) + len(r.Edges) + len(r.Templates)
	v.Check(count > 0 || r.Level != nil, "nodes", domain.Required().Saying("name at least one node, edge, template or level"))
	v.Check(count <= maxRestored, "nodes", domain.TooMany(maxRestored))
	for field, ids := range map[string][]int64{"nodes": r.Nodes, "edges": r.Edges, "templates": r.Templates} {
		seen := make(map[int64]bool, len(ids))
		for _, id := range ids {
			v.Check(id > 0, field, domain.Invalid("id"))
			v.Check(!seen[id], field, domain.Duplicate(id))
			seen[id] = true
		}
	}
	if r.Level != nil {
		r.Level.validate(&v)
	}
	return v.Err()
}

// conflict says that another editor changed what a restoration needs.
func conflict(field, format string, args ...any) error {
	msg := fmt.Sprintf(format, args...)
	return &domain.Error{Code: domain.CodeConflict, Message: msg, Problems: domain.Problems{field: domain.Rule(msg)}}
}

// RestoreElements puts deleted nodes (with the edges deleted with them and
// the navigation that pointed at them), edges and object templates (with
// the objects that followed them) back under their ids, and a deleted level
// back in its place, as one change. Anything another editor changed since
// that they need (an end node gone, fewer levels) refuses the whole
// restoration.
func (s *Service) RestoreElements(ctx context.Context, mapID, userID int64, req Restoration) (Delta, Result, error) {
	if err := req.validate(); err != nil {
		return Delta{}, Result{}, err
	}
	var delta Delta
	res, err := s.run(ctx, mapID, userID, func(e *edit) error {
		var err error
		delta, err = e.restore(req)
		return err
	})
	return delta, res, err
}

func (e *edit) restore(req Restoration) (Delta, error) {
	kept := map[string]map[int64]store.Removed{}
	for _, c := range []struct {
		field, kind string
		ids         []int64
	}{{"nodes", store.RemovedNode, req.Nodes}, {"edges", store.RemovedEdge, req.Edges}, {"templates", store.RemovedTemplate, req.Templates}} {
		got, err := e.tx.RemovedElements(e.ctx, e.m.ID, c.kind, c.ids)
		if err != nil {
			return Delta{}, err
		}
		for _, id := range c.ids {
			if _, ok := got[id]; !ok {
				return Delta{}, &domain.Error{Code: domain.CodeNotFound, Message: fmt.Sprintf("%s %d was not deleted from this map", c.kind, id),
					Problems: domain.Problems{c.field: domain.NotFound(id).Saying(fmt.Sprintf("%d was not deleted from this map", id))}}
			}
		}
		kept[c.field] = got
	}
	keptNodes, keptEdges := kept["nodes"], kept["edges"]
	if err := e.full(); err != nil {
		return Delta{}, err
	}
	var set restoredSet
	// The level first: the ranges of the elements kept whole, which the
	// nodes and edges below bring back, fit the map with it.
	if req.Level != nil {
		if err := e.restoreLevel(*req.Level, &set); err != nil {
			return Delta{}, err
		}
	}
	// Templates before nodes: a node deleted while following one keeps it.
	templates, err := e.restoreTemplates(req.Templates, kept["templates"], &set)
	if err != nil {
		return Delta{}, err
	}
	nodes := make([]removedNode, 0, len(req.Nodes))
	for _, id := range req.Nodes {
		var r removedNode
		if err := json.Unmarshal(keptNodes[id].Data, &r); err != nil {
			return Delta{}, fmt.Errorf("removed node %d of map %d: %w", id, e.m.ID, err)
		}
		nodes = append(nodes, r)
	}
	var edges []domain.Edge
	for _, id := range req.Edges {
		var r removedEdge
		if err := json.Unmarshal(keptEdges[id].Data, &r); err != nil {
			return Delta{}, fmt.Errorf("removed edge %d of map %d: %w", id, e.m.ID, err)
		}
		edges = append(edges, r.Edge)
	}
	back, err := e.putBackRemoved(nodes, edges)
	if err != nil {
		return Delta{}, err
	}
	for _, n := range back.Nodes {
		set.node(n)
	}
	for _, ed := range back.Edges {
		set.edge(ed)
	}
	// Followers last: an object restored here may have been one.
	if err := e.refollow(templates, &set); err != nil {
		return Delta{}, err
	}
	return set.d, e.record(TypeElementsRestored, set.d)
}

// restoredSet is what a restoration changed, each element once as it ends.
type restoredSet struct {
	d              Delta
	nodeAt, edgeAt map[int64]int // index in d.Nodes, d.Edges
}

func (s *restoredSet) node(n domain.Node) {
	if i, ok := s.nodeAt[n.ID]; ok {
		s.d.Nodes[i] = n
		return
	}
	if s.nodeAt == nil {
		s.nodeAt = map[int64]int{}
	}
	s.nodeAt[n.ID] = len(s.d.Nodes)
	s.d.Nodes = append(s.d.Nodes, n)
}

func (s *restoredSet) edge(ed domain.Edge) {
	if i, ok := s.edgeAt[ed.ID]; ok {
		s.d.Edges[i] = ed
		return
	}
	if s.edgeAt == nil {
		s.edgeAt = map[int64]int{}
	}
	s.edgeAt[ed.ID] = len(s.d.Edges)
	s.d.Edges = append(s.d.Edges, ed)
}

// putBackRemoved checks that the elements still fit the map and writes them,
// returning what it changed.
func (e *edit) putBackRemoved(removed []removedNode, edges []domain.Edge) (Delta, error) {
	back := make(map[int64]bool, len(removed))
	nodes := make([]domain.Node, 0, len(removed))
	var ids, linkIDs []int64
	for _, r := range removed {
		n := r.Node
		if n.Visibility.MaxLevel > e.m.VisibilityLevels {
			return Delta{}, conflict("nodes", "node %d lies on level %d; the map has %d levels now", n.ID, n.Visibility.MaxLevel, e.m.VisibilityLevels)
		}
		// A template deleted since: the node follows the global design, as the
		// template's other objects did when it went.
		if _, err := e.template(n.Template, domain.TemplateNode, "nodes"); err != nil {
			if domain.ErrorCode(err) != domain.CodeNotFound {
				return Delta{}, err
			}
			n.Template = domain.NoTemplate
			n.Design = n.Design.Clone()
			n.Design["object_template"] = domain.NoTemplate
		}
		back[n.ID] = true
		nodes = append(nodes, n)
		ids = append(ids, n.ID)
		for _, l := range r.Links {
			linkIDs = append(linkIDs, l.ID)
		}
	}
	var edgeIDs []int64
	// Edges deleted with a restored node come back when both ends are there.
	var withNodes []domain.Edge
	for _, r := range removed {
		withNodes = append(withNodes, r.Edges...)
	}
	ends := append(slices.Clone(linkIDs), ids...)
	for _, ed := range append(slices.Clone(edges), withNodes...) {
		ends = append(ends, ed.Node.FromID, ed.Node.ToID)
		edgeIDs = append(edgeIDs, ed.ID)
	}
	present, err := e.tx.NodesByID(e.ctx, e.m.ID, ends)
	if err != nil {
		return Delta{}, err
	}
	for _, id := range ids {
		if _, ok := present[id]; ok {
			return Delta{}, conflict("nodes", "node %d exists already", id)
		}
	}
	existingEdges, err := e.tx.EdgesByID(e.ctx, e.m.ID, edgeIDs)
	if err != nil {
		return Delta{}, err
	}
	there := func(id int64) bool { _, ok := present[id]; return ok || back[id] }
	for _, ed := range edges {
		if _, ok := existingEdges[ed.ID]; ok {
			return Delta{}, conflict("edges", "edge %d exists already", ed.ID)
		}
		if !there(ed.Node.FromID) || !there(ed.Node.ToID) {
			return Delta{}, conflict("edges", "edge %d joins a node another editor deleted since", ed.ID)
		}
		if ed.Visibility.MaxLevel > e.m.VisibilityLevels {
			return Delta{}, conflict("edges", "edge %d lies on level %d; the map has %d levels now", ed.ID, ed.Visibility.MaxLevel, e.m.VisibilityLevels)
		}
	}
	for _, ed := range withNodes {
		_, exists := existingEdges[ed.ID]
		if !exists && there(ed.Node.FromID) && there(ed.Node.ToID) && ed.Visibility.MaxLevel <= e.m.VisibilityLevels {
			edges = append(edges, ed)
		}
	}
	if err := e.tx.InsertNodesAndEdges(e.ctx, e.m.ID, nodes, edges); err != nil {
		return Delta{}, err
	}
	relinked, err := e.relink(removed, present)
	if err != nil {
		return Delta{}, err
	}
	if err := e.tx.ForgetRemoved(e.ctx, e.m.ID, store.RemovedNode, ids); err != nil {
		return Delta{}, err
	}
	restoredEdges := make([]int64, 0, len(edges))
	for _, ed := range edges {
		restoredEdges = append(restoredEdges, ed.ID)
	}
	if err := e.tx.ForgetRemoved(e.ctx, e.m.ID, store.RemovedEdge, restoredEdges); err != nil {
		return Delta{}, err
	}
	return Delta{Nodes: append(nodes, relinked...), Edges: edges}, nil
}

// relink puts back the navigation that pointed at restored nodes, where
// the linking node is still there and its link is still empty.
func (e *edit) relink(removed []removedNode, present map[int64]domain.Node) ([]domain.Node, error) {
	changed := map[int64]domain.Node{}
	var order []int64
	for _, r := range removed {
		for _, l := range r.Links {
			n, ok := changed[l.ID]
			if !ok {
				if n, ok = present[l.ID]; !ok {
					continue
				}
			}
			to := r.Node.ID
			switch {
			case l.Next && n.NextID == nil:
				n.NextID = &to
			case !l.Next && n.PreviousID == nil:
				n.PreviousID = &to
			default:
				continue
			}
			if _, seen := changed[l.ID]; !seen {
				order = append(order, l.ID)
			}
			changed[l.ID] = n
		}
	}
	out := make([]domain.Node, 0, len(order))
	for _, id := range order {
		if err := e.tx.UpdateNode(e.ctx, e.m.ID, changed[id]); err != nil {
			return nil, err
		}
		out = append(out, changed[id])
	}
	return out, nil
}
