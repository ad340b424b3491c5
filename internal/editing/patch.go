package editing

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/strata-maps/strata/internal/domain"
)

// ElementsPatch is the body of PATCH /maps/{id}/elements: any mix of parts,
// applied in one transaction, all or nothing.
type ElementsPatch struct {
	Map      *MapPatch      `json:"map"`
	Levels   []LevelPatch   `json:"levels"`
	Nodes    []NodePatch    `json:"nodes"`
	Edges    []EdgePatch    `json:"edges"`
	AllEdges *AllEdgesPatch `json:"all_edges"`
}

// OptionalID is a JSON field that may be absent, null or an id.
type OptionalID struct {
	Set bool
	ID  *int64
}

// UnmarshalJSON implements json.Unmarshaler.
func (o *OptionalID) UnmarshalJSON(b []byte) error {
	o.Set = true
	return json.Unmarshal(b, &o.ID)
}

// VisibilityPatch is a partial visibility.
type VisibilityPatch struct {
	MinLevel *int  `json:"min_level"`
	MaxLevel *int  `json:"max_level"`
	Hidden   *bool `json:"hidden"`
}

func (p *VisibilityPatch) apply(v domain.Visibility) domain.Visibility {
	if p.MinLevel != nil {
		v.MinLevel = *p.MinLevel
	}
	if p.MaxLevel != nil {
		v.MaxLevel = *p.MaxLevel
	}
	if p.Hidden != nil {
		v.Hidden = *p.Hidden
	}
	return v
}

// NodePatch changes one node; a list of id-only patches sets the drawing order.
type NodePatch struct {
	ID         int64                       `json:"id" required:"true"`
	Design     map[string]json.RawMessage  `json:"design"`
	Content    map[string]NodeContentPatch `json:"content"`
	Visibility *VisibilityPatch            `json:"visibility"`
	Geometry   *struct {
		Center *domain.Point `json:"center"`
	} `json:"geometry"`
	Editing *struct {
		Locked *bool `json:"locked"`
	} `json:"editing"`
	NextID          OptionalID `json:"next_id"`
	PreviousID      OptionalID `json:"previous_id"`
	PopupType       *string    `json:"popup_type"`
	RestoreTemplate bool       `json:"restore_template"`
}

func (p NodePatch) idOnly() bool {
	return p.Design == nil && p.Content == nil && p.Visibility == nil && p.Geometry == nil && p.Editing == nil &&
		!p.NextID.Set && !p.PreviousID.Set && p.PopupType == nil && !p.RestoreTemplate
}

// changesOnlyLock reports whether the patch touches nothing but the lock,
// the one change a locked node accepts.
func (p NodePatch) changesOnlyLock() bool {
	q := p
	q.Editing = nil
	return q.idOnly()
}

// EdgePatch changes or deletes one edge.
type EdgePatch struct {
	ID              int64                       `json:"id" required:"true"`
	Delete          bool                        `json:"delete"`
	Name            *string                     `json:"name"`
	Design          map[string]json.RawMessage  `json:"design"`
	Content         map[string]EdgeContentPatch `json:"content"`
	Visibility      *VisibilityPatch            `json:"visibility"`
	Locked          *bool                       `json:"locked"`
	RestoreTemplate bool                        `json:"restore_template"`
}

// LevelPatch sets a layer's flags or deletes it.
type LevelPatch struct {
	ID     int   `json:"id" required:"true"`
	Hidden *bool `json:"hidden"`
	Locked *bool `json:"locked"`
	Delete bool  `json:"delete"`
}

// AllEdgesPatch applies to every edge of the map.
type AllEdgesPatch struct {
	Hidden *bool `json:"hidden"`
	Locked *bool `json:"locked"`
	Delete bool  `json:"delete"`
}

// PatchElements applies a mixed patch in one transaction.
func (s *Service) PatchElements(ctx context.Context, mapID, userID int64, p ElementsPatch) (Result, error) {
	onlyMoves := p.Map == nil && len(p.Levels) == 0 && len(p.Edges) == 0 && p.AllEdges == nil && len(p.Nodes) > 0 && allMoves(p.Nodes)
	return s.runLocked(ctx, mapID, userID, !onlyMoves, func(e *edit) error {
		if p.Map != nil {
			if err := e.patchMap(*p.Map, "map."); err != nil {
				return err
			}
		}
		if err := e.patchLevels(p.Levels); err != nil {
			return err
		}
		if err := s.patchNodes(e, p.Nodes); err != nil {
			return err
		}
		if err := e.patchEdges(p.Edges); err != nil {
			return err
		}
		if p.AllEdges != nil {
			return e.patchAllEdges(*p.AllEdges)
		}
		return nil
	})
}

