package editing_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/editing"
	"github.com/strata-maps/strata/internal/store"
	"github.com/strata-maps/strata/internal/store/storetest"
)

// A change made with a precondition happens only while the map is at a
// revision it names: If-Match's list (AtAnyRevision), a body's revision
// (AlsoAtRevision), or both, which must both hold.
func TestChangesAtRevisions(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		c, err := s.CreateClient(ctx, "acme", "Acme")
		if err != nil {
			t.Fatal(err)
		}
		u, err := s.CreateUser(ctx, store.NewUser{Email: "ed@example.org", Name: "Ed"})
		if err != nil {
			t.Fatal(err)
		}
		m, err := s.CreateMap(ctx, domain.Map{ClientID: c.ID, Name: "Map", Width: 100, Height: 100, VisibilityLevels: 1})
		if err != nil {
			t.Fatal(err)
		}
		ed := editing.New(s, nil)
		rev := m.Revision
		n := 0
		change := func(ctx context.Context) error {
			n++
			name := fmt.Sprintf("Name %d", n)
			res, err := ed.PatchMap(ctx, m.ID, u.ID, editing.MapPatch{Name: &name})
			if err == nil {
				rev = res.Revision
			}
			return err
		}
		for _, tt := range []struct {
			name string
			ctx  func() context.Context
			ok   bool
		}{
			{"no precondition", func() context.Context { return ctx }, true},
			{"the revision", func() context.Context { return editing.AtRevision(ctx, rev) }, true},
			{"a stale revision", func() context.Context { return editing.AtRevision(ctx, rev-1) }, false},
			{"a list naming it", func() context.Context { return editing.AtAnyRevision(ctx, []int64{rev - 1, rev, rev + 5}) }, true},
			{"a list naming others", func() context.Context { return editing.AtAnyRevision(ctx, []int64{rev - 1, rev + 1}) }, false},
			{"an empty list", func() context.Context { return editing.AtAnyRevision(ctx, nil) }, false},
			{"a body's revision alone", func() context.Context { return editing.AlsoAtRevision(ctx, rev) }, true},
			{"a body's and a list agreeing", func() context.Context {
				return editing.AlsoAtRevision(editing.AtAnyRevision(ctx, []int64{rev, rev + 1}), rev)
			}, true},
			{"a body's and a list disagreeing", func() context.Context {
				return editing.AlsoAtRevision(editing.AtAnyRevision(ctx, []int64{rev - 1}), rev)
			}, false},
			{"a stale body's with a current header", func() context.Context {
				return editing.AlsoAtRevision(editing.AtRevision(ctx, rev), rev-1)
			}, false},
		} {
			before := rev
			err := change(tt.ctx())
			if tt.ok && (err != nil || rev != before+1) {
				t.Errorf("%s: %v, revision %d after %d", tt.name, err, rev, before)
			}
			if !tt.ok {
				if domain.ErrorCode(err) != domain.CodePreconditionFailed || rev != before {
					t.Errorf("%s: %v, revision %d after %d; want precondition_failed, nothing changed", tt.name, err, rev, before)
				}
				if got, _ := s.MapByID(ctx, m.ID); got.Revision != before {
					t.Errorf("%s: the map moved to %d", tt.name, got.Revision)
				}
			}
		}
	})
}
