package api_test

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/store"
	"github.com/strata-maps/strata/internal/store/storetest"
)

// The rules of map-editor.md §4–§5 through the API: each subtest is named
// after its rule, acts on a map of its own, and checks both the stored
// document (GET /maps/{id}) and the change log.
var mapRules = []struct {
	name string
	run  func(t *testing.T, m *testMap)
}{
	{"RemovingANodeRemovesItsEdgesAndClearsNavigationToIt", ruleRemovingANode},
	{"ANewNodeHasTheGivenRangeOrEveryLevel", ruleNewNodeRange},
	{"ACloneIsOffset30By30OrByTheGivenOffset", ruleCloneOffset},
	{"ACircleHasEqualSidesTheLarger", ruleCircleSides},
	{"AValueEqualToTheTemplatesIsStoredAsNull", ruleTemplateEqualIsNull},
	{"MediaAndMediaURLExcludeEachOther", ruleMediaExclusive},
	{"ApplyingATemplateKeepsOnlyDifferingOverrides", ruleApplyTemplate},
	{"RestoringATemplateClearsTheOverrides", ruleRestoreTemplate},
	{"CreatingATemplateFromAnObjectTakesItsValuesAndClearsItsOverrides", ruleTemplateFromObject},
	{"DeletingATemplateFallsBackToNone", ruleDeleteTemplate},
	{"AnEdgeNeedsTwoDistinctNodesWhoseRangesOverlap", ruleEdgeNeedsOverlap},
	{"AnEdgeRangeIsTheIntersectionAndFollowsItsNodes", ruleEdgeFollowsNodes},
	{"AnEdgeIsHiddenWhenEitherEndIsHidden", ruleEdgeHiddenWithEnd},
	{"ChangingTheLevelCountClampsEveryRange", ruleLevelCountClamps},
	{"DeletingALayerRenumbersTheHigherOnes", ruleDeleteLayer},
	{"HidingOrLockingALayerAppliesToItsNodes", ruleLayerFlags},
	{"TheAllEdgeToggles", ruleAllEdges},
	{"ALockedNodeRefusesChangesOtherThanUnlocking", ruleLockedNode},
	{"AnIDOnlyNodeListSavesTheOrder", ruleNodeOrder},
	{"ANodeWithContentCannotLink", ruleContentCannotLink},
	{"RichTextIsSanitised", ruleRichText},
	{"OnlyCircleAndRectangleMayBeCreated", ruleEnabledShapes},
}

func TestMapRules(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		ed := h.session(editor)
		for _, r := range mapRules {
			t.Run(r.name, func(t *testing.T) {
				t.Parallel() // each on a map of its own
				m := newTestMap(t, ed.in(t), h.users[editor].ID, 4)
				m.store = s
				r.run(t, m)
			})
		}
	})
}

// mediaAssets stores asset rows (no files) of the map's client, for rules
// that only need the keys to be the client's.
func (m *testMap) mediaAssets(keys ...string) {
	m.t.Helper()
	ctx := context.Background()
	mp, err := m.store.MapByID(ctx, m.id)
	if err != nil {
		m.t.Fatal(err)
	}
	for _, k := range keys {
		a := domain.MediaAsset{ClientID: mp.ClientID, Key: k, Type: domain.MediaImage, ContentType: "image/png", Name: k + ".png", Size: 1, Version: 1}
		if err := m.store.InsertMedia(ctx, store.MediaRow{MediaAsset: a}); err != nil {
			m.t.Fatal(err)
		}
	}
}

func ref(id int64) string { return strconv.FormatInt(id, 10) }

func (m *testMap) patchNode(id int64, design map[string]any) int64 {
	m.t.Helper()
	return changed(m.t, m.c.do("PATCH", m.path("/nodes/%d", id), map[string]any{"design": design}), 200)
}

func (m *testMap) patchEdge(id int64, design map[string]any) int64 {
	m.t.Helper()
	return changed(m.t, m.c.do("PATCH", m.path("/edges/%d", id), map[string]any{"design": design}), 200)
}

func nodePatch(id int64, fields map[string]any) map[string]any {
	fields["id"] = id
	return map[string]any{"nodes": []any{fields}}
}

func ruleRemovingANode(t *testing.T, m *testMap) {
	a, b, c := m.node(1, 4), m.node(1, 4), m.node(1, 4)
	ab, bc, ac := m.edge(a.ID, b.ID), m.edge(b.ID, c.ID), m.edge(a.ID, c.ID)
	m.patch(map[string]any{"nodes": []any{
		map[string]any{"id": a.ID, "next_id": b.ID},
		map[string]any{"id": c.ID, "previous_id": b.ID, "next_id": a.ID},
		map[string]any{"id": b.ID, "next_id": c.ID, "previous_id": a.ID},
	}})
	rev := m.revision()

	if got := changed(t, m.c.do("DELETE", m.path("/nodes/%d", b.ID), nil), 200); got != rev+1 {
		t.Fatalf("revision %d, want %d", got, rev+1)
	}
	d := m.doc()
	if len(d.Nodes) != 2 || d.hasNode(b.ID) {
		t.Fatalf("nodes %v", nodeIDs(d.Nodes))
	}
	if !sameIDs(d.edgeIDs(), []int64{ac.ID}) {
		t.Fatalf("edges %v, want only %d", d.edgeIDs(), ac.ID)
	}
	if na, nc := d.node(t, a.ID), d.node(t, c.ID); na.NextID != nil || nc.PreviousID != nil || nc.NextID == nil || *nc.NextID != a.ID {
		t.Fatalf("navigation to the removed node must be cleared, the rest kept: a %+v c %+v", na, nc)
	}
	ch := m.wantChanges(rev, "node_removed")[0].delta(t)
	if !sameIDs(ch.RemovedNodeIDs, []int64{b.ID}) || !sameIDs(ch.RemovedEdgeIDs, []int64{ab.ID, bc.ID}) || !sameIDs(nodeIDs(ch.Nodes), []int64{a.ID, c.ID}) {
		t.Fatalf("node_removed data %+v", ch)
	}
	m.c.do("DELETE", m.path("/nodes/%d", b.ID), nil).wantError(404, "not_found")
}

