package api_test

import (
	"context"
	"encoding/json"
	"reflect"
	"strconv"
	"testing"

	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/store"
	"github.com/strata-maps/strata/internal/store/storetest"
)

// The document read streams stored rows into JSON by hand; it must say
// exactly what encoding the domain types says.
func TestDocumentStreamsTheSameJSONAsTheDomainTypes(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		ctx := context.Background()
		d := domain.Design{"shape": "circle", "bg_color": "#ff0000", "width": 80.5, "border_enabled": true, "object_template": "0"}
		a, err := s.InsertNode(ctx, h.mapID, domain.Node{Template: "0", Design: d, PopupType: "popup-small", Order: 3,
			Geometry: domain.NodeGeometry{Center: domain.Point{X: 10.25, Y: -3e7}}, Visibility: domain.Visibility{MinLevel: 1, MaxLevel: 4, Hidden: true},
			Content: map[domain.Language]domain.NodeContent{domain.LangDE: {Title: "Grüße \"<b>\" & \\ \u2028", Content: "<p>x</p>"}}})
		if err != nil {
			t.Fatal(err)
		}
		next := a.ID
		b, err := s.InsertNode(ctx, h.mapID, domain.Node{Template: "0", Design: domain.Design{"shape": "rectangle"}, PopupType: "side-panel-large",
			NextID: &next, Editing: domain.Editing{Locked: true}, Visibility: domain.Visibility{MinLevel: 2, MaxLevel: 2}})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.InsertEdge(ctx, h.mapID, domain.Edge{Node: domain.EdgeEnds{FromID: a.ID, ToID: b.ID}, Name: "naïve \"edge\"", Template: "0",
			Design: domain.Design{"line_end": "sharp"}, Visibility: domain.Visibility{MinLevel: 2, MaxLevel: 2}, Locked: true,
			Content: map[domain.Language]domain.EdgeContent{domain.LangFR: {Middle: "mène à", Translated: true}}}); err != nil {
			t.Fatal(err)
		}

		var doc map[string]any
		h.as(editor).do("GET", "/api/v1/maps/"+itoa(h.mapID), nil).want(200).decode(&doc)
		nodes, err := s.NodesOfMap(ctx, h.mapID)
		if err != nil {
			t.Fatal(err)
		}
		edges, err := s.EdgesOfMap(ctx, h.mapID)
		if err != nil {
			t.Fatal(err)
		}
		for i := range nodes {
			nodes[i].Content = domain.ContentSummary(nodes[i].Content)
		}
		if want := viaJSON(t, nodes); !reflect.DeepEqual(doc["nodes"], want) {
			t.Errorf("nodes\n got %v\nwant %v", doc["nodes"], want)
		}
		if want := viaJSON(t, edges); !reflect.DeepEqual(doc["edges"], want) {
			t.Errorf("edges\n got %v\nwant %v", doc["edges"], want)
		}
		// The node is read whole on its own.
		var full map[string]any
		h.as(editor).do("GET", "/api/v1/maps/"+itoa(h.mapID)+"/nodes/"+itoa(a.ID), nil).want(200).decode(&full)
		if c := full["content"].(map[string]any)["de"].(map[string]any); c["content"] != "<p>x</p>" || full["revision"] == nil {
			t.Errorf("the node read whole lacks its content or the revision: %v", full)
		}
		for _, k := range []string{"map", "object_templates", "global_design", "layers", "revision"} {
			if _, ok := doc[k]; !ok {
				t.Errorf("the document lacks %q", k)
			}
		}
	})
}

func viaJSON(t *testing.T, v any) any {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var out any
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

func itoa(id int64) string { return strconv.FormatInt(id, 10) }
