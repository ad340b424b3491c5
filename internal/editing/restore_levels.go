package editing

import (
	"fmt"

	"github.com/strata-maps/strata/internal/domain"
)

// LevelRestoration puts back a zoom level deleted with its layer: where it
// was, its layer's flags, and the ranges as they were before the deletion
// of the elements that spanned or reached it, which the renumbering cannot
// tell apart from ones that ended next to it.
type LevelRestoration struct {
	ID     int          `json:"id" required:"true"`
	Hidden bool         `json:"hidden"`
	Locked bool         `json:"locked"`
	Nodes  []LevelRange `json:"nodes"`
	Edges  []LevelRange `json:"edges"`
}

// LevelRange is an element's range before a level's deletion.
type LevelRange struct {
	ID       int64 `json:"id" required:"true"`
	MinLevel int   `json:"min_level" required:"true"`
	MaxLevel int   `json:"max_level" required:"true"`
}

// validate checks what needs no map: the ranges against the map come in
// restoreLevel.
func (l LevelRestoration) validate(v *domain.Validation) {
	v.Check(l.ID >= domain.MinLevels && l.ID <= domain.MaxLevels, "level.id", domain.OutOfRange(domain.MinLevels, domain.MaxLevels))
	if len(l.Nodes)+len(l.Edges) > maxRestored {
		// Not one detail per entry of a huge list.
		v.Add("level.nodes", domain.TooMany(maxRestored).Saying(fmt.Sprintf("level.nodes and level.edges name at most %d elements", maxRestored)))
		return
	}
	for list, ranges := range map[string][]LevelRange{"level.nodes": l.Nodes, "level.edges": l.Edges} {
		seen := make(map[int64]bool, len(ranges))
		for i, r := range ranges {
			prefix := fmt.Sprintf("%s[%d].", list, i)
			v.Check(r.ID > 0, prefix+"id", domain.Invalid("id"))
			v.Check(!seen[r.ID], prefix+"id", domain.Duplicate(r.ID))
			seen[r.ID] = true
			checkRange(v, r.visibility(), domain.MaxLevels, prefix)
		}
	}
}

func (r LevelRange) visibility() domain.Visibility {
	return domain.Visibility{MinLevel: r.MinLevel, MaxLevel: r.MaxLevel}
}