func ruleNewNodeRange(t *testing.T, m *testMap) {
	center := map[string]any{"center": map[string]float64{"x": 12.5, "y": 7}}
	def := m.nodeWith(map[string]any{"design": map[string]any{"shape": "circle"}, "geometry": center})
	given := m.nodeWith(map[string]any{"design": map[string]any{"shape": "rectangle"}, "geometry": center,
		"visibility": map[string]any{"min_level": 2, "max_level": 3, "hidden": true}})
	d := m.doc()
	n1, n2 := d.node(t, def.ID), d.node(t, given.ID)
	if n1.Visibility != vis(1, 4, false) || n2.Visibility != vis(2, 3, true) {
		t.Fatalf("ranges %+v and %+v", n1.Visibility, n2.Visibility)
	}
	if n1.Template != "0" || n1.Design["object_template"] != "0" || n1.Design["shape"] != "circle" || n1.Geometry.Shape != "circle" ||
		n1.Geometry.Center != (domain.Point{X: 12.5, Y: 7}) || n1.PopupType != "popup-small" || n1.Editing.Locked || n2.Order <= n1.Order {
		t.Fatalf("new node %+v", n1)
	}
	if n1.Visibility != def.Visibility || n1.Order != def.Order || n2.Visibility != given.Visibility || def.Geometry != n1.Geometry || given.Geometry.Shape != "rectangle" {
		t.Fatal("the answer differs from what is stored")
	}
	cs := m.wantChanges(0, "node_created", "node_created")
	if dl := cs[1].delta(t); len(dl.Nodes) != 1 || dl.Nodes[0].ID != given.ID || dl.Nodes[0].Visibility != vis(2, 3, true) {
		t.Fatalf("node_created data %s", cs[1].Data)
	}
}

func ruleCloneOffset(t *testing.T, m *testMap) {
	a, b := m.node(2, 3), m.node(1, 4)
	m.patch(nodePatch(a.ID, map[string]any{"design": map[string]any{"bg_color": "#00ff00"}, "next_id": b.ID,
		"content": map[string]any{"de": map[string]string{"title": "Titel"}}}))
	rev := m.revision()

	var c1, c2 domain.Node
	res := m.c.do("POST", m.path("/nodes/clone"), map[string]any{"id": a.ID})
	changed(t, res, 201)
	res.decode(&c1)
	res = m.c.do("POST", m.path("/nodes/clone"), map[string]any{"id": a.ID, "offset": map[string]float64{"x": -5, "y": 100}})
	changed(t, res, 201)
	res.decode(&c2)

	d := m.doc()
	orig, s1, s2 := d.node(t, a.ID), d.node(t, c1.ID), d.node(t, c2.ID)
	if s1.ID == a.ID || s1.Geometry.Center != (domain.Point{X: 130, Y: 230}) || s2.Geometry.Center != (domain.Point{X: 95, Y: 300}) {
		t.Fatalf("clones at %+v and %+v of %+v", s1.Geometry.Center, s2.Geometry.Center, orig.Geometry.Center)
	}
	if s1.Design["bg_color"] != "#00ff00" || s1.Content["de"].Title != "Titel" || s1.Visibility != vis(2, 3, false) || s1.NextID != nil ||
		s1.Order <= orig.Order || s2.Order <= s1.Order || orig.NextID == nil || orig.Geometry.Center != (domain.Point{X: 100, Y: 200}) {
		t.Fatalf("clone %+v of %+v", s1, orig)
	}
	cs := m.wantChanges(rev, "node_cloned", "node_cloned")
	if dl := cs[0].delta(t); len(dl.Nodes) != 1 || dl.Nodes[0].ID != c1.ID || dl.Nodes[0].Geometry.Center != s1.Geometry.Center {
		t.Fatalf("node_cloned data %s", cs[0].Data)
	}
}

func ruleCircleSides(t *testing.T, m *testMap) {
	n := m.node(1, 4)
	rev := m.revision()
	sides := func() (any, any) {
		d := m.doc().node(t, n.ID).Design
		return d["width"], d["height"]
	}
	m.patchNode(n.ID, map[string]any{"width": 80, "height": 120})
	if w, h := sides(); w != 80.0 || h != 120.0 {
		t.Fatalf("a rectangle keeps its sides: %v×%v", w, h)
	}
	m.patchNode(n.ID, map[string]any{"shape": "circle"})
	if w, h := sides(); w != 120.0 || h != 120.0 {
		t.Fatalf("becoming a circle: %v×%v, want the larger", w, h)
	}
	m.patchNode(n.ID, map[string]any{"width": 200})
	if w, h := sides(); w != 200.0 || h != 200.0 {
		t.Fatalf("a wider circle: %v×%v", w, h)
	}
	c := m.nodeWith(map[string]any{"design": map[string]any{"shape": "circle"}, "geometry": map[string]any{"center": map[string]int{"x": 0, "y": 0}}})
	m.patchNode(c.ID, map[string]any{"height": 50})
	if d := m.doc().node(t, c.ID); d.Design["width"] != 50.0 || d.Design["height"] != 50.0 || d.Geometry.Shape != "circle" {
		t.Fatalf("a circle given a height: %v×%v", d.Design["width"], d.Design["height"])
	}
	cs := m.wantChanges(rev, "node_design", "node_design", "node_design", "node_created", "node_design")
	if dl := cs[1].delta(t); len(dl.Nodes) != 1 || dl.Nodes[0].Design["width"] != 120.0 || dl.Nodes[0].Design["height"] != 120.0 {
		t.Fatalf("node_design data %s", cs[1].Data)
	}
}

func ruleTemplateEqualIsNull(t *testing.T, m *testMap) {
	nt := m.template(map[string]any{"name": "Red", "type": "node", "design": map[string]any{"bg_color": "#ff0000", "border_width": 3}})
	et := m.template(map[string]any{"name": "Dashed", "type": "edge", "design": map[string]any{"border_style": "dashed"}})
	n := m.nodeWith(map[string]any{"design": map[string]any{"shape": "rectangle", "object_template": ref(nt.ID)},
		"geometry": map[string]any{"center": map[string]int{"x": 1, "y": 1}}})
	if n.Template != ref(nt.ID) {
		t.Fatalf("created with template %q", n.Template)
	}
	o := m.node(1, 4)
	var e domain.Edge
	res := m.c.do("POST", m.path("/edges/"), map[string]any{"node": map[string]int64{"from_id": n.ID, "to_id": o.ID},
		"design": map[string]string{"object_template": ref(et.ID)}})
	changed(t, res, 201)
	res.decode(&e)
	if e.Template != ref(et.ID) {
		t.Fatalf("edge created with template %q", e.Template)
	}
	rev := m.revision()

	m.patchNode(n.ID, map[string]any{"bg_color": "#ff0000", "border_width": 4})
	m.patchEdge(e.ID, map[string]any{"border_style": "dashed", "border_color": "#0000ff"})
	d := m.doc()
	if nd := d.node(t, n.ID).Design; nd["bg_color"] != nil || nd["border_width"] != 4.0 {
		t.Fatalf("node design %v: the template's value is stored as null, another kept", nd)
	}
	if ed := d.edge(t, e.ID).Design; ed["border_style"] != nil || ed["border_color"] != "#0000ff" {
		t.Fatalf("edge design %v", ed)
	}
	m.patchNode(n.ID, map[string]any{"border_width": 3})
	if nd := m.doc().node(t, n.ID).Design; nd["border_width"] != nil {
		t.Fatalf("setting back the template's value: %v", nd["border_width"])
	}
	// Without a template, the same value is the node's own.
	m.patchNode(o.ID, map[string]any{"bg_color": "#ff0000"})
	if od := m.doc().node(t, o.ID).Design; od["bg_color"] != "#ff0000" {
		t.Fatalf("a node without template: %v", od["bg_color"])
	}
	cs := m.wantChanges(rev, "node_design", "edge_design", "node_design", "node_design")
	if dl := cs[0].delta(t); len(dl.Nodes) != 1 || dl.Nodes[0].Design["bg_color"] != nil || dl.Nodes[0].Design["border_width"] != 4.0 {
		t.Fatalf("node_design data %s", cs[0].Data)
	}
}

