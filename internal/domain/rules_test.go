package domain

import (
	"encoding/json"
	"slices"
	"testing"
)

func ptr[T any](v T) *T { return &v }

func node(id int64, minL, maxL int) Node {
	return Node{ID: id, Design: NodeDesignFields.Blank(), Visibility: Visibility{MinLevel: minL, MaxLevel: maxL}}
}

func TestRemovingANodeRemovesItsEdges(t *testing.T) {
	edges := []Edge{{ID: 1, Node: EdgeEnds{1, 2}}, {ID: 2, Node: EdgeEnds{2, 3}}, {ID: 3, Node: EdgeEnds{3, 1}}, {ID: 4, Node: EdgeEnds{3, 4}}}
	got := EdgesOf(edges, map[int64]bool{1: true})
	if len(got) != 2 || got[0] != 1 || got[1] != 3 {
		t.Fatalf("edges of node 1 = %v, want [1 3]", got)
	}
}

func TestRemovingANodeClearsNavigationPointingAtIt(t *testing.T) {
	a, b, c := node(1, 1, 1), node(2, 1, 1), node(3, 1, 1)
	a.NextID = ptr(int64(2))
	c.PreviousID = ptr(int64(2))
	c.NextID = ptr(int64(1))
	changed := ClearNavigationTo([]Node{a, b, c}, map[int64]bool{2: true})
	if len(changed) != 2 || changed[0].NextID != nil || changed[1].PreviousID != nil || changed[1].NextID == nil {
		t.Fatalf("changed = %+v", changed)
	}
}

func TestNewNodeSpansCurrentLayerToLast(t *testing.T) {
	if v := NewNodeVisibility(3, 5); v.MinLevel != 3 || v.MaxLevel != 5 {
		t.Fatalf("got %+v", v)
	}
	if v := NewNodeVisibility(9, 5); v.MinLevel != 5 || v.MaxLevel != 5 {
		t.Fatalf("a current layer past the last is clamped: %+v", v)
	}
}

func TestCloneIsOffset30By30(t *testing.T) {
	n := node(7, 1, 2)
	n.Geometry.Center = Point{100, 50}
	n.NextID = ptr(int64(3))
	n.Content = map[Language]NodeContent{LangEN: {Title: "A"}}
	c := CloneNode(n, Point{CloneOffset, CloneOffset})
	if c.ID != 0 || c.Geometry.Center != (Point{130, 80}) || c.NextID != nil || c.Content[LangEN].Title != "A" {
		t.Fatalf("clone %+v", c)
	}
	c.Design["bg_color"] = "#000000"
	if n.Design["bg_color"] != nil {
		t.Fatal("the clone shares its design with the original")
	}
}

func TestCircleWidthAndHeightAreEqualTheLarger(t *testing.T) {
	d := NodeDesignFields.Blank()
	d["shape"], d["width"], d["height"] = "circle", 80.0, 120.0
	EqualCircleSides(d)
	if d["width"] != 120.0 || d["height"] != 120.0 {
		t.Fatalf("circle %v×%v", d["width"], d["height"])
	}
	d["shape"], d["width"], d["height"] = "rectangle", 80.0, 120.0
	EqualCircleSides(d)
	if d["width"] != 80.0 {
		t.Fatal("a rectangle must keep its sides")
	}
}

func TestMediaAndMediaURLExcludeEachOther(t *testing.T) {
	d := NodeDesignFields.Blank()
	d["media_url"] = "https://example.org/a.png"
	d["media"] = "asset-1"
	ExclusiveMedia(d, true, false)
	if d["media_url"] != nil || d["media"] != "asset-1" {
		t.Fatalf("setting media must clear media_url: %v", d)
	}
	d["media_url"] = "https://example.org/b.png"
	ExclusiveMedia(d, false, true)
	if d["media"] != nil {
		t.Fatalf("setting media_url must clear media: %v", d)
	}
}

