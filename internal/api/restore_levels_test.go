package api_test

import (
	"encoding/json"
	"slices"
	"testing"
	"time"

	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/editing"
	"github.com/strata-maps/strata/internal/store"
	"github.com/strata-maps/strata/internal/store/storetest"
)

// shape is a document as an editor holds it, to compare two: elements by
// id, without the revision and the map's updated_at.
func shape(t *testing.T, d mapDoc) string {
	t.Helper()
	d.Revision, d.Map.UpdatedAt = 0, time.Time{}
	d.Nodes, d.Edges, d.ObjectTemplates = slices.Clone(d.Nodes), slices.Clone(d.Edges), slices.Clone(d.ObjectTemplates)
	for i := range d.Nodes {
		if len(d.Nodes[i].Content) == 0 {
			d.Nodes[i].Content = nil
		}
	}
	slices.SortFunc(d.Nodes, func(a, b domain.Node) int { return int(a.ID - b.ID) })
	slices.SortFunc(d.Edges, func(a, b domain.Edge) int { return int(a.ID - b.ID) })
	slices.SortFunc(d.ObjectTemplates, func(a, b domain.ObjectTemplate) int { return int(a.ID - b.ID) })
	b, err := json.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// applied is the document an editor holds after applying a change to d, as
// the web app does: map, layers and elements replaced whole, node content
// as the document summarises it.
func applied(d mapDoc, ch editing.Delta) mapDoc {
	if ch.Map != nil {
		d.Map = *ch.Map
	}
	if ch.Layers != nil {
		d.Layers = ch.Layers
	}
	d.Nodes = replaced(d.Nodes, ch.Nodes, ch.RemovedNodeIDs, func(n domain.Node) int64 { return n.ID },
		func(n domain.Node) domain.Node { n.Content = domain.ContentSummary(n.Content); return n })
	d.Edges = replaced(d.Edges, ch.Edges, ch.RemovedEdgeIDs, func(e domain.Edge) int64 { return e.ID }, nil)
	d.ObjectTemplates = replaced(d.ObjectTemplates, ch.Templates, ch.RemovedTemplateIDs, func(t domain.ObjectTemplate) int64 { return t.ID }, nil)
	return d
}

func replaced[T any](have, put []T, removed []int64, id func(T) int64, as func(T) T) []T {
	byID := map[int64]T{}
	for _, x := range have {
		byID[id(x)] = x
	}
	for _, x := range put {
		if as != nil {
			x = as(x)
		}
		byID[id(x)] = x
	}
	for _, r := range removed {
		delete(byID, r)
	}
	out := make([]T, 0, len(byID))
	for _, x := range byID {
		out = append(out, x)
	}
	return out
}

// levelUndo is the restoration an editor's undo sends for the deletion of
// level k that turned before into after: the deleted nodes, the edges not
// deleted with one of them, and the ranges as they were of the elements
// that spanned or reached k (which renumbering alone cannot put back).
func levelUndo(before, after mapDoc, k int) map[string]any {
	var nodes, edges []int64
	var nodeRanges, edgeRanges []map[string]any
	gone := map[int64]bool{}
	for _, n := range before.Nodes {
		switch {
		case !after.hasNode(n.ID):
			nodes = append(nodes, n.ID)
			gone[n.ID] = true
		case n.Visibility.MinLevel <= k && k <= n.Visibility.MaxLevel:
			nodeRanges = append(nodeRanges, map[string]any{"id": n.ID, "min_level": n.Visibility.MinLevel, "max_level": n.Visibility.MaxLevel})
		}
	}
	left := map[int64]bool{}
	for _, e := range after.Edges {
		left[e.ID] = true
	}
	for _, e := range before.Edges {
		switch {
		case !left[e.ID] && !gone[e.Node.FromID] && !gone[e.Node.ToID]:
			edges = append(edges, e.ID)
		case left[e.ID] && e.Visibility.MinLevel <= k && k <= e.Visibility.MaxLevel:
			edgeRanges = append(edgeRanges, map[string]any{"id": e.ID, "min_level": e.Visibility.MinLevel, "max_level": e.Visibility.MaxLevel})
		}
	}
	l := before.Layers[k-1]
	return map[string]any{"nodes": nodes, "edges": edges,
		"level": map[string]any{"id": k, "hidden": l.Hidden, "locked": l.Locked, "nodes": nodeRanges, "edges": edgeRanges}}
}

// Undoing the deletion of a level: POST /maps/{id}/restorations with a
// level puts the layer back in its place, the ranges as they were and what
// lay only on it, as one change.
func TestRestoringADeletedLevel(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		ed := h.session(editor)
		other := h.session(admin)

		t.Run("TheDocumentIsAsBeforeTheDeletion", func(t *testing.T) {
			t.Parallel()
			m := newTestMap(t, ed.in(t), h.users[editor].ID, 4)
			only, only2 := m.node(2, 2), m.node(2, 2)
			span, reaching, ending := m.node(1, 4), m.node(2, 3), m.node(1, 2)
			above, top, below := m.node(3, 4), m.node(4, 4), m.node(1, 1)
			m.edge(only.ID, only2.ID)
			m.edge(span.ID, only.ID)
			m.edge(span.ID, above.ID)
			m.edge(span.ID, reaching.ID)
			m.edge(span.ID, ending.ID)
			m.edge(ending.ID, below.ID)
			var lone domain.Edge // only on level 2, between nodes that stay
			m.c.do("POST", m.path("/edges/"), map[string]any{"node": map[string]int64{"from_id": reaching.ID, "to_id": ending.ID},
				"visibility": map[string]any{"min_level": 2, "max_level": 2}}).want(201).decode(&lone)
			m.patch(map[string]any{"nodes": []any{
				map[string]any{"id": span.ID, "next_id": only.ID},
				map[string]any{"id": above.ID, "previous_id": only.ID},
				map[string]any{"id": top.ID, "next_id": above.ID},
				map[string]any{"id": only.ID, "content": map[string]any{"en": map[string]any{"title": "Quay", "content": "<p>Boats</p>"}}},
			}})
			m.patch(map[string]any{"levels": []any{map[string]any{"id": 2, "locked": true}, map[string]any{"id": 3, "hidden": true}}})
			before := m.doc()
			if lone.Visibility.MaxLevel != 2 || !before.Layers[1].Locked || !before.Layers[2].Hidden {
				t.Fatalf("set-up: edge %+v, layers %+v", lone.Visibility, before.Layers)
			}
			whole := m.fullNode(only.ID)

			m.patch(map[string]any{"levels": []any{map[string]any{"id": 2, "delete": true}}})
			gone := m.doc()
			if gone.Map.VisibilityLevels != 3 || gone.hasNode(only.ID) || gone.node(t, span.ID).NextID != nil {
				t.Fatalf("set-up: the deletion left %d levels, %d nodes", gone.Map.VisibilityLevels, len(gone.Nodes))
			}
			rev := gone.Revision
			body := levelUndo(before, gone, 2)
			if !sameIDs(body["edges"].([]int64), []int64{lone.ID}) || len(body["nodes"].([]int64)) != 2 {
				t.Fatalf("set-up: restoration %v", body)
			}

			var ans struct {
				Revision int64         `json:"revision"`
				Data     editing.Delta `json:"data"`
			}
			res := m.c.do("POST", m.path("/restorations"), body)
			if changed(t, res, 200) != rev+1 {
				t.Fatalf("revision %s, want %d", res.header.Get("X-Map-Revision"), rev+1)
			}
			res.decode(&ans)
			after := m.doc()
			if shape(t, after) != shape(t, before) {
				t.Fatalf("after the restore\n%s\nbefore the deletion\n%s", shape(t, after), shape(t, before))
			}
			if got := m.fullNode(only.ID); got.Content["en"] != whole.Content["en"] {
				t.Fatalf("restored content %+v, was %+v", got.Content, whole.Content)
			}

			// One change; another editor who applies it holds the same document.
			chs := m.wantChanges(rev, "elements_restored")
			var log changesBody
			other.in(t).do("GET", m.path("/changes?since=%d", rev), nil).want(200).decode(&log)
			if len(log.Changes) != 1 || string(log.Changes[0].Data) != string(chs[0].Data) {
				t.Fatalf("another editor reads %+v", log.Changes)
			}
			d := log.Changes[0].delta(t)
			if d.Map == nil || d.Map.VisibilityLevels != 4 || len(d.Layers) != 4 {
				t.Fatalf("the change carries map %+v, layers %+v", d.Map, d.Layers)
			}
			if got := applied(gone, d); shape(t, got) != shape(t, after) {
				t.Fatalf("the change applied gives\n%s\nthe document is\n%s", shape(t, got), shape(t, after))
			}
			if shapeOf(t, ans.Data) != shapeOf(t, d) {
				t.Fatalf("the answer's data %s, the change's %s", shapeOf(t, ans.Data), shapeOf(t, d))
			}
		})

		t.Run("AnElementDeletedSinceIsPassedOver", func(t *testing.T) {
			t.Parallel()
			m := newTestMap(t, ed.in(t), h.users[editor].ID, 3)
			a, b := m.node(1, 3), m.node(1, 3)
			before := m.doc()
			m.patch(map[string]any{"levels": []any{map[string]any{"id": 3, "delete": true}}})
			gone := m.doc()
			body := levelUndo(before, gone, 3)
			m.c.do("DELETE", m.path("/nodes/%d", b.ID), nil).want(200)
			rev := m.revision()
			var ans struct {
				Revision int64         `json:"revision"`
				Data     editing.Delta `json:"data"`
			}
			m.c.do("POST", m.path("/restorations"), body).want(200).decode(&ans)
			after := m.doc()
			if after.Map.VisibilityLevels != 3 || after.hasNode(b.ID) || after.node(t, a.ID).Visibility != vis(1, 3, false) {
				t.Fatalf("after the restore: %d levels, nodes %v", after.Map.VisibilityLevels, nodeIDs(after.Nodes))
			}
			if ans.Revision != rev+1 || !sameIDs(nodeIDs(ans.Data.Nodes), []int64{a.ID}) {
				t.Fatalf("answer revision %d (was %d), nodes %v", ans.Revision, rev, nodeIDs(ans.Data.Nodes))
			}
		})

		t.Run("RefusedWholeAndChangingNothing", func(t *testing.T) {
			t.Parallel()
			m := newTestMap(t, ed.in(t), h.users[editor].ID, 4)
			p, q := m.node(1, 3), m.node(1, 3)
			pq := m.edge(p.ID, q.ID)
			full := newTestMap(t, ed.in(t), h.users[editor].ID, domain.MaxLevels)
			fullRaw := full.raw()
			full.c.do("POST", full.path("/restorations"), map[string]any{"level": map[string]any{"id": 1}}).wantError(409, "conflict", "level.id")
			if full.raw() != fullRaw {
				t.Fatal("a refused restoration changed the map")
			}

			rangeOf := func(id int64, lo, hi any) map[string]any {
				return map[string]any{"id": id, "min_level": lo, "max_level": hi}
			}
			level := func(id any, nodes ...map[string]any) map[string]any {
				return map[string]any{"level": map[string]any{"id": id, "nodes": nodes}}
			}
			many := make([]map[string]any, 10_001)
			for i := range many {
				many[i] = rangeOf(int64(i+1), 1, 1)
			}
			// Ranges that would pull the edge off p's levels (as when another
			// editor narrowed p after the deletion).
			narrowed := map[string]any{"level": map[string]any{"id": 4, "nodes": []any{rangeOf(q.ID, 1, 4)}, "edges": []any{rangeOf(pq.ID, 1, 4)}}}
			raw := m.raw()
			for _, bad := range []struct {
				body   any
				status int
				code   string
				field  string
			}{
				{level(6), 409, "conflict", "level.id"},
				{narrowed, 409, "conflict", "level.edges"},
				{level(0), 400, "validation_failed", "level.id"},
				{level(-1), 400, "validation_failed", "level.id"},
				{level(1 << 40), 400, "validation_failed", "level.id"},
				{level(1 << 62), 400, "validation_failed", "level.id"},
				{level(13), 400, "validation_failed", "level.id"},
				{level(1e30), 400, "validation_failed", "level.id"},
				{level(2.5), 400, "validation_failed", "level.id"},
				{level("2"), 400, "validation_failed", "level.id"},
				{level(2, rangeOf(p.ID, 0, 2)), 400, "validation_failed", "level.nodes[0].min_level"},
				{level(2, rangeOf(p.ID, 1, 6)), 400, "validation_failed", "level.nodes[0].max_level"},
				{level(2, rangeOf(p.ID, 1, 13)), 400, "validation_failed", "level.nodes[0].max_level"},
				{level(2, rangeOf(p.ID, 3, 2)), 400, "validation_failed", "level.nodes[0].max_level"},
				{level(2, rangeOf(p.ID, 1, 2), rangeOf(p.ID, 1, 3)), 400, "validation_failed", "level.nodes[1].id"},
				{level(2, rangeOf(0, 1, 2)), 400, "validation_failed", "level.nodes[0].id"},
				{level(2, rangeOf(-5, 1, 2)), 400, "validation_failed", "level.nodes[0].id"},
				{level(2, rangeOf(p.ID, "1", 2)), 400, "validation_failed", ""},
				{level(2, many...), 400, "validation_failed", "level.nodes"},
				{map[string]any{"level": map[string]any{"id": 2, "edges": []any{rangeOf(pq.ID, 2, 1)}}}, 400, "validation_failed", "level.edges[0].max_level"},
				{map[string]any{"level": map[string]any{"id": 2, "colour": "red"}}, 400, "validation_failed", ""},
				{map[string]any{"level": 2}, 400, "validation_failed", ""},
				{map[string]any{"level": nil}, 400, "validation_failed", "nodes"},
				{map[string]any{"level": map[string]any{"id": 2, "hidden": "yes"}}, 400, "validation_failed", ""},
				{`{"level": {"id": 2, "nodes": [{"id": 1, "min_level": 1, "max_level": 1, "x": "\u0000"}]}}`, 400, "validation_failed", ""},
				{map[string]any{"templates": []int64{0}}, 400, "validation_failed", "templates"},
				{map[string]any{"templates": []int64{7, 7}}, 400, "validation_failed", "templates"},
				{map[string]any{"templates": []any{"7"}}, 400, "validation_failed", ""},
				{map[string]any{"templates": []int64{999999}}, 404, "not_found", "templates"},
				// Valid, but with a part that cannot be done: nothing is.
				{map[string]any{"level": map[string]any{"id": 2}, "nodes": []int64{999999}}, 404, "not_found", "nodes"},
			} {
				res := m.c.do("POST", m.path("/restorations"), bad.body)
				if bad.field == "" {
					res.wantError(bad.status, bad.code)
				} else {
					res.wantError(bad.status, bad.code, bad.field)
				}
				if m.raw() != raw {
					t.Fatalf("%v changed the map", bad.body)
				}
			}
			body := map[string]any{"level": map[string]any{"id": 2}}
			h.as(guest).do("POST", m.path("/restorations"), body).wantError(403, "forbidden")
			h.as(outsider).do("POST", m.path("/restorations"), body).wantError(404, "not_found")
			if m.raw() != raw {
				t.Fatal("a refused caller changed the map")
			}
			m.c.do("POST", m.path("/restorations"), body).want(200)
			if d := m.doc(); d.Map.VisibilityLevels != 5 || len(d.Layers) != 5 || d.node(t, p.ID).Visibility != vis(1, 4, false) {
				t.Fatalf("a level inserted at 2: %d levels, p %+v", d.Map.VisibilityLevels, d.node(t, p.ID).Visibility)
			}
		})
	})
}