func ruleMediaExclusive(t *testing.T, m *testMap) {
	m.mediaAssets("asset-1", "bg-1", "bg-2")
	n := m.node(1, 4)
	rev := m.revision()
	media := func() (any, any) {
		d := m.doc().node(t, n.ID).Design
		return d["media"], d["media_url"]
	}
	m.patchNode(n.ID, map[string]any{"media_url": "https://example.org/a.png"})
	m.patchNode(n.ID, map[string]any{"media": "asset-1"})
	if k, u := media(); k != "asset-1" || u != nil {
		t.Fatalf("setting media must clear media_url: %v, %v", k, u)
	}
	m.patchNode(n.ID, map[string]any{"media_url": "/media/b.png"})
	if k, u := media(); k != nil || u != "/media/b.png" {
		t.Fatalf("setting media_url must clear media: %v, %v", k, u)
	}
	m.c.do("PATCH", m.path("/nodes/%d", n.ID), map[string]any{"design": map[string]any{"media": "asset-2", "media_url": "https://example.org/c.png"}}).
		wantError(400, "validation_failed", "design.media_url")
	if k, u := media(); k != nil || u != "/media/b.png" {
		t.Fatalf("a refused patch changed media: %v, %v", k, u)
	}

	// The map's background follows the same rule.
	changed(t, m.c.do("PATCH", m.path(""), map[string]any{"design": map[string]any{"media": "bg-1"}}), 200)
	changed(t, m.c.do("PATCH", m.path(""), map[string]any{"design": map[string]any{"media_url": "https://example.org/bg.png"}}), 200)
	if d := m.doc().Map.Design; d.Media != nil || d.MediaURL == nil || *d.MediaURL != "https://example.org/bg.png" {
		t.Fatalf("map media %v, media_url %v", d.Media, d.MediaURL)
	}
	changed(t, m.c.do("PATCH", m.path(""), map[string]any{"design": map[string]any{"media": "bg-2"}}), 200)
	if d := m.doc().Map.Design; d.Media == nil || *d.Media != "bg-2" || d.MediaURL != nil {
		t.Fatalf("map media %v, media_url %v", d.Media, d.MediaURL)
	}
	m.c.do("PATCH", m.path(""), map[string]any{"design": map[string]any{"media": "bg-3", "media_url": "https://example.org/x.png"}}).
		wantError(400, "validation_failed", "design.media_url")
	cs := m.wantChanges(rev, "node_design", "node_design", "node_design", "map", "map", "map")
	if dl := cs[1].delta(t); dl.Nodes[0].Design["media"] != "asset-1" || dl.Nodes[0].Design["media_url"] != nil {
		t.Fatalf("node_design data %s", cs[1].Data)
	}
}

func ruleApplyTemplate(t *testing.T, m *testMap) {
	nt := m.template(map[string]any{"name": "Red", "type": "node", "design": map[string]any{"bg_color": "#ff0000", "border_width": 3}})
	et := m.template(map[string]any{"name": "Thick", "type": "edge", "design": map[string]any{"border_width": 5}})
	n, o := m.node(1, 4), m.node(1, 4)
	e := m.edge(n.ID, o.ID)
	m.patchNode(n.ID, map[string]any{"bg_color": "#ff0000", "border_width": 5, "font_size": 20})
	m.patchEdge(e.ID, map[string]any{"border_width": 5, "line_end": "dot"})
	rev := m.revision()

	m.patchNode(n.ID, map[string]any{"object_template": ref(nt.ID)})
	m.patchEdge(e.ID, map[string]any{"object_template": ref(et.ID)})
	d := m.doc()
	got := d.node(t, n.ID)
	if got.Template != ref(nt.ID) || got.Design["object_template"] != ref(nt.ID) || got.Design["bg_color"] != nil ||
		got.Design["border_width"] != 5.0 || got.Design["font_size"] != 20.0 || got.Design["shape"] != "rectangle" {
		t.Fatalf("node after applying the template: %s %v", got.Template, got.Design)
	}
	ge := d.edge(t, e.ID)
	if ge.Template != ref(et.ID) || ge.Design["object_template"] != ref(et.ID) || ge.Design["border_width"] != nil || ge.Design["line_end"] != "dot" {
		t.Fatalf("edge after applying the template: %s %v", ge.Template, ge.Design)
	}
	if other := d.node(t, o.ID); other.Template != "0" {
		t.Fatalf("another node took the template: %s", other.Template)
	}
	cs := m.wantChanges(rev, "node_templates", "edge_templates")
	if dl := cs[0].delta(t); len(dl.Nodes) != 1 || dl.Nodes[0].Template != ref(nt.ID) {
		t.Fatalf("node_templates data %s", cs[0].Data)
	}

	// "0" takes the template away again; the overrides stay.
	m.patchNode(n.ID, map[string]any{"object_template": "0"})
	if got := m.doc().node(t, n.ID); got.Template != "0" || got.Design["border_width"] != 5.0 {
		t.Fatalf("after removing the template: %s %v", got.Template, got.Design)
	}
	m.wantChanges(rev+2, "node_templates")
}