func TestAValueEqualToTheTemplatesIsStoredAsNull(t *testing.T) {
	tmpl := NodeDesignFields.Blank()
	tmpl["bg_color"], tmpl["border_width"] = "#ff0000", 2.0
	d := NodeDesignFields.Blank()
	d["bg_color"], d["border_width"] = "#ff0000", 3.0
	NullWhereTemplateEqual(d, tmpl, []string{"bg_color", "border_width"})
	if d["bg_color"] != nil || d["border_width"] != 3.0 {
		t.Fatalf("got %v", d)
	}
}

func TestApplyingATemplateKeepsOnlyDifferingOverrides(t *testing.T) {
	tmpl := NodeDesignFields.Blank()
	tmpl["bg_color"] = "#ff0000"
	d := NodeDesignFields.Blank()
	d["shape"], d["bg_color"], d["font_size"] = "circle", "#ff0000", 20.0
	ApplyTemplate(d, "4", tmpl)
	if d["object_template"] != "4" || d["bg_color"] != nil || d["font_size"] != 20.0 || d["shape"] != "circle" {
		t.Fatalf("got %v", d)
	}
}

func TestRestoringATemplateClearsTheOverrides(t *testing.T) {
	d := NodeDesignFields.Blank()
	d["shape"], d["object_template"], d["bg_color"] = "rectangle", "4", "#000000"
	RestoreTemplate(d)
	if d["bg_color"] != nil || d["shape"] != "rectangle" || d["object_template"] != "4" {
		t.Fatalf("got %v", d)
	}
}

func TestCreatingATemplateFromAnObjectTakesItsValues(t *testing.T) {
	d := NodeDesignFields.Blank()
	d["shape"], d["object_template"], d["bg_color"] = "circle", "0", "#00ff00"
	tmpl := TemplateFromObject(d, nil)
	if tmpl["bg_color"] != "#00ff00" || tmpl["object_template"] != nil {
		t.Fatalf("template %v", tmpl)
	}
	// An object that follows a template passes on what it shows.
	followed := Design{"bg_color": "#ff0000", "border_width": 2.0}
	tmpl = TemplateFromObject(Design{"object_template": "4", "bg_color": "#00ff00"}, followed)
	if tmpl["bg_color"] != "#00ff00" || tmpl["border_width"] != 2.0 || tmpl["object_template"] != nil || followed["bg_color"] != "#ff0000" {
		t.Fatalf("template from a templated object %v (followed %v)", tmpl, followed)
	}
	RestoreTemplate(d)
	if d["bg_color"] != nil {
		t.Fatal("the object's overrides must be cleared")
	}
}

func TestDeletingATemplateFallsBackToNone(t *testing.T) {
	d := NodeDesignFields.Blank()
	d["object_template"], d["bg_color"] = "4", "#000000"
	DropTemplate(d)
	if d["object_template"] != NoTemplate || d["bg_color"] != "#000000" {
		t.Fatalf("got %v", d)
	}
}

func TestAConnectionNeedsTwoDistinctOverlappingNodes(t *testing.T) {
	a, b, c := node(1, 1, 3), node(2, 2, 5), node(3, 4, 5)
	v, err := NewEdgeVisibility(a, b)
	if err != nil || v.MinLevel != 2 || v.MaxLevel != 3 {
		t.Fatalf("a–b: %+v %v; want the intersection 2–3", v, err)
	}
	if _, err := NewEdgeVisibility(a, c); ErrorCode(err) != CodeConflict {
		t.Fatalf("a–c share no level: %v", err)
	}
	if _, err := NewEdgeVisibility(a, a); ErrorCode(err) != CodeInvalid {
		t.Fatalf("a node with itself: %v", err)
	}
	b.Visibility.Hidden = true
	if v, _ := NewEdgeVisibility(a, b); !v.Hidden {
		t.Fatal("an edge to a hidden node starts hidden")
	}
}

