package store_test

import (
	"context"
	"sync"
	"testing"

	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/store"
	"github.com/strata-maps/strata/internal/store/storetest"
)

func TestMigrateIsIdempotent(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		n, err := s.Migrate(context.Background())
		if err != nil || n != 0 {
			t.Fatalf("second migrate applied %d, err %v; want 0, nil", n, err)
		}
	})
}

func TestClientsAndMemberships(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		c, err := s.CreateClient(ctx, "acme", "Acme Ltd")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.CreateClient(ctx, "acme", "Other"); domain.ErrorCode(err) != domain.CodeConflict {
			t.Fatalf("duplicate client name: got %v, want conflict", err)
		}
		got, err := s.ClientByName(ctx, "acme")
		if err != nil || got.ID != c.ID || got.Title != "Acme Ltd" || !got.Active {
			t.Fatalf("ClientByName = %+v, %v", got, err)
		}
		if !got.CreatedAt.Equal(c.CreatedAt) {
			t.Fatalf("created_at round trip: stored %v, read %v", c.CreatedAt, got.CreatedAt)
		}
		if _, err := s.ClientByName(ctx, "nope"); domain.ErrorCode(err) != domain.CodeNotFound {
			t.Fatalf("unknown client: got %v, want not_found", err)
		}

		u, err := s.CreateUser(ctx, store.NewUser{Email: "ada@example.org", Name: "Ada", PasswordHash: "h"})
		if err != nil {
			t.Fatal(err)
		}
		if !u.Preferences.RemovalConfirmation || u.Language != nil || u.IsSuperuser {
			t.Fatalf("new user defaults: %+v", u)
		}
		if _, err := s.CreateUser(ctx, store.NewUser{Email: "ada@example.org"}); domain.ErrorCode(err) != domain.CodeConflict {
			t.Fatalf("duplicate e-mail: got %v, want conflict", err)
		}
		for _, r := range []domain.Role{domain.RoleStudent, domain.RoleEditor, domain.RoleEditor} {
			if err := s.AddMembership(ctx, u.ID, c.ID, r); err != nil {
				t.Fatal(err)
			}
		}
		ms, err := s.Memberships(ctx, u.ID)
		if err != nil || len(ms) != 2 {
			t.Fatalf("memberships = %+v, %v; want editor and student once each", ms, err)
		}
		byMail, err := s.UserByEmail(ctx, "ada@example.org")
		if err != nil || byMail.ID != u.ID {
			t.Fatalf("UserByEmail = %+v, %v", byMail, err)
		}
	})
}

func TestTxRollsBackEverythingOnError(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		err := s.Tx(ctx, func(tx *store.Store) error {
			if _, err := tx.CreateClient(ctx, "half", "Half"); err != nil {
				return err
			}
			_, err := tx.CreateClient(ctx, "half", "Again") // conflicts
			return err
		})
		if domain.ErrorCode(err) != domain.CodeConflict {
			t.Fatalf("got %v, want the conflict", err)
		}
		if _, err := s.ClientByName(ctx, "half"); domain.ErrorCode(err) != domain.CodeNotFound {
			t.Fatalf("the first insert survived a rolled-back transaction: %v", err)
		}
	})
}

func TestRevisionsAreConsecutiveUnderConcurrency(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		c, err := s.CreateClient(ctx, "acme", "Acme")
		if err != nil {
			t.Fatal(err)
		}
		m, err := s.CreateMap(ctx, domain.Map{ClientID: c.ID, Name: "Map", Width: 1000, Height: 800, VisibilityLevels: 3})
		if err != nil {
			t.Fatal(err)
		}
		const writers, each = 8, 10
		var wg sync.WaitGroup
		errs := make(chan error, writers*each)
		for w := 0; w < writers; w++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := 0; i < each; i++ {
					if _, err := s.AppendChange(ctx, m.ID, nil, "node_position", []byte(`{"id":1}`)); err != nil {
						errs <- err
					}
				}
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Fatal(err)
		}
		changes, err := s.ChangesSince(ctx, m.ID, 0, 1000)
		if err != nil {
			t.Fatal(err)
		}
		if len(changes) != writers*each {
			t.Fatalf("got %d changes, want %d", len(changes), writers*each)
		}
		for i, ch := range changes {
			if ch.Revision != int64(i+1) {
				t.Fatalf("change %d has revision %d: revisions must be consecutive", i, ch.Revision)
			}
		}
		later, err := s.ChangesSince(ctx, m.ID, 75, 1000)
		if err != nil || len(later) != 5 || later[0].Revision != 76 {
			t.Fatalf("ChangesSince(75) = %d changes from %v, err %v", len(later), later, err)
		}
		if _, err := s.AppendChange(ctx, 9999, nil, "map", []byte(`{}`)); domain.ErrorCode(err) != domain.CodeNotFound {
			t.Fatalf("change to unknown map: got %v, want not_found", err)
		}
	})
}
