package domain

import (
	"math"
	"slices"
)

// The editing rules of spec §4–§5 as pure functions. The editing service
// calls them inside the transaction of a change; none does I/O.

// NewNodeVisibility is the range of a new node: from the current layer to
// the last.
func NewNodeVisibility(currentLayer, levels int) Visibility {
	if currentLayer < MinLevels {
		currentLayer = MinLevels
	}
	if currentLayer > levels {
		currentLayer = levels
	}
	return Visibility{MinLevel: currentLayer, MaxLevel: levels}
}

// CloneNode copies a node to a new position offset by off (spec: 30 by 30
// by default); the copy has no id yet and no navigation links.
func CloneNode(n Node, off Point) Node {
	c := n
	c.ID = 0
	c.Design = n.Design.Clone()
	c.Content = make(map[Language]NodeContent, len(n.Content))
	for l, v := range n.Content {
		c.Content[l] = v
	}
	c.Geometry.Center = Point{X: n.Geometry.Center.X + off.X, Y: n.Geometry.Center.Y + off.Y}
	c.NextID, c.PreviousID = nil, nil
	c.Editing = Editing{}
	return c
}

// EqualCircleSides forces a circle's width and height equal, to the larger
// of those set.
func EqualCircleSides(d Design) {
	if d.String("shape") != "circle" {
		return
	}
	w, wok := d.Number("width")
	h, hok := d.Number("height")
	switch {
	case wok && hok:
		side := math.Max(w, h)
		d["width"], d["height"] = side, side
	case wok:
		d["height"] = w
	case hok:
		d["width"] = h
	}
}

// ExclusiveMedia keeps media and media_url from both being set: the one
// the patch set wins. A patch setting both is the caller's mistake and is
// refused before this is called.
func ExclusiveMedia(d Design, patchSetsMedia, patchSetsURL bool) {
	switch {
	case patchSetsMedia && d["media"] != nil:
		delete(d, "media_url")
	case patchSetsURL && d["media_url"] != nil:
		delete(d, "media")
	}
}

// NullWhereTemplateEqual stores as null every listed field whose value
// equals the template's: the object then follows the template.
func NullWhereTemplateEqual(d, template Design, fields []string) {
	if template == nil {
		return
	}
	for _, f := range fields {
		if d[f] != nil && d[f] == template[f] {
			delete(d, f)
		}
	}
}

// templateKeeps are the design fields that templating never clears: what
// the object is and which template it follows.
var templateKeeps = map[string]bool{"shape": true, "object_template": true}

// ApplyTemplate sets the object's template; its own values equal to the
// template's become null, the others stay as overrides.
func ApplyTemplate(d Design, templateID string, template Design) {
	d["object_template"] = templateID
	fields := make([]string, 0, len(d))
	for f := range d {
		if !templateKeeps[f] {
			fields = append(fields, f)
		}
	}
	NullWhereTemplateEqual(d, template, fields)
}

// RestoreTemplate clears the object's overrides so that it follows its
// template (or the global design) wholly again.
func RestoreTemplate(d Design) {
	for f := range d {
		if !templateKeeps[f] {
			delete(d, f)
		}
	}
}

// TemplateFromObject returns the design of a new template made from an
// object: the values it shows, which are its own and, where it has none,
// those of the template it follows now (followed, nil for none). The
// object's overrides are then cleared (RestoreTemplate) and it follows the
// new template, looking as before.
func TemplateFromObject(d, followed Design) Design {
	t := followed.Clone()
	for f, v := range d {
		t[f] = v
	}
	delete(t, "object_template")
	return t
}

// DropTemplate is what deleting a template does to an object that used it:
// the object has no template any more, and its null values now resolve
// from the global design.
func DropTemplate(d Design) {
	d["object_template"] = NoTemplate
}

// FollowTemplateAgain undoes DropTemplate when the template comes back: the
// object's own values were never touched, so following it is all it takes.
func FollowTemplateAgain(d Design, templateID string) {
	d["object_template"] = templateID
}

// EdgeWithinNodes reports whether an edge's range lies within the levels
// both its nodes show on, as edges are made and kept.
func EdgeWithinNodes(e, from, to Visibility) bool {
	both, ok := intersect(from, to)
	return ok && e.MinLevel >= both.MinLevel && e.MaxLevel <= both.MaxLevel
}

// ErrNoOverlap refuses an edge whose nodes never show on one level together.
var ErrNoOverlap = &Error{Code: CodeConflict, Message: "the two nodes share no zoom level, so they cannot be connected",
	Problems: Problems{"node.to_id": NoSharedLevel().Saying("shares no zoom level with the first node")}}

// NewEdgeVisibility is the range of a new edge between from and to: the
// intersection of theirs. The nodes must differ and overlap.
func NewEdgeVisibility(from, to Node) (Visibility, error) {
	if from.ID == to.ID {
		return Visibility{}, &Error{Code: CodeInvalid, Message: "an edge needs two different nodes",
			Problems: Problems{"node.to_id": SelfReference().Saying("must differ from node.from_id")}}
	}
	v, ok := intersect(from.Visibility, to.Visibility)
	if !ok {
		return Visibility{}, ErrNoOverlap
	}
	v.Hidden = from.Visibility.Hidden || to.Visibility.Hidden
	return v, nil
}