func ruleRestoreTemplate(t *testing.T, m *testMap) {
	nt := m.template(map[string]any{"name": "Red", "type": "node", "design": map[string]any{"bg_color": "#ff0000"}})
	et := m.template(map[string]any{"name": "Dotted", "type": "edge", "design": map[string]any{"border_style": "dotted"}})
	n := m.nodeWith(map[string]any{"design": map[string]any{"shape": "circle", "object_template": ref(nt.ID)},
		"geometry": map[string]any{"center": map[string]int{"x": 1, "y": 1}}})
	o := m.node(1, 4)
	e := m.edge(n.ID, o.ID)
	m.patchEdge(e.ID, map[string]any{"object_template": ref(et.ID)})
	m.patchNode(n.ID, map[string]any{"bg_color": "#000000", "width": 90, "font_size": 12})
	m.patchEdge(e.ID, map[string]any{"border_style": "solid", "line_start": "wide"})
	rev := m.revision()

	m.patch(map[string]any{
		"nodes": []any{map[string]any{"id": n.ID, "restore_template": true}},
		"edges": []any{map[string]any{"id": e.ID, "restore_template": true}},
	})
	d := m.doc()
	got := d.node(t, n.ID)
	for f, v := range got.Design {
		switch f {
		case "shape":
			if v != "circle" {
				t.Fatalf("shape %v", v)
			}
		case "object_template":
			if v != ref(nt.ID) {
				t.Fatalf("object_template %v", v)
			}
		default:
			if v != nil {
				t.Fatalf("override %s = %v was kept", f, v)
			}
		}
	}
	if got.Template != ref(nt.ID) {
		t.Fatalf("template %s", got.Template)
	}
	ge := d.edge(t, e.ID)
	for f, v := range ge.Design {
		if f != "object_template" && v != nil {
			t.Fatalf("edge override %s = %v was kept", f, v)
		}
	}
	if ge.Template != ref(et.ID) {
		t.Fatalf("edge template %s", ge.Template)
	}
	cs := m.wantChanges(rev, "node_templates", "edge_templates")
	if dl := cs[0].delta(t); len(dl.Nodes) != 1 || dl.Nodes[0].Design["bg_color"] != nil || dl.Nodes[0].Design["width"] != nil {
		t.Fatalf("node_templates data %s", cs[0].Data)
	}
}

func ruleTemplateFromObject(t *testing.T, m *testMap) {
	n, o := m.node(1, 4), m.node(1, 4)
	m.patchNode(n.ID, map[string]any{"bg_color": "#00ff00", "border_width": 2})
	e := m.edge(n.ID, o.ID)
	m.patchEdge(e.ID, map[string]any{"line_end": "sharp", "border_color": "#111111"})
	rev := m.revision()

	tn := m.template(map[string]any{"name": "From node", "type": "node", "from_node_id": n.ID})
	te := m.template(map[string]any{"name": "From edge", "type": "edge", "from_edge_id": e.ID})
	if tn.Type != "node" || tn.Design["bg_color"] != "#00ff00" || tn.Design["border_width"] != 2.0 || tn.Design["object_template"] != nil {
		t.Fatalf("template from node %+v", tn)
	}
	d := m.doc()
	if st := d.template(t, tn.ID); st.Name != "From node" || st.Design["bg_color"] != "#00ff00" {
		t.Fatalf("stored template %+v", st)
	}
	if st := d.template(t, te.ID); st.Type != "edge" || st.Design["line_end"] != "sharp" || st.Design["border_color"] != "#111111" {
		t.Fatalf("stored edge template %+v", st)
	}
	got := d.node(t, n.ID)
	if got.Template != ref(tn.ID) || got.Design["object_template"] != ref(tn.ID) || got.Design["bg_color"] != nil ||
		got.Design["border_width"] != nil || got.Design["shape"] != "rectangle" {
		t.Fatalf("the node follows the new template with its overrides cleared: %s %v", got.Template, got.Design)
	}
	if ge := d.edge(t, e.ID); ge.Template != ref(te.ID) || ge.Design["line_end"] != nil || ge.Design["border_color"] != nil {
		t.Fatalf("the edge follows the new template: %s %v", ge.Template, ge.Design)
	}
	cs := m.wantChanges(rev, "object_templates", "object_templates")
	if dl := cs[0].delta(t); len(dl.Templates) != 1 || dl.Templates[0].ID != tn.ID || len(dl.Nodes) != 1 || dl.Nodes[0].Template != ref(tn.ID) {
		t.Fatalf("object_templates data %s", cs[0].Data)
	}

	// A node that follows a template passes on what it shows: its own
	// values over those of its template.
	m.patchNode(o.ID, map[string]any{"object_template": ref(tn.ID), "font_size": 30})
	t2 := m.template(map[string]any{"name": "Second", "type": "node", "from_node_id": o.ID})
	if t2.Design["bg_color"] != "#00ff00" || t2.Design["border_width"] != 2.0 || t2.Design["font_size"] != 30.0 {
		t.Fatalf("template from a templated node %v", t2.Design)
	}
	if got := m.doc().node(t, o.ID); got.Template != ref(t2.ID) || got.Design["font_size"] != nil {
		t.Fatalf("node after %s %v", got.Template, got.Design)
	}
}

func ruleDeleteTemplate(t *testing.T, m *testMap) {
	nt := m.template(map[string]any{"name": "Red", "type": "node", "design": map[string]any{"bg_color": "#ff0000"}})
	keep := m.template(map[string]any{"name": "Kept", "type": "node"})
	et := m.template(map[string]any{"name": "Dotted", "type": "edge", "design": map[string]any{"border_style": "dotted"}})
	var ns []domain.Node
	for _, tp := range []int64{nt.ID, nt.ID, keep.ID} {
		ns = append(ns, m.nodeWith(map[string]any{"design": map[string]any{"shape": "rectangle", "object_template": ref(tp)},
			"geometry": map[string]any{"center": map[string]int{"x": 1, "y": 1}}}))
	}
	m.patchNode(ns[0].ID, map[string]any{"font_size": 14})
	e := m.edge(ns[0].ID, ns[1].ID)
	m.patchEdge(e.ID, map[string]any{"object_template": ref(et.ID)})
	rev := m.revision()

	changed(t, m.c.do("DELETE", m.path("/templates/objects/%d", nt.ID), nil), 200)
	changed(t, m.c.do("DELETE", m.path("/templates/objects/%d", et.ID), nil), 200)
	d := m.doc()
	for _, n := range ns[:2] {
		got := d.node(t, n.ID)
		if got.Template != "0" || got.Design["object_template"] != "0" {
			t.Fatalf("node %d still follows %s / %v", n.ID, got.Template, got.Design["object_template"])
		}
	}
	if got := d.node(t, ns[0].ID); got.Design["font_size"] != 14.0 {
		t.Fatalf("the node's own values stay: %v", got.Design)
	}
	if got := d.node(t, ns[2].ID); got.Template != ref(keep.ID) {
		t.Fatalf("a node of another template changed: %s", got.Template)
	}
	if ge := d.edge(t, e.ID); ge.Template != "0" || ge.Design["object_template"] != "0" {
		t.Fatalf("edge still follows %s", ge.Template)
	}
	if len(d.ObjectTemplates) != 1 || d.ObjectTemplates[0].ID != keep.ID {
		t.Fatalf("templates left %+v", d.ObjectTemplates)
	}
	cs := m.wantChanges(rev, "object_templates", "object_templates")
	if dl := cs[0].delta(t); !sameIDs(dl.RemovedTemplateIDs, []int64{nt.ID}) || !sameIDs(nodeIDs(dl.Nodes), []int64{ns[0].ID, ns[1].ID}) {
		t.Fatalf("object_templates data %s", cs[0].Data)
	}
	if dl := cs[1].delta(t); !sameIDs(dl.RemovedTemplateIDs, []int64{et.ID}) || !sameIDs(edgeIDsOf(dl.Edges), []int64{e.ID}) {
		t.Fatalf("object_templates data %s", cs[1].Data)
	}
	// Nodes created later cannot use it.
	m.c.do("POST", m.path("/nodes"), map[string]any{"design": map[string]any{"shape": "circle", "object_template": ref(nt.ID)},
		"geometry": map[string]any{"center": map[string]int{"x": 1, "y": 1}}}).wantError(404, "not_found", "design.object_template")
}

