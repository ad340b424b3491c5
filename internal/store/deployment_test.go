package store_test

import (
	"context"
	"sync"
	"testing"

	"github.com/strata-maps/strata/internal/store"
	"github.com/strata-maps/strata/internal/store/storetest"
)

// Every instance on one database reads the same deployment id, even when
// they start at once; another database has another.
func TestDeploymentID(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		ids := make([]string, 8)
		var wg sync.WaitGroup
		for i := range ids {
			wg.Go(func() {
				id, err := s.DeploymentID(ctx)
				if err != nil {
					t.Error(err)
				}
				ids[i] = id
			})
		}
		wg.Wait()
		for _, id := range ids {
			if id != ids[0] || len(id) != 16 {
				t.Fatalf("ids %q: want one 16-character id", ids)
			}
		}
		other, err := storetest.Open(t, s.Dialect()).DeploymentID(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if other == ids[0] {
			t.Fatalf("two databases share the deployment id %s", other)
		}
	})
}
