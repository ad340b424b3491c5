package demo_test

import (
	"context"
	"testing"

	"github.com/strata-maps/strata/internal/demo"
	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/store"
	"github.com/strata-maps/strata/internal/store/storetest"
)

func TestGenerateMapKeepsTheRules(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		c, err := s.CreateClient(ctx, "gen", "Gen")
		if err != nil {
			t.Fatal(err)
		}
		m, err := demo.GenerateMap(ctx, s, c.ID, "Big", 400)
		if err != nil {
			t.Fatal(err)
		}
		nodes, err := s.NodesOfMap(ctx, m.ID)
		if err != nil || len(nodes) != 400 {
			t.Fatalf("%d nodes, %v", len(nodes), err)
		}
		edges, err := s.EdgesOfMap(ctx, m.ID)
		if err != nil || len(edges) < 400 {
			t.Fatalf("%d edges (want about two per node), %v", len(edges), err)
		}
		byID := map[int64]domain.Node{}
		for _, n := range nodes {
			byID[n.ID] = n
			if n.Content[domain.LangDE].Title == "" || n.Content[domain.LangFR].Title == "" {
				t.Fatalf("node %d lacks German or French content", n.ID)
			}
			if n.Design.String("shape") == "circle" && n.Design["width"] != nil && n.Design["width"] != n.Design["height"] {
				t.Fatalf("circle %d is not round: %v", n.ID, n.Design)
			}
		}
		for _, e := range edges {
			from, to := byID[e.Node.FromID], byID[e.Node.ToID]
			if !from.Visibility.Overlaps(to.Visibility) || e.Visibility.MinLevel < max(from.Visibility.MinLevel, to.Visibility.MinLevel) {
				t.Fatalf("edge %d breaks the overlap rule", e.ID)
			}
		}
	})
}