func ruleEdgeNeedsOverlap(t *testing.T, m *testMap) {
	a, b, c := m.node(1, 2), m.node(3, 4), m.node(2, 3)
	rev := m.revision()
	m.c.do("POST", m.path("/edges/"), map[string]any{"node": map[string]int64{"from_id": a.ID, "to_id": a.ID}}).
		wantError(400, "validation_failed", "node.to_id")
	m.c.do("POST", m.path("/edges/"), map[string]any{"node": map[string]int64{"from_id": a.ID, "to_id": b.ID}}).
		wantError(409, "conflict", "node.to_id")
	e := m.edge(a.ID, c.ID)
	f := m.edge(c.ID, b.ID)
	d := m.doc()
	if !sameIDs(d.edgeIDs(), []int64{e.ID, f.ID}) || d.edge(t, e.ID).Visibility != vis(2, 2, false) || d.edge(t, f.ID).Visibility != vis(3, 3, false) {
		t.Fatalf("edges %+v", d.Edges)
	}
	m.wantChanges(rev, "edge_created", "edge_created")
}

func ruleEdgeFollowsNodes(t *testing.T, m *testMap) {
	a, b := m.node(1, 3), m.node(2, 4)
	e := m.edge(a.ID, b.ID)
	if e.Visibility != vis(2, 3, false) {
		t.Fatalf("a new edge's range %+v, want the intersection 2–3", e.Visibility)
	}
	// A narrower range may be asked for, within the intersection.
	var narrow domain.Edge
	res := m.c.do("POST", m.path("/edges/"), map[string]any{"node": map[string]int64{"from_id": b.ID, "to_id": a.ID},
		"visibility": map[string]any{"min_level": 3, "max_level": 3, "hidden": false}})
	changed(t, res, 201)
	res.decode(&narrow)
	if narrow.Visibility != vis(3, 3, false) {
		t.Fatalf("narrowed edge %+v", narrow.Visibility)
	}
	rev := m.revision()

	m.patch(nodePatch(a.ID, map[string]any{"visibility": map[string]int{"max_level": 4}}))
	if got := m.doc().edge(t, e.ID).Visibility; got != vis(2, 4, false) {
		t.Fatalf("after the node widened: %+v, want 2–4", got)
	}
	cs := m.wantChanges(rev, "node_visibility")
	if dl := cs[0].delta(t); !sameIDs(edgeIDsOf(dl.Edges), []int64{e.ID, narrow.ID}) || dl.Nodes[0].Visibility != vis(1, 4, false) {
		t.Fatalf("node_visibility data %s", cs[0].Data)
	}

	m.patch(nodePatch(b.ID, map[string]any{"visibility": map[string]int{"min_level": 3}}))
	if got := m.doc().edge(t, e.ID).Visibility; got != vis(3, 4, false) {
		t.Fatalf("after the other node narrowed: %+v, want 3–4", got)
	}

	m.patch(nodePatch(a.ID, map[string]any{"visibility": map[string]int{"min_level": 1, "max_level": 2}}))
	d := m.doc()
	if len(d.Edges) != 0 {
		t.Fatalf("edges between nodes that no longer overlap: %+v", d.Edges)
	}
	cs = m.wantChanges(rev+1, "node_visibility", "node_visibility")
	if dl := cs[1].delta(t); !sameIDs(dl.RemovedEdgeIDs, []int64{e.ID, narrow.ID}) {
		t.Fatalf("node_visibility data %s", cs[1].Data)
	}
}

func ruleEdgeHiddenWithEnd(t *testing.T, m *testMap) {
	a, b, c := m.node(1, 4), m.node(1, 4), m.node(1, 4)
	ab, bc := m.edge(a.ID, b.ID), m.edge(b.ID, c.ID)
	rev := m.revision()

	m.patch(nodePatch(a.ID, map[string]any{"visibility": map[string]bool{"hidden": true}}))
	d := m.doc()
	if !d.edge(t, ab.ID).Visibility.Hidden || d.edge(t, bc.ID).Visibility.Hidden || d.edge(t, ab.ID).Visibility != vis(1, 4, true) {
		t.Fatalf("after hiding a: %+v", d.Edges)
	}
	cs := m.wantChanges(rev, "node_hidden")
	if dl := cs[0].delta(t); !sameIDs(edgeIDsOf(dl.Edges), []int64{ab.ID}) || !dl.Edges[0].Visibility.Hidden {
		t.Fatalf("node_hidden data %s", cs[0].Data)
	}

	m.patch(nodePatch(a.ID, map[string]any{"visibility": map[string]bool{"hidden": false}}))
	if m.doc().edge(t, ab.ID).Visibility.Hidden {
		t.Fatal("the edge stays hidden after its node shows again")
	}
	m.patch(nodePatch(c.ID, map[string]any{"visibility": map[string]bool{"hidden": true}}))
	if e := m.edge(a.ID, c.ID); !e.Visibility.Hidden {
		t.Fatalf("an edge created to a hidden node: %+v", e.Visibility)
	}
	m.wantChanges(rev+1, "node_hidden", "node_hidden", "edge_created")
}