func TestAnEdgeFollowsItsNodesWhileTheyOverlap(t *testing.T) {
	e := Edge{ID: 1, Visibility: Visibility{MinLevel: 2, MaxLevel: 3}}
	e2, keep := FollowNodes(e, node(1, 1, 5), node(2, 3, 4))
	if !keep || e2.Visibility.MinLevel != 3 || e2.Visibility.MaxLevel != 4 {
		t.Fatalf("got %+v %v", e2.Visibility, keep)
	}
	if _, keep := FollowNodes(e, node(1, 1, 2), node(2, 3, 4)); keep {
		t.Fatal("an edge whose nodes no longer overlap must go")
	}
}

func TestAnEdgeIsHiddenWhenEitherEndIs(t *testing.T) {
	from, to := node(1, 1, 2), node(2, 1, 2)
	to.Visibility.Hidden = true
	e, _ := FollowNodes(Edge{}, from, to)
	if !e.Visibility.Hidden {
		t.Fatal("edge to a hidden node shows")
	}
	to.Visibility.Hidden = false
	if e, _ = FollowNodes(e, from, to); e.Visibility.Hidden {
		t.Fatal("edge between shown nodes stays hidden")
	}
}

func TestChangingTheLevelCountClampsRanges(t *testing.T) {
	if v := ClampToLevels(Visibility{MinLevel: 2, MaxLevel: 8}, 5); v.MinLevel != 2 || v.MaxLevel != 5 {
		t.Fatalf("got %+v", v)
	}
	if v := ClampToLevels(Visibility{MinLevel: 7, MaxLevel: 9}, 5); v.MinLevel != 5 || v.MaxLevel != 5 {
		t.Fatalf("a range wholly above is pulled to the last level: %+v", v)
	}
}

func TestDeletingALayerRenumbersTheHigherOnes(t *testing.T) {
	tests := []struct {
		in, want Visibility
		keep     bool
	}{
		{Visibility{MinLevel: 1, MaxLevel: 1}, Visibility{MinLevel: 1, MaxLevel: 1}, true},
		{Visibility{MinLevel: 1, MaxLevel: 4}, Visibility{MinLevel: 1, MaxLevel: 3}, true},
		{Visibility{MinLevel: 3, MaxLevel: 4}, Visibility{MinLevel: 2, MaxLevel: 3}, true},
		{Visibility{MinLevel: 2, MaxLevel: 4}, Visibility{MinLevel: 2, MaxLevel: 3}, true},
		{Visibility{MinLevel: 2, MaxLevel: 2}, Visibility{}, false},
	}
	for _, tt := range tests {
		got, keep := RangeAfterLayerDeleted(tt.in, 2)
		if keep != tt.keep || (keep && got != tt.want) {
			t.Errorf("%+v without layer 2 = %+v %v, want %+v %v", tt.in, got, keep, tt.want, tt.keep)
		}
	}
	layers := LayersAfterDelete([]Layer{{1, false, false}, {2, true, false}, {3, false, true}}, 2)
	if len(layers) != 2 || layers[1] != (Layer{ID: 2, Locked: true}) {
		t.Fatalf("layers %+v", layers)
	}
}