// restoreLevel inserts a layer at l.ID: the map has one more level, higher
// ranges move up (domain.RangeAfterLayerInserted), and the listed elements
// get their ranges as given. A listed element another editor deleted since
// is passed over: the rest of the undo still holds.
func (e *edit) restoreLevel(l LevelRestoration, set *restoredSet) error {
	levels := e.m.VisibilityLevels + 1
	if levels > domain.MaxLevels {
		return conflict("level.id", "the map has %d levels, the most a map may have", e.m.VisibilityLevels)
	}
	if l.ID > levels {
		return conflict("level.id", "the map has %d levels; a level goes back at 1 to %d", e.m.VisibilityLevels, levels)
	}
	var v domain.Validation
	nodeRanges := make(map[int64]domain.Visibility, len(l.Nodes))
	for i, r := range l.Nodes {
		checkRange(&v, r.visibility(), levels, fmt.Sprintf("level.nodes[%d].", i))
		nodeRanges[r.ID] = r.visibility()
	}
	edgeRanges := make(map[int64]domain.Visibility, len(l.Edges))
	for i, r := range l.Edges {
		checkRange(&v, r.visibility(), levels, fmt.Sprintf("level.edges[%d].", i))
		edgeRanges[r.ID] = r.visibility()
	}
	if err := v.Err(); err != nil {
		return err
	}
	nodes, err := e.tx.NodesOfMap(e.ctx, e.m.ID)
	if err != nil {
		return err
	}
	edges, err := e.tx.EdgesOfMap(e.ctx, e.m.ID)
	if err != nil {
		return err
	}
	if err := e.refuseLocked(l, nodes, edges); err != nil {
		return err
	}
	shift := func(v domain.Visibility, given map[int64]domain.Visibility, id int64) domain.Visibility {
		next := domain.RangeAfterLayerInserted(v, l.ID)
		if r, ok := given[id]; ok {
			next.MinLevel, next.MaxLevel = r.MinLevel, r.MaxLevel
		}
		return next
	}
	was := make(map[int64]domain.Visibility, len(nodes))
	now := make(map[int64]domain.Visibility, len(nodes))
	for _, n := range nodes {
		was[n.ID], now[n.ID] = n.Visibility, shift(n.Visibility, nodeRanges, n.ID)
	}
	for _, ed := range edges {
		// The given ranges must not pull an edge off its nodes' levels
		// (another editor changed a node since); one off them already
		// stays as it was.
		next := shift(ed.Visibility, edgeRanges, ed.ID)
		from, to := ed.Node.FromID, ed.Node.ToID
		if domain.EdgeWithinNodes(ed.Visibility, was[from], was[to]) && !domain.EdgeWithinNodes(next, now[from], now[to]) {
			return conflict("level.edges", "edge %d would lie outside the levels its nodes show on", ed.ID)
		}
		if next != ed.Visibility {
			ed.Visibility = next
			if err := e.tx.UpdateEdge(e.ctx, e.m.ID, ed); err != nil {
				return err
			}
			set.edge(ed)
		}
	}
	for _, n := range nodes {
		if now[n.ID] != n.Visibility {
			n.Visibility = now[n.ID]
			if err := e.tx.UpdateNode(e.ctx, e.m.ID, n); err != nil {
				return err
			}
			set.node(n)
		}
	}
	e.m.Layers = domain.LayersAfterInsert(domain.Layers(e.m.Layers, e.m.VisibilityLevels), domain.Layer{ID: l.ID, Hidden: l.Hidden, Locked: l.Locked})
	e.m.VisibilityLevels = levels
	if err := e.saveMap(); err != nil {
		return err
	}
	settings := newMapSettings(e.m)
	set.d.Map, set.d.Layers = &settings, e.m.Layers
	return nil
}

// refuseLocked refuses a restoration that sets the range of a locked
// element (a node on a locked layer is locked with it), as every other
// change to one is refused (409 conflict, problem locked): the range says
// on which layers it shows, and someone locked it after the level's
// deletion. A node back at the bottom of the restored layer, which was
// locked, was locked with it and may be. The renumbering of the others
// moves no element to another layer and passes. (Elements another editor
// holds in the live channel are refused before, by the handler:
// element_locked.)
func (e *edit) refuseLocked(l LevelRestoration, nodes []domain.Node, edges []domain.Edge) error {
	layers := domain.Layers(e.m.Layers, e.m.VisibilityLevels)
	byNode := make(map[int64]domain.Node, len(nodes))
	for _, n := range nodes {
		byNode[n.ID] = n
	}
	for i, r := range l.Nodes {
		n, ok := byNode[r.ID]
		if !ok || !n.Editing.Locked || (l.Locked && r.MinLevel == l.ID) {
			continue
		}
		msg := fmt.Sprintf("node %d is locked; unlock it first", n.ID)
		if k := n.Visibility.MinLevel; k >= 1 && k <= len(layers) && layers[k-1].Locked {
			msg = fmt.Sprintf("node %d is on level %d, which is locked; unlock it first", n.ID, k)
		}
		return &domain.Error{Code: domain.CodeConflict, Message: msg,
			Problems: domain.Problems{fmt.Sprintf("level.nodes[%d].id", i): domain.Locked(0)}}
	}
	byEdge := make(map[int64]domain.Edge, len(edges))
	for _, ed := range edges {
		byEdge[ed.ID] = ed
	}
	for i, r := range l.Edges {
		if ed, ok := byEdge[r.ID]; ok && ed.Locked {
			return &domain.Error{Code: domain.CodeConflict, Message: fmt.Sprintf("edge %d is locked; unlock it first", ed.ID),
				Problems: domain.Problems{fmt.Sprintf("level.edges[%d].id", i): domain.Locked(0)}}
		}
	}
	return nil
}
