package document_test

import (
	"context"
	"encoding/json"
	"reflect"
	"testing"

	"github.com/strata-maps/strata/internal/document"
	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/store"
	"github.com/strata-maps/strata/internal/store/storetest"
)

// The document is written from the rows by hand; read back, it must be
// what the domain types hold, and the snapshot a version keeps must be
// the same document.
func TestDocumentReadsBackAsTheDomainTypes(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		c, err := s.CreateClient(ctx, "acme", "Acme")
		if err != nil {
			t.Fatal(err)
		}
		m, err := s.CreateMap(ctx, domain.Map{ClientID: c.ID, Name: "Plan", Width: 100, Height: 100, VisibilityLevels: 3})
		if err != nil {
			t.Fatal(err)
		}
		a, err := s.InsertNode(ctx, m.ID, domain.Node{Template: "0", Design: domain.Design{"shape": "circle"}, PopupType: "popup-small",
			Geometry: domain.NodeGeometry{Center: domain.Point{X: 1.5, Y: -2}}, Visibility: domain.Visibility{MinLevel: 1, MaxLevel: 3},
			Content: map[domain.Language]domain.NodeContent{domain.LangDE: {Title: "Grüße \"<b>\" & \u2028"}}})
		if err != nil {
			t.Fatal(err)
		}
		next := a.ID
		b, err := s.InsertNode(ctx, m.ID, domain.Node{Template: "0", Design: domain.Design{"shape": "rectangle"}, NextID: &next,
			Visibility: domain.Visibility{MinLevel: 2, MaxLevel: 2, Hidden: true}})
		if err != nil {
			t.Fatal(err)
		}
		e, err := s.InsertEdge(ctx, m.ID, domain.Edge{Node: domain.EdgeEnds{FromID: a.ID, ToID: b.ID}, Name: "naïve", Template: "0",
			Design: domain.Design{}, Visibility: domain.Visibility{MinLevel: 1, MaxLevel: 3}})
		if err != nil {
			t.Fatal(err)
		}

		doc, rev, err := document.Append(ctx, s, []byte("kept"), m.ID, true)
		if err != nil || rev != 0 || string(doc[:4]) != "kept" {
			t.Fatalf("append: %d %v", rev, err)
		}
		var got struct {
			Map struct {
				Name string `json:"name"`
			} `json:"map"`
			ObjectTemplates []domain.ObjectTemplate `json:"object_templates"`
			Revision        *int64                  `json:"revision"`
			Nodes           []domain.Node           `json:"nodes"`
			Edges           []domain.Edge           `json:"edges"`
		}
		if err := json.Unmarshal(doc[4:], &got); err != nil {
			t.Fatalf("not JSON: %v\n%s", err, doc[4:])
		}
		if got.Map.Name != "Plan" || got.ObjectTemplates == nil || got.Revision == nil || len(got.Nodes) != 2 || len(got.Edges) != 1 {
			t.Fatalf("document %s", doc[4:])
		}
		want, err := s.NodesByID(ctx, m.ID, []int64{a.ID, b.ID})
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range got.Nodes {
			if !reflect.DeepEqual(n, want[n.ID]) {
				t.Errorf("node %d\n got %+v\nwant %+v", n.ID, n, want[n.ID])
			}
		}
		if got.Edges[0].ID != e.ID || got.Edges[0].Name != "naïve" || got.Edges[0].Node != e.Node {
			t.Errorf("edge %+v, want %+v", got.Edges[0], e)
		}

		var snap []byte
		if err := s.Tx(ctx, func(tx *store.Store) error {
			snap, err = document.Snapshot(ctx, tx, m.ID)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		if string(snap) != string(doc[4:]) {
			t.Fatalf("the snapshot differs from the document:\n%s\n%s", snap, doc[4:])
		}
	})
}