// Undoing a level deletion inserts the layer again: every range that did
// not touch the deleted level comes back exactly; one that spanned it is
// ambiguous (it may have ended next to it) and is given by the client.
func TestInsertingALayerUndoesItsDeletion(t *testing.T) {
	const levels = 6
	for k := 1; k <= levels; k++ {
		for lo := 1; lo <= levels; lo++ {
			for hi := lo; hi <= levels; hi++ {
				v := Visibility{MinLevel: lo, MaxLevel: hi, Hidden: lo%2 == 0}
				gone, keep := RangeAfterLayerDeleted(v, k)
				if lo == k && hi == k {
					if keep {
						t.Fatalf("%+v lay only on %d and was kept", v, k)
					}
					continue
				}
				back := RangeAfterLayerInserted(gone, k)
				touched := lo <= k && k <= hi
				if !touched && back != v {
					t.Errorf("%+v without and with layer %d = %+v", v, k, back)
				}
				if back.MinLevel < 1 || back.MaxLevel > levels || back.MinLevel > back.MaxLevel {
					t.Errorf("%+v without and with layer %d = %+v, out of 1..%d", v, k, back, levels)
				}
			}
		}
	}
	if got := RangeAfterLayerInserted(Visibility{MinLevel: 2, MaxLevel: 3}, 3); got != (Visibility{MinLevel: 2, MaxLevel: 4}) {
		t.Fatalf("a range reaching the inserted level stretches over it: %+v", got)
	}

	layers := []Layer{{1, false, false}, {2, true, false}, {3, false, true}, {4, true, true}}
	for k := 1; k <= len(layers); k++ {
		got := LayersAfterInsert(LayersAfterDelete(layers, k), layers[k-1])
		if !slices.Equal(got, layers) {
			t.Errorf("layer %d deleted and inserted again: %+v, want %+v", k, got, layers)
		}
	}
	if got := LayersAfterInsert([]Layer{{1, true, false}}, Layer{ID: 2, Locked: true}); !slices.Equal(got, []Layer{{1, true, false}, {2, false, true}}) {
		t.Fatalf("a layer inserted above the last: %+v", got)
	}
}

func TestALayerWithNoLockedNodeIsUnlocked(t *testing.T) {
	a, b := node(1, 2, 3), node(2, 3, 3)
	b.Editing.Locked = true
	if LayerLocked([]Node{a, b}, 2) {
		t.Fatal("layer 2 has no locked node")
	}
	if !LayerLocked([]Node{a, b}, 3) {
		t.Fatal("layer 3 has a locked node")
	}
}

func TestANodeWithContentCannotLink(t *testing.T) {
	var v Validation
	CheckNodeContent(map[Language]NodeContent{
		LangEN: {Title: "t", NodeLinkTo: "https://example.org"},
		LangDE: {Content: "<p>x</p>", NodeLinkTo: "https://example.org"},
	}, "", &v)
	err := v.Err().(*Error)
	if len(err.Details()) != 1 || err.Details()["content.de.node_link_to"] == "" {
		t.Fatalf("details %v", err.Details())
	}
}

func TestDesignPatchValidatesEveryField(t *testing.T) {
	d := NodeDesignFields.Blank()
	var v Validation
	patch := map[string]json.RawMessage{
		"bg_color":      json.RawMessage(`"#12ab"`),
		"border_style":  json.RawMessage(`"wavy"`),
		"media_opacity": json.RawMessage(`101`),
		"width":         json.RawMessage(`null`),
		"shape":         json.RawMessage(`"star"`),
		"sparkle":       json.RawMessage(`true`),
	}
	NodeDesignFields.Apply(d, patch, "design.", &v)
	err, _ := v.Err().(*Error)
	if err == nil {
		t.Fatal("no error")
	}
	for _, f := range []string{"design.border_style", "design.media_opacity", "design.sparkle"} {
		if err.Details()[f] == "" {
			t.Errorf("%s not named: %v", f, err.Details())
		}
	}
	if err.Details()["design.bg_color"] != "" || d["bg_color"] != "#12ab" || d["shape"] != "star" {
		t.Errorf("valid fields refused or not applied: %v %v", err.Details(), d)
	}
}

func TestTheDocumentCarriesASummaryOfContent(t *testing.T) {
	s := NodeContent{Title: "T", Abstract: "A", Content: "<p>x</p>", NodeSearchTerms: "a, b"}.Summary()
	if s.Title != "T" || s.NodeSearchTerms != "a, b" || s.Abstract != "" || s.Content != "" || !s.HasMore {
		t.Fatalf("summary %+v", s)
	}
	if s := (NodeContent{Title: "T", NodeLinkTo: "https://example.org"}).Summary(); s.HasMore || s.NodeLinkTo == "" {
		t.Fatalf("a node with only a title and a link has nothing more: %+v", s)
	}
}
