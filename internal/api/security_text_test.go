package api_test

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/strata-maps/strata/internal/store"
	"github.com/strata-maps/strata/internal/store/storetest"
)

// NUL and invalid UTF-8 used to reach the database: PostgreSQL refused
// them with a 500, SQLite stored them, and encoding/json silently turned
// invalid bytes into U+FFFD. Every string a client sends is now checked
// where bodies, paths and queries come in: 400 naming the field, nothing
// stored.
func TestSecurityNulAndInvalidUTF8Refused(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		ed := h.as(editor)
		nodeID := h.createNode(ed)
		before := ed.do("GET", fmt.Sprintf("/api/v1/maps/%d", h.mapID), nil).want(200).body

		bodies := map[string]struct{ path, body, field string }{
			"NUL in a map name": {"/api/v1/clients/acme/maps",
				`{"name": "A\u0000B", "measurement": {"width": 2000, "height": 1000}, "visibility_levels": 3}`, "name"},
			"invalid bytes in a title": {fmt.Sprintf("/api/v1/maps/%d/elements", h.mapID),
				fmt.Sprintf(`{"nodes": [{"id": %d, "content": {"de": {"title": "Stra`+"\xff"+`tegie"}}}]}`, nodeID), "nodes[0].content.de.title"},
			"a lone surrogate": {fmt.Sprintf("/api/v1/maps/%d/elements", h.mapID),
				fmt.Sprintf(`{"nodes": [{"id": %d, "content": {"de": {"title": "x\ud800y"}}}]}`, nodeID), "nodes[0].content.de.title"},
			"NUL in a key": {"/api/v1/clients/acme/maps", `{"na\u0000me": "x"}`, "na\x00me (a key)"},
		}
		for name, tc := range bodies {
			method := "POST"
			if tc.field != "name" && tc.field != "na\x00me (a key)" {
				method = "PATCH"
			}
			res := ed.do(method, tc.path, tc.body)
			if res.status != 400 {
				t.Fatalf("%s: status %d, body %s", name, res.status, res.body)
			}
			res.wantError(400, "validation_failed", tc.field)
		}
		// Path and query values.
		ed.do("GET", "/api/v1/clients/ac%00me/maps", nil).wantError(400, "validation_failed", "path")
		ed.do("GET", "/api/v1/clients/ac%FFme/maps", nil).wantError(400, "validation_failed", "path")
		ed.do("GET", fmt.Sprintf("/api/v1/maps/%d/changes?since=%%00", h.mapID), nil).wantError(400, "validation_failed", "query.since")
		ed.do("GET", "/m/x%00y", nil).wantError(400, "validation_failed", "path")

		after := ed.do("GET", fmt.Sprintf("/api/v1/maps/%d", h.mapID), nil).want(200).body
		if string(before) != string(after) {
			t.Fatal("a refused request changed the map")
		}
		var list struct {
			Maps []any `json:"maps"`
		}
		ed.do("GET", "/api/v1/clients/acme/maps", nil).want(http.StatusOK).decode(&list)
		if len(list.Maps) != 1 {
			t.Fatalf("%d maps, want the harness's one", len(list.Maps))
		}
	})
}
