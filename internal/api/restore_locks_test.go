package api_test

import (
	"fmt"
	"testing"

	"github.com/strata-maps/strata/internal/store"
	"github.com/strata-maps/strata/internal/store/storetest"
)

// indexOf is the index of the entry with that id in a restoration's list.
func indexOf(list []map[string]any, id int64) int {
	for i, e := range list {
		if e["id"] == id {
			return i
		}
	}
	return -1
}

// Undoing a level's deletion sets the ranges of the elements that reached
// it: like every other change, it is refused while one of them is locked
// (409 conflict, on its own or with its layer) or held in the live
// channel by another editor (409 element_locked), and changes nothing.
// Unlocked and let go, the same restoration goes through.
func TestSecurityRestoringALevelRefusesLockedOrHeldElements(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		m := newTestMap(t, h.session(editor).in(t), h.users[editor].ID, 3)
		ending, spanning, spanning2 := m.node(1, 2), m.node(1, 3), m.node(1, 3)
		edge := m.edge(spanning.ID, spanning2.ID)
		before := m.doc()
		m.patch(map[string]any{"levels": []any{map[string]any{"id": 2, "delete": true}}})
		body := levelUndo(before, m.doc(), 2)
		level := body["level"].(map[string]any)
		nodeAt := fmt.Sprintf("level.nodes[%d].id", indexOf(level["nodes"].([]map[string]any), ending.ID))
		edgeAt := fmt.Sprintf("level.edges[%d].id", indexOf(level["edges"].([]map[string]any), edge.ID))
		if nodeAt == "level.nodes[-1].id" || edgeAt == "level.edges[-1].id" {
			t.Fatalf("set-up: restoration %v", body)
		}

		refused := func(what string, status int, code, field string) {
			t.Helper()
			raw := m.raw()
			m.c.do("POST", m.path("/restorations"), body).wantError(status, code, field)
			if m.raw() != raw {
				t.Fatalf("%s: the refused restoration changed the map", what)
			}
		}
		lockNode := func(locked bool) {
			m.patch(map[string]any{"nodes": []any{map[string]any{"id": ending.ID, "editing": map[string]any{"locked": locked}}}})
		}
		lockNode(true)
		refused("a locked node", 409, "conflict", nodeAt)
		lockNode(false)

		m.patch(map[string]any{"levels": []any{map[string]any{"id": 1, "locked": true}}})
		refused("a node on a locked layer", 409, "conflict", nodeAt)
		m.patch(map[string]any{"levels": []any{map[string]any{"id": 1, "locked": false}}})

		m.patch(map[string]any{"edges": []any{map[string]any{"id": edge.ID, "locked": true}}})
		refused("a locked edge", 409, "conflict", edgeAt)
		m.patch(map[string]any{"edges": []any{map[string]any{"id": edge.ID, "locked": false}}})

		ws, _, err := h.session(admin).dialLive(m.id, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer ws.CloseNow()
		read(t, ws, "connected")
		for _, held := range []struct {
			elemType string
			id       int64
			field    string
		}{{"node", ending.ID, nodeAt}, {"edge", edge.ID, edgeAt}} {
			send(t, ws, "start_editing_element", map[string]any{"elem_type": held.elemType, "elem_id": held.id})
			read(t, ws, "block_element")
			refused("a "+held.elemType+" held by another editor", 409, "element_locked", held.field)
			send(t, ws, "stop_editing_element", map[string]any{"elem_type": held.elemType, "elem_id": held.id})
			read(t, ws, "unblock_element")
		}

		m.c.do("POST", m.path("/restorations"), body).want(200)
		if shape(t, m.doc()) != shape(t, before) {
			t.Fatal("the restoration did not give back the document as before the deletion")
		}
	})
}
