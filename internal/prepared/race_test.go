package prepared

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"github.com/strata-maps/strata/internal/demo"
	"github.com/strata-maps/strata/internal/document"
	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/editing"
	"github.com/strata-maps/strata/internal/store"
	"github.com/strata-maps/strata/internal/store/storetest"
)

// A document first read outside a snapshot, while editors change the map,
// is brought to one revision from the log: read again and again under
// edits, then once more when they stop, it equals a fresh document.
func TestReadUnderEditsEndsAtOneRevision(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		c, err := s.CreateClient(ctx, "acme", "Acme")
		if err != nil {
			t.Fatal(err)
		}
		u, err := s.CreateUser(ctx, store.NewUser{Email: "e@example.org", PasswordHash: "x"})
		if err != nil {
			t.Fatal(err)
		}
		m, err := demo.GenerateMap(ctx, s, c.ID, "Plan", 1500)
		if err != nil {
			t.Fatal(err)
		}
		nodes, err := s.NodesOfMap(ctx, m.ID)
		if err != nil {
			t.Fatal(err)
		}
		ed := editing.New(s, nil)
		for round := range 4 {
			stop := make(chan struct{})
			var wg sync.WaitGroup
			wg.Add(1)
			go func() { // an editor moving and deleting nodes as fast as it can
				defer wg.Done()
				rng := rand.New(rand.NewPCG(uint64(round), 9))
				for {
					select {
					case <-stop:
						return
					default:
					}
					n := nodes[rng.IntN(len(nodes))]
					var err error
					if rng.IntN(10) == 0 {
						_, err = ed.DeleteNode(ctx, m.ID, u.ID, n.ID)
					} else {
						var p editing.NodePatch
						if err := json.Unmarshal(fmt.Appendf(nil, `{"id":%d,"geometry":{"center":{"x":%g,"y":7}}}`, n.ID, rng.Float64()*1000), &p); err != nil {
							t.Error(err)
							return
						}
						_, err = ed.PatchElements(ctx, m.ID, u.ID, editing.ElementsPatch{Nodes: []editing.NodePatch{p}})
					}
					if err != nil && domain.ErrorCode(err) != domain.CodeNotFound {
						t.Error(err)
						return
					}
				}
			}()
			d, err := New(Config{Store: s})
			if err != nil {
				t.Fatal(err)
			}
			start, err := s.MapRevision(ctx, m.ID)
			if err != nil {
				t.Fatal(err)
			}
			for range 3 {
				rev, err := s.MapRevision(ctx, m.ID)
				if err != nil {
					t.Fatal(err)
				}
				m.Revision = rev
				if _, err := d.Get(ctx, m); err != nil {
					t.Fatal(err)
				}
				d.keep(m.ID, d.maps[m.ID], nil) // read from the rows again
			}
			// On a loaded machine the editor may not have committed yet: the
			// last read must come after at least one edit, or it proves nothing.
			for deadline := time.Now().Add(10 * time.Second); m.Revision == start; {
				if time.Now().After(deadline) {
					t.Fatalf("round %d: the editor made no edit in 10 s", round)
				}
				time.Sleep(time.Millisecond)
				if m.Revision, err = s.MapRevision(ctx, m.ID); err != nil {
					t.Fatal(err)
				}
			}
			a, err := d.Get(ctx, m) // read under edits, kept
			if err != nil {
				t.Fatal(err)
			}
			close(stop)
			wg.Wait()
			fresh, rev, err := document.Append(ctx, s, nil, m.ID, true)
			if err != nil {
				t.Fatal(err)
			}
			if a.Revision == start {
				t.Fatalf("round %d: no edit while the document was read", round)
			}
			m.Revision = rev
			if a, err = d.Get(ctx, m); err != nil {
				t.Fatal(err)
			}
			var got bytes.Buffer
			if err := a.WriteJSON(&got); err != nil {
				t.Fatal(err)
			}
			if a.Revision != rev || !bytes.Equal(got.Bytes(), fresh) {
				t.Fatalf("round %d: at revision %d (fresh %d) the document differs", round, a.Revision, rev)
			}
		}
	})
}