func duplicateIDs[T any](items []T, id func(T) int64, field string) error {
	seen := map[int64]bool{}
	for i, it := range items {
		if seen[id(it)] {
			return &domain.Error{Code: domain.CodeInvalid, Message: fmt.Sprintf("%s lists id %d twice", field, id(it)),
				Problems: domain.Problems{fmt.Sprintf("%s[%d].id", field, i): domain.Duplicate(0)}}
		}
		seen[id(it)] = true
	}
	return nil
}

// nodeChanges gathers what a node patch changed, by change type.
type nodeChanges struct {
	positions                         []NodePosition
	design, templates, content, other []domain.Node
	visibility, hidden, locked        []domain.Node
}

func (s *Service) patchNodes(e *edit, patches []NodePatch) error {
	if len(patches) == 0 {
		return nil
	}
	if err := duplicateIDs(patches, func(p NodePatch) int64 { return p.ID }, "nodes"); err != nil {
		return err
	}
	ids := make([]int64, len(patches))
	idOnly := true
	var bounds domain.Validation
	for i, p := range patches {
		ids[i] = p.ID
		idOnly = idOnly && p.idOnly()
		if p.Geometry != nil && p.Geometry.Center != nil {
			domain.CheckPoint(&bounds, *p.Geometry.Center, fmt.Sprintf("nodes[%d].geometry.center", i))
		}
	}
	if err := bounds.Err(); err != nil {
		return err
	}
	if allMoves(patches) {
		return e.moveNodes(patches)
	}
	nodes, err := e.nodes(ids, listed("nodes"))
	if err != nil {
		return err
	}
	if idOnly {
		return e.reorder(ids, nodes)
	}
	var (
		v   domain.Validation
		ch  nodeChanges
		out = make([]domain.Node, len(patches))
	)
	links := map[int64]string{} // node ids that navigation will point at → field
	media := mediaRefs{}
	for i, p := range patches {
		n := nodes[p.ID]
		prefix := fmt.Sprintf("nodes[%d].", i)
		if n.Editing.Locked && !p.changesOnlyLock() {
			return &domain.Error{Code: domain.CodeConflict, Message: fmt.Sprintf("node %d is locked; unlock it first", p.ID),
				Problems: domain.Problems{prefix + "id": domain.Locked(0)}}
		}
		before := n
		templateChanged := false
		if p.Design != nil {
			media.addRaw(p.Design["media"], prefix+"design.media")
			if templateChanged, err = e.applyNodeDesign(&n, p.Design, prefix+"design.", &v); err != nil {
				return err
			}
		}
		if p.RestoreTemplate {
			domain.RestoreTemplate(n.Design)
			templateChanged = true
		}
		if p.Content != nil {
			s.applyNodeContent(&n, p.Content, prefix+"content.", &v)
		}
		if p.Visibility != nil {
			n.Visibility = p.Visibility.apply(n.Visibility)
			checkRange(&v, n.Visibility, e.m.VisibilityLevels, prefix+"visibility.")
		}
		if p.Geometry != nil && p.Geometry.Center != nil {
			n.Geometry.Center = *p.Geometry.Center
		}
		if p.Editing != nil && p.Editing.Locked != nil {
			n.Editing.Locked = *p.Editing.Locked
		}
		for _, l := range []struct {
			o     OptionalID
			dst   **int64
			field string
		}{{p.NextID, &n.NextID, "next_id"}, {p.PreviousID, &n.PreviousID, "previous_id"}} {
			if !l.o.Set {
				continue
			}
			*l.dst = l.o.ID
			if l.o.ID != nil {
				v.Check(*l.o.ID != n.ID, prefix+l.field, domain.SelfReference().Saying("cannot point at the node itself"))
				links[*l.o.ID] = prefix + l.field
			}
		}
		if p.PopupType != nil {
			v.Check(slices.Contains(domain.PopupTypes, *p.PopupType), prefix+"popup_type", domain.NotAllowed(domain.PopupTypes...))
			n.PopupType = *p.PopupType
		}
		out[i] = n
		ch.classify(before, n, templateChanged, p)
	}
	if err := media.check(e, &v); err != nil {
		return err
	}
	if err := v.Err(); err != nil {
		return err
	}
	if err := e.checkLinks(links); err != nil {
		return err
	}
	for _, n := range out {
		if err := e.tx.UpdateNode(e.ctx, e.m.ID, n); err != nil {
			return err
		}
	}
	return e.recordNodeChanges(ch)
}