// Undoing the deletion of an object template: it comes back under its id,
// with its name and design, and the objects that followed it and follow
// none now follow it again.
func TestRestoringADeletedTemplate(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		ed := h.session(editor)

		t.Run("FollowersThatFollowNoneFollowItAgain", func(t *testing.T) {
			t.Parallel()
			m := newTestMap(t, ed.in(t), h.users[editor].ID, 4)
			blue := m.template(map[string]any{"name": "Blue", "type": "node", "design": map[string]any{"bg_color": "#0000ff"}})
			dashed := m.template(map[string]any{"name": "Dashed", "type": "edge"})
			red := m.template(map[string]any{"name": "Red", "type": "node", "design": map[string]any{"bg_color": "#ff0000"}})
			a, b := m.node(1, 4), m.node(1, 4)
			ab := m.edge(a.ID, b.ID)
			m.patchNode(a.ID, map[string]any{"object_template": ref(blue.ID)})
			m.patchNode(b.ID, map[string]any{"object_template": ref(blue.ID)})
			m.patchEdge(ab.ID, map[string]any{"object_template": ref(dashed.ID)})
			before := m.doc()

			changed(t, m.c.do("DELETE", m.path("/templates/objects/%d", blue.ID), nil), 200)
			changed(t, m.c.do("DELETE", m.path("/templates/objects/%d", dashed.ID), nil), 200)
			if d := m.doc(); d.node(t, a.ID).Template != "0" || d.edge(t, ab.ID).Template != "0" {
				t.Fatal("set-up: the followers still follow the deleted templates")
			}
			// Another editor gives b another template meanwhile.
			m.patchNode(b.ID, map[string]any{"object_template": ref(red.ID)})
			prev := m.doc()
			rev := prev.Revision

			changed(t, m.c.do("POST", m.path("/restorations"), map[string]any{"templates": []int64{blue.ID, dashed.ID}}), 200)
			after := m.doc()
			for _, id := range []int64{blue.ID, dashed.ID} {
				if got, was := after.template(t, id), before.template(t, id); got.Name != was.Name || got.Type != was.Type || shapeOf(t, got.Design) != shapeOf(t, was.Design) {
					t.Fatalf("restored template %+v, was %+v", got, was)
				}
			}
			if n := after.node(t, a.ID); n.Template != ref(blue.ID) || n.Design["object_template"] != ref(blue.ID) {
				t.Fatalf("a follows %q (design %v), want %d", n.Template, n.Design["object_template"], blue.ID)
			}
			if n := after.node(t, b.ID); n.Template != ref(red.ID) || n.Design["object_template"] != ref(red.ID) {
				t.Fatalf("b follows %q, want the template it was given since (%d)", n.Template, red.ID)
			}
			if e := after.edge(t, ab.ID); e.Template != ref(dashed.ID) || e.Design["object_template"] != ref(dashed.ID) {
				t.Fatalf("the edge follows %q, want %d", e.Template, dashed.ID)
			}
			ch := m.wantChanges(rev, "elements_restored")[0].delta(t)
			if shape(t, applied(prev, ch)) != shape(t, after) {
				t.Fatalf("the change applied gives\n%s\nthe document is\n%s", shape(t, applied(prev, ch)), shape(t, after))
			}
			if len(ch.Templates) != 2 || !sameIDs(nodeIDs(ch.Nodes), []int64{a.ID}) || !sameIDs(edgeIDsOf(ch.Edges), []int64{ab.ID}) {
				t.Fatalf("elements_restored data %+v", ch)
			}
			// Twice: it is there already.
			m.c.do("POST", m.path("/restorations"), map[string]any{"templates": []int64{blue.ID}}).wantError(404, "not_found", "templates")
		})

		t.Run("WithNodesDeletedBeforeOrAfterIt", func(t *testing.T) {
			t.Parallel()
			m := newTestMap(t, ed.in(t), h.users[editor].ID, 4)
			blue := m.template(map[string]any{"name": "Blue", "type": "node", "design": map[string]any{"bg_color": "#0000ff"}})
			first, last := m.node(1, 4), m.node(1, 4)
			m.patchNode(first.ID, map[string]any{"object_template": ref(blue.ID)})
			m.patchNode(last.ID, map[string]any{"object_template": ref(blue.ID)})
			before := m.doc()
			// One node goes while following the template, the other after it.
			m.c.do("DELETE", m.path("/nodes/%d", first.ID), nil).want(200)
			changed(t, m.c.do("DELETE", m.path("/templates/objects/%d", blue.ID), nil), 200)
			m.c.do("DELETE", m.path("/nodes/%d", last.ID), nil).want(200)
			rev := m.revision()
			changed(t, m.c.do("POST", m.path("/restorations"), map[string]any{"nodes": []int64{first.ID, last.ID}, "templates": []int64{blue.ID}}), 200)
			after := m.doc()
			if shape(t, after) != shape(t, before) {
				t.Fatalf("after the restore\n%s\nbefore the deletions\n%s", shape(t, after), shape(t, before))
			}
			m.wantChanges(rev, "elements_restored")
		})

		t.Run("RefusedWhenItsIDIsTaken", func(t *testing.T) {
			t.Parallel()
			m := newTestMap(t, ed.in(t), h.users[editor].ID, 4)
			blue := m.template(map[string]any{"name": "Blue", "type": "node"})
			var ver struct {
				ID int64 `json:"id"`
			}
			m.c.do("POST", m.path("/versions"), map[string]any{"name": "With blue"}).want(201).decode(&ver)
			changed(t, m.c.do("DELETE", m.path("/templates/objects/%d", blue.ID), nil), 200)
			// The version brings it back under its id; its deletion is still kept.
			m.c.do("POST", m.path("/versions/%d/restore", ver.ID), nil).want(200)
			raw := m.raw()
			m.c.do("POST", m.path("/restorations"), map[string]any{"templates": []int64{blue.ID}}).wantError(409, "conflict", "templates")
			h.as(guest).do("POST", m.path("/restorations"), map[string]any{"templates": []int64{blue.ID}}).wantError(403, "forbidden")
			h.as(outsider).do("POST", m.path("/restorations"), map[string]any{"templates": []int64{blue.ID}}).wantError(404, "not_found")
			other := newTestMap(t, ed.in(t), h.users[editor].ID, 4)
			other.c.do("POST", other.path("/restorations"), map[string]any{"templates": []int64{blue.ID}}).wantError(404, "not_found", "templates")
			if m.raw() != raw {
				t.Fatal("a refused restoration changed the map")
			}
		})
	})
}

// shapeOf is a value's JSON, to compare designs.
func shapeOf(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
