package api_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/strata-maps/strata/internal/store"
	"github.com/strata-maps/strata/internal/store/storetest"
)

// Numbers beyond any sensible range used to be stored as they came
// (a node at x = 1e300) or to overflow; every one is now a 400 naming the
// field, and nothing changes.
func TestSecurityOutOfRangeNumbersRefused(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		ed := h.as(editor)
		nodeID := h.createNode(ed)
		before, err := s.MapByID(context.Background(), h.mapID)
		if err != nil {
			t.Fatal(err)
		}
		elements := fmt.Sprintf("/api/v1/maps/%d/elements", h.mapID)
		for name, tc := range map[string]struct {
			method, path, body, field string
		}{
			"a far coordinate": {"PATCH", elements,
				fmt.Sprintf(`{"nodes": [{"id": %d, "geometry": {"center": {"x": 1e300, "y": 5}}}]}`, nodeID), "nodes[0].geometry.center.x"},
			"a coordinate past the map's room": {"PATCH", elements,
				fmt.Sprintf(`{"nodes": [{"id": %d, "geometry": {"center": {"x": 5, "y": -2000000}}}]}`, nodeID), "nodes[0].geometry.center.y"},
			"a far new node": {"POST", fmt.Sprintf("/api/v1/maps/%d/nodes", h.mapID),
				`{"design": {"shape": "circle"}, "geometry": {"center": {"x": 1e15, "y": 0}}}`, "geometry.center.x"},
			"an id beyond 2^53":  {"PATCH", elements, `{"nodes": [{"id": 9223372036854775807, "geometry": {"center": {"x": 1, "y": 1}}}]}`, "nodes[0].id"},
			"an id beyond int64": {"PATCH", elements, `{"nodes": [{"id": 99999999999999999999, "geometry": {"center": {"x": 1, "y": 1}}}]}`, "nodes[0].id"},
			"a clone pushed far away": {"POST", fmt.Sprintf("/api/v1/maps/%d/nodes/clone", h.mapID),
				fmt.Sprintf(`{"id": %d, "offset": {"x": 5e14, "y": 0}}`, nodeID), "offset.x"},
			"a huge map side": {"POST", "/api/v1/clients/acme/maps",
				`{"name": "Huge", "measurement": {"width": 1e18, "height": 1000}, "visibility_levels": 3}`, "measurement.width"},
			"a huge level count": {"POST", "/api/v1/clients/acme/maps",
				`{"name": "Deep", "measurement": {"width": 1000, "height": 1000}, "visibility_levels": 4294967297}`, "visibility_levels"},
		} {
			res := ed.do(tc.method, tc.path, tc.body)
			if res.status != 400 {
				t.Fatalf("%s: status %d, want 400: %s", name, res.status, res.body)
			}
			res.wantError(400, "validation_failed", tc.field)
		}
		after, err := s.MapByID(context.Background(), h.mapID)
		if err != nil || after.Revision != before.Revision {
			t.Fatalf("a refused request changed the map: revision %d → %d (%v)", before.Revision, after.Revision, err)
		}
		ed.do("GET", fmt.Sprintf("/api/v1/maps/%d/changes?since=99999999999999999999", h.mapID), nil).wantError(400, "validation_failed", "since")
		ed.do("GET", "/api/v1/maps/99999999999999999999", nil).wantError(404, "not_found")
	})
}