func onlyMoved(p NodePatch) bool {
	q := p
	q.Geometry = nil
	return p.Geometry != nil && p.Geometry.Center != nil && q.idOnly()
}

func allMoves(patches []NodePatch) bool {
	for _, p := range patches {
		if !onlyMoved(p) {
			return false
		}
	}
	return true
}

// moveNodes is the fast path of dragging: positions only, so only the
// locks are read and one statement writes them all.
func (e *edit) moveNodes(patches []NodePatch) error {
	ids := make([]int64, len(patches))
	centers := make([]domain.Point, len(patches))
	positions := make([]NodePosition, len(patches))
	for i, p := range patches {
		ids[i], centers[i] = p.ID, *p.Geometry.Center
		positions[i] = NodePosition{ID: p.ID, Center: centers[i]}
	}
	locks, err := e.tx.NodeLocks(e.ctx, e.m.ID, ids)
	if err != nil {
		return err
	}
	for i, id := range ids {
		locked, ok := locks[id]
		if !ok {
			return &domain.Error{Code: domain.CodeNotFound, Message: fmt.Sprintf("node %d is not on this map", id),
				Problems: domain.Problems{fmt.Sprintf("nodes[%d].id", i): domain.NotFound(id).Saying(fmt.Sprintf("node %d not found", id))}}
		}
		if locked {
			return &domain.Error{Code: domain.CodeConflict, Message: fmt.Sprintf("node %d is locked; unlock it first", id),
				Problems: domain.Problems{fmt.Sprintf("nodes[%d].id", i): domain.Locked(0)}}
		}
	}
	// The change is recorded first: that takes the map's row lock before
	// any node's, the order every other change takes them in, so that a
	// drag beside another change to the same nodes cannot deadlock.
	if err := e.record(TypeNodePosition, Delta{Positions: positions}); err != nil {
		return err
	}
	return e.tx.MoveNodes(e.ctx, e.m.ID, ids, centers)
}

func (ch *nodeChanges) classify(before, after domain.Node, templateChanged bool, p NodePatch) {
	if p.Geometry != nil && before.Geometry.Center != after.Geometry.Center {
		ch.positions = append(ch.positions, NodePosition{ID: after.ID, Center: after.Geometry.Center})
	}
	switch {
	case templateChanged:
		ch.templates = append(ch.templates, after)
	case p.Design != nil:
		ch.design = append(ch.design, after)
	}
	if p.Content != nil {
		ch.content = append(ch.content, after)
	}
	if before.Visibility.MinLevel != after.Visibility.MinLevel || before.Visibility.MaxLevel != after.Visibility.MaxLevel {
		ch.visibility = append(ch.visibility, after)
	} else if before.Visibility.Hidden != after.Visibility.Hidden {
		ch.hidden = append(ch.hidden, after)
	}
	if before.Editing.Locked != after.Editing.Locked {
		ch.locked = append(ch.locked, after)
	}
	if p.NextID.Set || p.PreviousID.Set || p.PopupType != nil {
		ch.other = append(ch.other, after)
	}
}

