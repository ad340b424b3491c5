package prepared

import (
	"context"
	"testing"
	"time"

	"github.com/strata-maps/strata/internal/demo"
	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/store"
	"github.com/strata-maps/strata/internal/store/storetest"
)

// The documents keep to their memory budget, dropping the ones read
// least recently, and drop those not read for a while.
func TestDocumentsKeepToTheirBudget(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		c, err := s.CreateClient(ctx, "acme", "Acme")
		if err != nil {
			t.Fatal(err)
		}
		var maps []domain.Map
		for range 3 {
			m, err := demo.GenerateMap(ctx, s, c.ID, "Plan", 200)
			if err != nil {
				t.Fatal(err)
			}
			maps = append(maps, m)
		}
		probe, err := New(Config{Store: s})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := probe.Get(ctx, maps[0]); err != nil {
			t.Fatal(err)
		}
		one := probe.Used()
		if one < 200*100 {
			t.Fatalf("a 200-node document counted as %d bytes", one)
		}

		// Room for two of the three.
		d, err := New(Config{Store: s, Budget: 2*one + one/2, Idle: time.Minute})
		if err != nil {
			t.Fatal(err)
		}
		now := time.Now()
		d.now = func() time.Time { return now }
		for i, m := range maps {
			now = now.Add(time.Second)
			a, err := d.Get(ctx, m)
			if err != nil {
				t.Fatal(err)
			}
			if a.Revision != m.Revision || a.Size() == 0 {
				t.Fatalf("map %d: revision %d, size %d", i, a.Revision, a.Size())
			}
		}
		if d.Used() > d.budget || len(d.maps) != 2 || d.maps[maps[0].ID] != nil {
			t.Fatalf("%d bytes of %d used by %d maps", d.Used(), d.budget, len(d.maps))
		}
		// Two minutes later, only the map read now is kept.
		now = now.Add(2 * time.Minute)
		if _, err := d.Get(ctx, maps[0]); err != nil {
			t.Fatal(err)
		}
		if len(d.maps) != 1 || d.maps[maps[0].ID] == nil || d.Used() != one {
			t.Fatalf("after the idle time: %d maps, %d bytes", len(d.maps), d.Used())
		}
	})
}
