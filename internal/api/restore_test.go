package api_test

import (
	"testing"

	"github.com/strata-maps/strata/internal/store"
	"github.com/strata-maps/strata/internal/store/storetest"
)

// Undoing a deletion: POST /maps/{id}/restorations puts deleted nodes and
// edges back under their ids, with their content, the edges deleted with
// them and the navigation that pointed at them, as one change. What it
// cannot do (another editor changed what it needs) it refuses whole.
func TestRestoringDeletedElements(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		ed := h.session(editor)

		t.Run("NodesComeBackWithContentEdgesAndNavigation", func(t *testing.T) {
			t.Parallel()
			m := newTestMap(t, ed.in(t), h.users[editor].ID, 4)
			a, b, c := m.node(1, 4), m.node(2, 3), m.node(1, 4)
			ab, bc := m.edge(a.ID, b.ID), m.edge(b.ID, c.ID)
			m.patch(map[string]any{"nodes": []any{
				map[string]any{"id": a.ID, "next_id": b.ID},
				map[string]any{"id": b.ID, "content": map[string]any{
					"en": map[string]any{"title": "Harbour", "content": "<p>Ships</p>"},
					"de": map[string]any{"title": "Hafen", "content": "<p>Schiffe</p>"}}},
			}})
			before := m.doc()
			whole := m.fullNode(b.ID)
			m.c.do("DELETE", m.path("/nodes/%d", b.ID), nil).want(200)
			rev := m.revision()

			var ans struct {
				Revision int64 `json:"revision"`
				Data     struct {
					Nodes []struct {
						ID int64 `json:"id"`
					} `json:"nodes"`
					Edges []struct {
						ID int64 `json:"id"`
					} `json:"edges"`
				} `json:"data"`
			}
			m.c.do("POST", m.path("/restorations"), map[string]any{"nodes": []int64{b.ID}}).want(200).decode(&ans)
			if ans.Revision != rev+1 {
				t.Fatalf("revision %d, want %d", ans.Revision, rev+1)
			}
			after := m.doc()
			if !sameIDs(nodeIDs(after.Nodes), nodeIDs(before.Nodes)) || !sameIDs(after.edgeIDs(), []int64{ab.ID, bc.ID}) {
				t.Fatalf("nodes %v edges %v after the restore", nodeIDs(after.Nodes), after.edgeIDs())
			}
			if got := m.fullNode(b.ID); got.Content["de"].Title != "Hafen" || got.Content["en"].Content != whole.Content["en"].Content ||
				got.Visibility != whole.Visibility || got.Geometry != whole.Geometry {
				t.Fatalf("restored node %+v, was %+v", got, whole)
			}
			if na := after.node(t, a.ID); na.NextID == nil || *na.NextID != b.ID {
				t.Fatalf("a's next link is not back: %+v", na)
			}
			// One change, which every editor applies like any other.
			ch := m.wantChanges(rev, "elements_restored")[0].delta(t)
			if !sameIDs(nodeIDs(ch.Nodes), []int64{a.ID, b.ID}) || len(ch.Edges) != 2 {
				t.Fatalf("elements_restored data %+v", ch)
			}
			// Twice: it is there already.
			m.c.do("POST", m.path("/restorations"), map[string]any{"nodes": []int64{b.ID}}).wantError(404, "not_found", "nodes")
			// Deleted again, it can be restored again.
			m.c.do("DELETE", m.path("/nodes/%d", b.ID), nil).want(200)
			m.c.do("POST", m.path("/restorations"), map[string]any{"nodes": []int64{b.ID}}).want(200)
		})

		t.Run("EdgesDeletedByAPatchOrAllAtOnce", func(t *testing.T) {
			t.Parallel()
			m := newTestMap(t, ed.in(t), h.users[editor].ID, 4)
			a, b, c := m.node(1, 4), m.node(1, 4), m.node(1, 4)
			ab, bc := m.edge(a.ID, b.ID), m.edge(b.ID, c.ID)
			m.patch(map[string]any{"edges": []any{map[string]any{"id": ab.ID, "delete": true}}})
			m.c.do("POST", m.path("/restorations"), map[string]any{"edges": []int64{ab.ID}}).want(200)
			m.patch(map[string]any{"all_edges": map[string]any{"delete": true}})
			if d := m.doc(); len(d.Edges) != 0 {
				t.Fatalf("edges %v", d.edgeIDs())
			}
			m.c.do("POST", m.path("/restorations"), map[string]any{"edges": []int64{ab.ID, bc.ID}}).want(200)
			if d := m.doc(); !sameIDs(d.edgeIDs(), []int64{ab.ID, bc.ID}) {
				t.Fatalf("edges %v after the restore", d.edgeIDs())
			}
		})

		t.Run("ANodeDeletedWithItsLayer", func(t *testing.T) {
			t.Parallel()
			m := newTestMap(t, ed.in(t), h.users[editor].ID, 4)
			only := m.node(4, 4)
			m.patch(map[string]any{"levels": []any{map[string]any{"id": 4, "delete": true}}})
			// Three levels now: the node lay on the fourth.
			m.c.do("POST", m.path("/restorations"), map[string]any{"nodes": []int64{only.ID}}).wantError(409, "conflict", "nodes")
			m.patch(map[string]any{"map": map[string]any{"visibility_levels": 4}})
			m.c.do("POST", m.path("/restorations"), map[string]any{"nodes": []int64{only.ID}}).want(200)
			if d := m.doc(); !d.hasNode(only.ID) {
				t.Fatal("the node is not back")
			}
		})

		t.Run("RefusedWholeAndChangingNothing", func(t *testing.T) {
			t.Parallel()
			m := newTestMap(t, ed.in(t), h.users[editor].ID, 4)
			a, b, c := m.node(1, 4), m.node(1, 4), m.node(1, 4)
			ab := m.edge(a.ID, b.ID)
			m.patch(map[string]any{"edges": []any{map[string]any{"id": ab.ID, "delete": true}}})
			m.c.do("DELETE", m.path("/nodes/%d", c.ID), nil).want(200)
			// Another editor deletes b: the edge can no longer come back.
			m.c.do("DELETE", m.path("/nodes/%d", b.ID), nil).want(200)
			raw := m.raw()
			for _, bad := range []struct {
				body   any
				status int
				code   string
				field  string
			}{
				{map[string]any{"edges": []int64{ab.ID}, "nodes": []int64{c.ID}}, 409, "conflict", "edges"},
				{map[string]any{"nodes": []int64{a.ID}}, 404, "not_found", "nodes"},
				{map[string]any{"nodes": []int64{999999}}, 404, "not_found", "nodes"},
				{map[string]any{}, 400, "validation_failed", "nodes"},
				{map[string]any{"nodes": []int64{c.ID, c.ID}}, 400, "validation_failed", "nodes"},
				{map[string]any{"nodes": []int64{-1}}, 400, "validation_failed", "nodes"},
				{map[string]any{"nodes": "all"}, 400, "validation_failed", ""},
			} {
				r := m.c.do("POST", m.path("/restorations"), bad.body)
				if bad.field == "" {
					r.want(bad.status)
				} else {
					r.wantError(bad.status, bad.code, bad.field)
				}
				if m.raw() != raw {
					t.Fatalf("%v changed the map", bad.body)
				}
			}
			// Who may not edit the map may not restore on it; another client's
			// admin does not learn it exists.
			h.as(guest).do("POST", m.path("/restorations"), map[string]any{"nodes": []int64{c.ID}}).wantError(403, "forbidden")
			h.as(outsider).do("POST", m.path("/restorations"), map[string]any{"nodes": []int64{c.ID}}).wantError(404, "not_found")
			// A node deleted from one map is not restored on another.
			other := newTestMap(t, ed.in(t), h.users[editor].ID, 4)
			other.c.do("POST", other.path("/restorations"), map[string]any{"nodes": []int64{c.ID}}).wantError(404, "not_found", "nodes")
			if m.raw() != raw {
				t.Fatal("a refused caller changed the map")
			}
			m.c.do("POST", m.path("/restorations"), map[string]any{"nodes": []int64{c.ID}}).want(200)
		})
	})
}