func intersect(a, b Visibility) (Visibility, bool) {
	v := Visibility{MinLevel: max(a.MinLevel, b.MinLevel), MaxLevel: min(a.MaxLevel, b.MaxLevel)}
	return v, v.MinLevel <= v.MaxLevel
}

// FollowNodes is an edge's range after one of its nodes changed: the
// overlap of the node ranges, kept only while non-empty (keep false means
// the edge goes). The edge is hidden when either end is.
func FollowNodes(e Edge, from, to Node) (Edge, bool) {
	v, ok := intersect(from.Visibility, to.Visibility)
	if !ok {
		return e, false
	}
	v.Hidden = from.Visibility.Hidden || to.Visibility.Hidden
	e.Visibility = v
	return e, true
}

// ClampToLevels fits a range into a new level count.
func ClampToLevels(v Visibility, levels int) Visibility {
	v.MinLevel = min(max(v.MinLevel, MinLevels), levels)
	v.MaxLevel = min(max(v.MaxLevel, v.MinLevel), levels)
	return v
}

// RangeAfterLayerDeleted renumbers a range when layer k is deleted: higher
// levels move down by one. keep is false for a range that lay wholly on k.
func RangeAfterLayerDeleted(v Visibility, k int) (Visibility, bool) {
	if v.MinLevel == k && v.MaxLevel == k {
		return v, false
	}
	if v.MinLevel > k {
		v.MinLevel--
	}
	if v.MaxLevel >= k {
		v.MaxLevel--
	}
	return v, true
}

// LayersAfterDelete renumbers the layer flags when layer k is deleted.
func LayersAfterDelete(layers []Layer, k int) []Layer {
	out := make([]Layer, 0, len(layers))
	for _, l := range layers {
		switch {
		case l.ID < k:
			out = append(out, l)
		case l.ID > k:
			l.ID--
			out = append(out, l)
		}
	}
	return out
}

// RangeAfterLayerInserted renumbers a range when a layer is inserted at k:
// levels from k up move up by one. For a range that did not touch level k
// it is the exact inverse of RangeAfterLayerDeleted; a range that spanned k
// cannot be told from one that ended next to it, so undoing a deletion sets
// those ranges as they were.
func RangeAfterLayerInserted(v Visibility, k int) Visibility {
	if v.MinLevel >= k {
		v.MinLevel++
	}
	if v.MaxLevel >= k {
		v.MaxLevel++
	}
	return v
}

// LayersAfterInsert renumbers the layer flags when layer l is inserted at
// l.ID: the layers from there up move up by one.
func LayersAfterInsert(layers []Layer, l Layer) []Layer {
	out := make([]Layer, 0, len(layers)+1)
	for _, x := range layers {
		if x.ID >= l.ID {
			x.ID++
		}
		out = append(out, x)
	}
	out = append(out, l)
	slices.SortFunc(out, func(a, b Layer) int { return a.ID - b.ID })
	return out
}

// Layers returns flags for levels 1..n, taking those given and filling the
// rest unset.
func Layers(given []Layer, n int) []Layer {
	// A level count is validated by the caller, sometimes after building the
	// map (CreateMap): a client's 2^32 or -1 must not allocate or panic first.
	n = min(max(n, 0), MaxLevels)
	out := make([]Layer, n)
	for i := range out {
		out[i] = Layer{ID: i + 1}
	}
	for _, l := range given {
		if l.ID >= 1 && l.ID <= n {
			out[l.ID-1] = l
		}
	}
	return out
}

// OnLayer reports whether a node belongs to layer k: it is first seen
// there. Hiding or locking a layer applies to these nodes.
func OnLayer(n Node, k int) bool { return n.Visibility.MinLevel == k }

// LayerLocked is a layer's locked flag recomputed from its nodes: a layer
// with no locked node is unlocked.
func LayerLocked(nodes []Node, k int) bool {
	for _, n := range nodes {
		if OnLayer(n, k) && n.Editing.Locked {
			return true
		}
	}
	return false
}

// ValidLevels reports whether n is an allowed level count.
func ValidLevels(n int) bool { return n >= MinLevels && n <= MaxLevels }

// ClearNavigationTo clears next_id and previous_id that point at removed
// nodes, returning the nodes it changed.
func ClearNavigationTo(nodes []Node, removed map[int64]bool) []Node {
	var changed []Node
	for _, n := range nodes {
		touched := false
		if n.NextID != nil && removed[*n.NextID] {
			n.NextID, touched = nil, true
		}
		if n.PreviousID != nil && removed[*n.PreviousID] {
			n.PreviousID, touched = nil, true
		}
		if touched {
			changed = append(changed, n)
		}
	}
	return changed
}

// EdgesOf returns the ids of the edges touching any of the nodes: removing
// a node removes them.
func EdgesOf(edges []Edge, nodes map[int64]bool) []int64 {
	var ids []int64
	for _, e := range edges {
		if nodes[e.Node.FromID] || nodes[e.Node.ToID] {
			ids = append(ids, e.ID)
		}
	}
	return ids
}

// CheckNodeContent enforces that a node with content has no direct link,
// per language, recording bad fields in v under prefix.
func CheckNodeContent(content map[Language]NodeContent, prefix string, v *Validation) {
	for lang, c := range content {
		if c.NodeLinkTo != "" && c.HasContent() {
			v.Add(prefix+"content."+string(lang)+".node_link_to", Exclusive("content").Saying("a node with content cannot link to an address"))
		}
	}
}