func ruleLevelCountClamps(t *testing.T, m *testMap) {
	a, b, c := m.node(1, 4), m.node(3, 4), m.node(1, 1)
	ab := m.edge(a.ID, b.ID)
	rev := m.revision()

	changed(t, m.c.do("PATCH", m.path(""), map[string]any{"visibility_levels": 2}), 200)
	d := m.doc()
	if d.Map.VisibilityLevels != 2 || len(d.Layers) != 2 {
		t.Fatalf("levels %d, layers %+v", d.Map.VisibilityLevels, d.Layers)
	}
	if d.node(t, a.ID).Visibility != vis(1, 2, false) || d.node(t, b.ID).Visibility != vis(2, 2, false) ||
		d.node(t, c.ID).Visibility != vis(1, 1, false) || d.edge(t, ab.ID).Visibility != vis(2, 2, false) {
		t.Fatalf("ranges after clamping: %+v %+v", d.Nodes, d.Edges)
	}
	cs := m.wantChanges(rev, "map")
	if dl := cs[0].delta(t); dl.Map == nil || dl.Map.VisibilityLevels != 2 || !sameIDs(nodeIDs(dl.Nodes), []int64{a.ID, b.ID}) ||
		!sameIDs(edgeIDsOf(dl.Edges), []int64{ab.ID}) || len(dl.Layers) != 2 {
		t.Fatalf("map data %s", cs[0].Data)
	}

	changed(t, m.c.do("PATCH", m.path(""), map[string]any{"visibility_levels": 5}), 200)
	d = m.doc()
	if d.Map.VisibilityLevels != 5 || len(d.Layers) != 5 || d.Layers[4].ID != 5 || d.node(t, a.ID).Visibility != vis(1, 2, false) {
		t.Fatalf("growing: levels %d, layers %+v, a %+v", d.Map.VisibilityLevels, d.Layers, d.node(t, a.ID).Visibility)
	}
	// The same rule through the elements patch.
	m.patch(map[string]any{"map": map[string]any{"visibility_levels": 1}})
	if d = m.doc(); d.node(t, b.ID).Visibility != vis(1, 1, false) || d.edge(t, ab.ID).Visibility != vis(1, 1, false) {
		t.Fatalf("clamped to one level: %+v %+v", d.Nodes, d.Edges)
	}
	m.wantChanges(rev+1, "map", "map")
}

func ruleDeleteLayer(t *testing.T, m *testMap) {
	onlyTwo, high, low, all, mid := m.node(2, 2), m.node(3, 4), m.node(1, 2), m.node(1, 4), m.node(2, 4)
	highAll, twoAll, lowAll := m.edge(high.ID, all.ID), m.edge(onlyTwo.ID, all.ID), m.edge(low.ID, all.ID)
	m.patch(map[string]any{
		"levels": []any{map[string]any{"id": 4, "hidden": true}},
		"nodes":  []any{map[string]any{"id": all.ID, "next_id": onlyTwo.ID}},
	})
	rev := m.revision()

	m.patch(map[string]any{"levels": []any{map[string]any{"id": 2, "delete": true}}})
	d := m.doc()
	if d.Map.VisibilityLevels != 3 || len(d.Layers) != 3 || !d.Layers[2].Hidden || d.Layers[1].Hidden {
		t.Fatalf("levels %d, layers %+v (layer 4's flag moves to 3)", d.Map.VisibilityLevels, d.Layers)
	}
	if d.hasNode(onlyTwo.ID) {
		t.Fatal("a node only on the deleted layer stays")
	}
	for _, c := range []struct {
		id   int64
		want domain.Visibility
	}{{high.ID, vis(2, 3, false)}, {low.ID, vis(1, 1, false)}, {all.ID, vis(1, 3, false)}, {mid.ID, vis(2, 3, false)}} {
		if got := d.node(t, c.id).Visibility; got != c.want {
			t.Fatalf("node %d: %+v, want %+v", c.id, got, c.want)
		}
	}
	if !sameIDs(d.edgeIDs(), []int64{highAll.ID, lowAll.ID}) || d.edge(t, highAll.ID).Visibility != vis(2, 3, false) ||
		d.edge(t, lowAll.ID).Visibility != vis(1, 1, false) {
		t.Fatalf("edges %+v", d.Edges)
	}
	if d.node(t, all.ID).NextID != nil {
		t.Fatal("navigation to the removed node stays")
	}
	cs := m.wantChanges(rev, "layer_removed")
	if dl := cs[0].delta(t); !sameIDs(dl.RemovedNodeIDs, []int64{onlyTwo.ID}) || !sameIDs(dl.RemovedEdgeIDs, []int64{twoAll.ID}) ||
		dl.Map == nil || dl.Map.VisibilityLevels != 3 || len(dl.Layers) != 3 {
		t.Fatalf("layer_removed data %s", cs[0].Data)
	}

	// The last level cannot go.
	m.patch(map[string]any{"levels": []any{map[string]any{"id": 3, "delete": true}, map[string]any{"id": 2, "delete": true}}})
	m.c.do("PATCH", m.path("/elements"), map[string]any{"levels": []any{map[string]any{"id": 1, "delete": true}}}).
		wantError(409, "conflict", "levels[0].id")
	if d := m.doc(); d.Map.VisibilityLevels != 1 || len(d.Nodes) != 2 || len(d.Edges) != 1 {
		t.Fatalf("one level left: %d, nodes %v", d.Map.VisibilityLevels, nodeIDs(d.Nodes))
	}
}