// checkLinks makes sure navigation points at nodes of this map.
func (e *edit) checkLinks(links map[int64]string) error {
	if len(links) == 0 {
		return nil
	}
	ids := make([]int64, 0, len(links))
	for id := range links {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	found, err := e.tx.NodesByID(e.ctx, e.m.ID, ids)
	if err != nil {
		return err
	}
	for _, id := range ids {
		if _, ok := found[id]; !ok {
			return &domain.Error{Code: domain.CodeNotFound, Message: fmt.Sprintf("node %d is not on this map", id),
				Problems: domain.Problems{links[id]: domain.NotFound(id).Saying(fmt.Sprintf("node %d not found", id))}}
		}
	}
	return nil
}

func (e *edit) recordNodeChanges(ch nodeChanges) error {
	if len(ch.positions) > 0 {
		if err := e.record(TypeNodePosition, Delta{Positions: ch.positions}); err != nil {
			return err
		}
	}
	for _, c := range []struct {
		typ   string
		nodes []domain.Node
	}{{TypeNodeDesign, ch.design}, {TypeNodeTemplates, ch.templates}, {TypeNodeContent, unionByID(ch.content, ch.other)}} {
		if len(c.nodes) == 0 {
			continue
		}
		if err := e.record(c.typ, Delta{Nodes: c.nodes}); err != nil {
			return err
		}
	}
	for _, c := range []struct {
		typ   string
		nodes []domain.Node
	}{{TypeNodeVisibility, ch.visibility}, {TypeNodeHidden, ch.hidden}} {
		if len(c.nodes) == 0 {
			continue
		}
		changed, removed, err := e.edgesFollow(c.nodes)
		if err != nil {
			return err
		}
		if err := e.record(c.typ, Delta{Nodes: c.nodes, Edges: changed, RemovedEdgeIDs: removed}); err != nil {
			return err
		}
	}
	if len(ch.locked) > 0 {
		layers, err := e.relockLayers()
		if err != nil {
			return err
		}
		return e.record(TypeNodeLocked, Delta{Nodes: ch.locked, Layers: layers})
	}
	return nil
}

// edgesFollow applies the edge range rule to the edges of changed nodes:
// each takes the overlap of its nodes' ranges, or goes when there is none.
func (e *edit) edgesFollow(changed []domain.Node) ([]domain.Edge, []int64, error) {
	ids := make([]int64, len(changed))
	for i, n := range changed {
		ids[i] = n.ID
	}
	edges, err := e.tx.EdgesOfNodes(e.ctx, e.m.ID, ids)
	if err != nil || len(edges) == 0 {
		return nil, nil, err
	}
	var ends []int64
	for _, ed := range edges {
		ends = append(ends, ed.Node.FromID, ed.Node.ToID)
	}
	nodes, err := e.tx.NodesByID(e.ctx, e.m.ID, ends)
	if err != nil {
		return nil, nil, err
	}
	var (
		updated []domain.Edge
		removed []int64
	)
	for _, ed := range edges {
		next, keep := domain.FollowNodes(ed, nodes[ed.Node.FromID], nodes[ed.Node.ToID])
		switch {
		case !keep:
			removed = append(removed, ed.ID)
		case next.Visibility != ed.Visibility:
			if err := e.tx.UpdateEdge(e.ctx, e.m.ID, next); err != nil {
				return nil, nil, err
			}
			updated = append(updated, next)
		}
	}
	if len(removed) > 0 {
		if err := e.tx.DeleteEdges(e.ctx, e.m.ID, removed); err != nil {
			return nil, nil, err
		}
	}
	return updated, removed, nil
}

// relockLayers recomputes the layers' locked flags from their nodes.
func (e *edit) relockLayers() ([]domain.Layer, error) {
	if err := e.full(); err != nil {
		return nil, err
	}
	nodes, err := e.tx.NodesOfMap(e.ctx, e.m.ID)
	if err != nil {
		return nil, err
	}
	for i := range e.m.Layers {
		e.m.Layers[i].Locked = domain.LayerLocked(nodes, e.m.Layers[i].ID)
	}
	if err := e.saveMap(); err != nil {
		return nil, err
	}
	return e.m.Layers, nil
}

// reorder gives the listed nodes the drawing orders they hold between
// them, in the listed sequence: the others keep their places.
func (e *edit) reorder(ids []int64, nodes map[int64]domain.Node) error {
	orders := make([]int64, 0, len(ids))
	for _, id := range ids {
		orders = append(orders, nodes[id].Order)
	}
	slices.Sort(orders)
	for i, id := range ids {
		n := nodes[id]
		if n.Order == orders[i] {
			continue
		}
		n.Order = orders[i]
		if err := e.tx.UpdateNode(e.ctx, e.m.ID, n); err != nil {
			return err
		}
	}
	return e.record(TypeNodeOrder, Delta{Order: ids})
}

// unionByID lists each node once, keeping the first list's order.
func unionByID(a, b []domain.Node) []domain.Node {
	seen := make(map[int64]bool, len(a))
	out := append([]domain.Node(nil), a...)
	for _, n := range a {
		seen[n.ID] = true
	}
	for _, n := range b {
		if !seen[n.ID] {
			out = append(out, n)
		}
	}
	return out
}
