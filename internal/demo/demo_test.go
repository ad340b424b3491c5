package demo_test

import (
	"context"
	"testing"

	"github.com/strata-maps/strata/internal/auth"
	"github.com/strata-maps/strata/internal/demo"
	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/store"
	"github.com/strata-maps/strata/internal/store/storetest"
)

func TestSeedCreatesEveryLoginOnceAndIsIdempotent(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		created, err := demo.Seed(ctx, s)
		if err != nil || !created {
			t.Fatalf("first seed: created %v, err %v", created, err)
		}
		c, err := s.ClientByName(ctx, demo.ClientName)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range demo.Logins {
			u, err := s.UserByEmail(ctx, l.Email)
			if err != nil {
				t.Fatalf("%s: %v", l.Email, err)
			}
			hash, err := s.PasswordHash(ctx, u.ID)
			if err != nil {
				t.Fatal(err)
			}
			if ok, _ := auth.CheckPassword(l.Password, hash); !ok {
				t.Errorf("%s: the printed password does not sign in", l.Email)
			}
			ms, err := s.Memberships(ctx, u.ID)
			if err != nil {
				t.Fatal(err)
			}
			if l.Role == "superuser" {
				if !u.IsSuperuser || len(ms) != 0 {
					t.Errorf("superuser: flag %v, memberships %v", u.IsSuperuser, ms)
				}
			} else if len(ms) != 1 || ms[0].Role != domain.Role(l.Role) || ms[0].ClientName != c.Name {
				t.Errorf("%s: memberships %+v, want %s in demo", l.Email, ms, l.Role)
			}
		}
		maps, err := s.MapsOfClient(ctx, c.ID)
		if err != nil || len(maps) != 1 {
			t.Fatalf("demo maps = %v, %v", maps, err)
		}
		created, err = demo.Seed(ctx, s)
		if err != nil || created {
			t.Fatalf("second seed: created %v, err %v; want a no-op", created, err)
		}
	})
}