func ruleLayerFlags(t *testing.T, m *testMap) {
	a, b, c := m.node(2, 4), m.node(1, 4), m.node(2, 2)
	ab := m.edge(a.ID, b.ID)
	rev := m.revision()

	m.patch(map[string]any{"levels": []any{map[string]any{"id": 2, "hidden": true}}})
	d := m.doc()
	if !d.node(t, a.ID).Visibility.Hidden || !d.node(t, c.ID).Visibility.Hidden || d.node(t, b.ID).Visibility.Hidden {
		t.Fatalf("hiding layer 2 hides the nodes first seen there: %+v", d.Nodes)
	}
	if !d.Layers[1].Hidden || d.Layers[0].Hidden || !d.edge(t, ab.ID).Visibility.Hidden {
		t.Fatalf("layers %+v, edge %+v", d.Layers, d.edge(t, ab.ID).Visibility)
	}
	cs := m.wantChanges(rev, "layer_hidden")
	if dl := cs[0].delta(t); !sameIDs(nodeIDs(dl.Nodes), []int64{a.ID, c.ID}) || !sameIDs(edgeIDsOf(dl.Edges), []int64{ab.ID}) || !dl.Layers[1].Hidden {
		t.Fatalf("layer_hidden data %s", cs[0].Data)
	}

	m.patch(map[string]any{"levels": []any{map[string]any{"id": 2, "locked": true}}})
	d = m.doc()
	if !d.node(t, a.ID).Editing.Locked || !d.node(t, c.ID).Editing.Locked || d.node(t, b.ID).Editing.Locked || !d.Layers[1].Locked {
		t.Fatalf("locking layer 2: %+v, layers %+v", d.Nodes, d.Layers)
	}
	// Unlocking one of its nodes leaves the layer locked; the last unlocks it.
	m.patch(nodePatch(a.ID, map[string]any{"editing": map[string]bool{"locked": false}}))
	if d = m.doc(); !d.Layers[1].Locked || d.node(t, a.ID).Editing.Locked {
		t.Fatalf("after unlocking one node: layers %+v", d.Layers)
	}
	m.patch(nodePatch(c.ID, map[string]any{"editing": map[string]bool{"locked": false}}))
	if d = m.doc(); d.Layers[1].Locked {
		t.Fatalf("a layer with no locked node stays locked: %+v", d.Layers)
	}
	cs = m.wantChanges(rev+1, "layer_locked", "node_locked", "node_locked")
	if dl := cs[2].delta(t); len(dl.Layers) != 4 || dl.Layers[1].Locked || len(dl.Nodes) != 1 || dl.Nodes[0].ID != c.ID {
		t.Fatalf("node_locked data %s", cs[2].Data)
	}

	m.patch(map[string]any{"levels": []any{map[string]any{"id": 2, "hidden": false}}})
	if d = m.doc(); d.node(t, a.ID).Visibility.Hidden || d.Layers[1].Hidden || d.edge(t, ab.ID).Visibility.Hidden {
		t.Fatalf("showing layer 2 again: %+v", d)
	}
}

func ruleAllEdges(t *testing.T, m *testMap) {
	a, b, c := m.node(1, 4), m.node(1, 4), m.node(2, 3)
	rev := m.revision()
	// Nothing to delete is no change.
	if got := m.patch(map[string]any{"all_edges": map[string]bool{"delete": true}}); got != rev {
		t.Fatalf("deleting no edges moved the revision to %d", got)
	}
	es := []domain.Edge{m.edge(a.ID, b.ID), m.edge(b.ID, c.ID), m.edge(c.ID, a.ID)}
	rev = m.revision()

	m.patch(map[string]any{"all_edges": map[string]bool{"hidden": true}})
	for _, e := range m.doc().Edges {
		if !e.Visibility.Hidden {
			t.Fatalf("edge %d not hidden", e.ID)
		}
	}
	m.patch(map[string]any{"all_edges": map[string]bool{"locked": true}})
	for _, e := range m.doc().Edges {
		if !e.Locked || !e.Visibility.Hidden {
			t.Fatalf("edge %d: locked %v hidden %v", e.ID, e.Locked, e.Visibility.Hidden)
		}
	}
	m.patch(map[string]any{"all_edges": map[string]bool{"hidden": false, "locked": false}})
	for _, e := range m.doc().Edges {
		if e.Locked || e.Visibility.Hidden {
			t.Fatalf("edge %d: locked %v hidden %v", e.ID, e.Locked, e.Visibility.Hidden)
		}
	}
	m.patch(map[string]any{"all_edges": map[string]bool{"delete": true}})
	d := m.doc()
	if len(d.Edges) != 0 || len(d.Nodes) != 3 {
		t.Fatalf("after deleting every edge: %d edges, %d nodes", len(d.Edges), len(d.Nodes))
	}
	cs := m.wantChanges(rev, "edge_visibility", "edge_locked", "edge_visibility", "edge_all_removed")
	if dl := cs[0].delta(t); len(dl.Edges) != 3 {
		t.Fatalf("edge_visibility data %s", cs[0].Data)
	}
	if dl := cs[3].delta(t); !sameIDs(dl.RemovedEdgeIDs, edgeIDsOf(es)) {
		t.Fatalf("edge_all_removed data %s", cs[3].Data)
	}
}

func ruleLockedNode(t *testing.T, m *testMap) {
	n, o := m.node(1, 4), m.node(1, 4)
	e := m.edge(n.ID, o.ID)
	rev := m.revision()
	m.patch(nodePatch(n.ID, map[string]any{"editing": map[string]bool{"locked": true}}))
	locked := m.raw()

	m.c.do("PATCH", m.path("/nodes/%d", n.ID), map[string]any{"design": map[string]any{"bg_color": "#000000"}}).wantError(409, "conflict", "id")
	for _, p := range []map[string]any{
		{"geometry": map[string]any{"center": map[string]int{"x": 0, "y": 0}}},
		{"visibility": map[string]bool{"hidden": true}},
		{"content": map[string]any{"en": map[string]string{"title": "T"}}},
		{"restore_template": true},
		{"editing": map[string]bool{"locked": false}, "design": map[string]any{"bg_color": "#000000"}},
	} {
		m.c.do("PATCH", m.path("/elements"), nodePatch(n.ID, p)).wantError(409, "conflict", "nodes[0].id")
	}
	m.c.do("DELETE", m.path("/nodes/%d", n.ID), nil).wantError(409, "conflict", "id")
	if after := m.raw(); after != locked {
		t.Fatalf("a locked node changed:\nbefore %s\nafter  %s", locked, after)
	}
	m.wantChanges(rev, "node_locked")

	// A locked edge likewise, until the all-edges toggle unlocks it.
	m.patch(map[string]any{"edges": []any{map[string]any{"id": e.ID, "locked": true}}})
	m.c.do("PATCH", m.path("/edges/%d", e.ID), map[string]any{"design": map[string]any{"border_width": 2}}).wantError(409, "conflict", "id")
	m.c.do("DELETE", m.path("/edges/%d", e.ID), nil).wantError(409, "conflict", "id")
	m.patch(map[string]any{"all_edges": map[string]bool{"locked": false}})
	changed(t, m.c.do("DELETE", m.path("/edges/%d", e.ID), nil), 200)

	m.patch(nodePatch(n.ID, map[string]any{"editing": map[string]bool{"locked": false}}))
	m.patchNode(n.ID, map[string]any{"bg_color": "#000000"})
	changed(t, m.c.do("DELETE", m.path("/nodes/%d", n.ID), nil), 200)
	m.wantChanges(rev+1, "edge_locked", "edge_locked", "edge_removed", "node_locked", "node_design", "node_removed")
}

