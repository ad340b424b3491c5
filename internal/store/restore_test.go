package store_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/store"
	"github.com/strata-maps/strata/internal/store/storetest"
)

// ReplaceElements writes more rows than one statement takes, under their
// own ids, and leaves nothing of what the map had.
func TestReplaceElements(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		c, err := s.CreateClient(ctx, "acme", "Acme")
		if err != nil {
			t.Fatal(err)
		}
		m, err := s.CreateMap(ctx, domain.NewMap(c.ID, "Strategy", "", 1000, 800, 3))
		if err != nil {
			t.Fatal(err)
		}
		node := func(i int) domain.Node {
			return domain.Node{Template: "0", Design: domain.Design{"shape": "circle"}, PopupType: "popup-small", Order: int64(i),
				Visibility: domain.Visibility{MinLevel: 1, MaxLevel: 3},
				Content:    map[domain.Language]domain.NodeContent{"en": {Title: fmt.Sprintf("Node %d", i), Content: "<p>whole</p>"}}}
		}
		// What the map holds now, and the ids the version had (taken, then freed).
		var kept []domain.Node
		for i := range 60 {
			n, err := s.InsertNode(ctx, m.ID, node(i))
			if err != nil {
				t.Fatal(err)
			}
			kept = append(kept, n)
		}
		var edges []domain.Edge
		for i := 1; i < len(kept); i++ {
			e, err := s.InsertEdge(ctx, m.ID, domain.Edge{Node: domain.EdgeEnds{FromID: kept[i-1].ID, ToID: kept[i].ID}, Template: "0",
				Design: domain.Design{}, Visibility: domain.Visibility{MinLevel: 1, MaxLevel: 3}})
			if err != nil {
				t.Fatal(err)
			}
			edges = append(edges, e)
		}
		tpl, err := s.InsertTemplate(ctx, m.ID, domain.ObjectTemplate{Name: "Blue", Type: domain.TemplateNode, Design: domain.Design{}})
		if err != nil {
			t.Fatal(err)
		}
		extra, err := s.InsertNode(ctx, m.ID, node(99))
		if err != nil {
			t.Fatal(err)
		}

		kept[7].Content["en"] = domain.NodeContent{Title: "Restored"}
		err = s.Tx(ctx, func(tx *store.Store) error {
			return tx.ReplaceElements(ctx, m.ID, []domain.ObjectTemplate{tpl}, kept, edges)
		})
		if err != nil {
			t.Fatal(err)
		}
		nodes, err := s.NodesOfMap(ctx, m.ID)
		if err != nil {
			t.Fatal(err)
		}
		got, err := s.EdgesOfMap(ctx, m.ID)
		if err != nil {
			t.Fatal(err)
		}
		if len(nodes) != len(kept) || len(got) != len(edges) {
			t.Fatalf("%d nodes and %d edges, want %d and %d", len(nodes), len(got), len(kept), len(edges))
		}
		byID := map[int64]domain.Node{}
		for _, n := range nodes {
			byID[n.ID] = n
		}
		for _, n := range kept {
			if _, ok := byID[n.ID]; !ok {
				t.Fatalf("node %d did not keep its id", n.ID)
			}
		}
		if _, ok := byID[extra.ID]; ok {
			t.Fatal("a node the version did not have is still there")
		}
		if byID[kept[7].ID].Content["en"].Title != "Restored" || byID[kept[8].ID].Content["en"].Content != "<p>whole</p>" {
			t.Fatalf("contents %+v, %+v", byID[kept[7].ID].Content, byID[kept[8].ID].Content)
		}
		if got[0].ID != edges[0].ID || got[0].Node != edges[0].Node {
			t.Fatalf("edge %+v, want %+v", got[0], edges[0])
		}
		if ts, err := s.TemplatesOfMap(ctx, m.ID); err != nil || len(ts) != 1 || ts[0].ID != tpl.ID {
			t.Fatalf("templates %+v, %v", ts, err)
		}
		// New elements take new ids after the restored ones.
		n, err := s.InsertNode(ctx, m.ID, node(100))
		if err != nil || n.ID <= extra.ID {
			t.Fatalf("a new node took id %d (%v)", n.ID, err)
		}
	})
}