func ruleNodeOrder(t *testing.T, m *testMap) {
	a, b, c := m.node(1, 4), m.node(1, 4), m.node(1, 4)
	rev := m.revision()
	order := func() []int64 { return nodeIDs(m.doc().Nodes) }

	m.patch(map[string]any{"nodes": []any{map[string]any{"id": c.ID}, map[string]any{"id": a.ID}, map[string]any{"id": b.ID}}})
	if got := order(); fmt.Sprint(got) != fmt.Sprint([]int64{c.ID, a.ID, b.ID}) {
		t.Fatalf("order %v, want %v", got, []int64{c.ID, a.ID, b.ID})
	}
	// A part of the nodes takes the places those nodes held.
	m.patch(map[string]any{"nodes": []any{map[string]any{"id": b.ID}, map[string]any{"id": c.ID}}})
	d := m.doc()
	if got := nodeIDs(d.Nodes); fmt.Sprint(got) != fmt.Sprint([]int64{b.ID, a.ID, c.ID}) {
		t.Fatalf("order %v, want %v", got, []int64{b.ID, a.ID, c.ID})
	}
	if d.Nodes[0].Order >= d.Nodes[1].Order || d.Nodes[1].Order >= d.Nodes[2].Order {
		t.Fatalf("orders %d %d %d", d.Nodes[0].Order, d.Nodes[1].Order, d.Nodes[2].Order)
	}
	if d.node(t, a.ID).Geometry.Center != a.Geometry.Center || d.node(t, a.ID).Design["shape"] != "rectangle" {
		t.Fatal("reordering changed more than the order")
	}
	cs := m.wantChanges(rev, "node_order", "node_order")
	if dl := cs[0].delta(t); fmt.Sprint(dl.Order) != fmt.Sprint([]int64{c.ID, a.ID, b.ID}) {
		t.Fatalf("node_order data %s", cs[0].Data)
	}
}

func ruleContentCannotLink(t *testing.T, m *testMap) {
	n := m.node(1, 4)
	rev := m.revision()
	m.c.do("PATCH", m.path("/elements"), nodePatch(n.ID, map[string]any{"content": map[string]any{
		"en": map[string]string{"content": "<p>Text</p>", "node_link_to": "https://example.org"}}})).
		wantError(400, "validation_failed", "nodes[0].content.en.node_link_to")

	// A title and a link is fine; content added later is refused while the link stays.
	m.patch(nodePatch(n.ID, map[string]any{"content": map[string]any{"de": map[string]string{"title": "Weiter", "node_link_to": "https://example.org/de"}}}))
	m.c.do("PATCH", m.path("/elements"), nodePatch(n.ID, map[string]any{"content": map[string]any{"de": map[string]string{"abstract": "Kurz"}}})).
		wantError(400, "validation_failed", "nodes[0].content.de.node_link_to")
	if c := m.fullNode(n.ID).Content["de"]; c.Title != "Weiter" || c.NodeLinkTo != "https://example.org/de" || c.Abstract != "" {
		t.Fatalf("content %+v", c)
	}
	// Dropping the link and adding content in one patch is fine.
	m.patch(nodePatch(n.ID, map[string]any{"content": map[string]any{"de": map[string]string{"abstract": "Kurz", "node_link_to": ""}}}))
	if c := m.fullNode(n.ID).Content["de"]; c.Title != "Weiter" || c.NodeLinkTo != "" || c.Abstract != "Kurz" {
		t.Fatalf("content %+v", c)
	}
	m.wantChanges(rev, "node_content", "node_content")
}

func ruleRichText(t *testing.T, m *testMap) {
	n := m.node(1, 4)
	rev := m.revision()
	dirty := `<p><b>bold</b> <i>it</i><script>alert(1)</script><a href="https://example.org" onclick="steal()">link</a>` +
		`<img src="x" onerror="steal()"><iframe src="https://evil.example"></iframe></p>`
	m.patch(nodePatch(n.ID, map[string]any{"content": map[string]any{"fr": map[string]string{
		"content": dirty, "short_content": `<u>court</u><style>p{}</style>`, "marginal_content_1": `<span style="x" onmouseover="y()">m</span>`,
		"title": "<b>not html</b>"}}}))
	c := m.fullNode(n.ID).Content["fr"]
	for _, bad := range []string{"<script", "alert(1)", "onclick", "onerror", "onmouseover", "style", "iframe", "steal"} {
		if strings.Contains(c.Content, bad) || strings.Contains(c.MarginalContent1, bad) {
			t.Fatalf("%q survived: %q / %q", bad, c.Content, c.MarginalContent1)
		}
	}
	if !strings.Contains(c.Content, "<b>bold</b>") || !strings.Contains(c.Content, "<i>it</i>") || !strings.Contains(c.Content, `href="https://example.org"`) ||
		!strings.Contains(c.Content, "link</a>") {
		t.Fatalf("allowed formatting was removed: %q", c.Content)
	}
	if strings.Contains(c.ShortContent, "<style") || strings.Contains(c.ShortContent, "p{}") || !strings.Contains(c.ShortContent, "court") ||
		!strings.Contains(c.MarginalContent1, "m") {
		t.Fatalf("short %q, marginal %q", c.ShortContent, c.MarginalContent1)
	}
	if c.Title != "<b>not html</b>" {
		t.Fatalf("a title is plain text, stored as given (escaped when shown): %q", c.Title)
	}
	cs := m.wantChanges(rev, "node_content")
	if dl := cs[0].delta(t); strings.Contains(dl.Nodes[0].Content["fr"].Content, "<script") {
		t.Fatalf("the change log carries unsanitised HTML: %s", cs[0].Data)
	}
}

func ruleEnabledShapes(t *testing.T, m *testMap) {
	center := map[string]any{"center": map[string]int{"x": 1, "y": 1}}
	rev := m.revision()
	for _, shape := range domain.DisabledShapes {
		m.c.do("POST", m.path("/nodes"), map[string]any{"design": map[string]any{"shape": shape}, "geometry": center}).
			wantError(400, "validation_failed", "design.shape")
	}
	var created []domain.Node
	for _, shape := range domain.EnabledShapes {
		created = append(created, m.nodeWith(map[string]any{"design": map[string]any{"shape": shape}, "geometry": center}))
	}
	m.c.do("PATCH", m.path("/nodes/%d", created[0].ID), map[string]any{"design": map[string]any{"shape": "star"}}).
		wantError(400, "validation_failed", "design.shape")
	m.c.do("PATCH", m.path("/elements"), nodePatch(created[1].ID, map[string]any{"design": map[string]any{"shape": "pentagon"}})).
		wantError(400, "validation_failed", "nodes[0].design.shape")
	m.patchNode(created[0].ID, map[string]any{"shape": "rectangle"})
	d := m.doc()
	if len(d.Nodes) != 2 || d.node(t, created[0].ID).Geometry.Shape != "rectangle" || d.node(t, created[1].ID).Design["shape"] != "rectangle" {
		t.Fatalf("nodes %+v", d.Nodes)
	}
	m.wantChanges(rev, "node_created", "node_created", "node_design")
}
