package apikeys_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/strata-maps/strata/internal/apikeys"
	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/store"
	"github.com/strata-maps/strata/internal/store/storetest"
)

// fixture is a service over a fresh store with two clients and an admin.
type fixture struct {
	s            *store.Store
	keys         *apikeys.Service
	acme, globex domain.Client
	admin        domain.User
	clock        *clock
}

type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

func newFixture(t *testing.T, s *store.Store, perMinute int) *fixture {
	t.Helper()
	ctx := context.Background()
	f := &fixture{s: s, clock: &clock{t: time.Now().UTC().Truncate(time.Second)}}
	f.keys = apikeys.New(apikeys.Config{Store: s, RequestsPerMinute: perMinute, Now: f.clock.now})
	var err error
	if f.acme, err = s.CreateClient(ctx, "acme", "Acme"); err != nil {
		t.Fatal(err)
	}
	if f.globex, err = s.CreateClient(ctx, "globex", "Globex"); err != nil {
		t.Fatal(err)
	}
	if f.admin, err = s.CreateUser(ctx, store.NewUser{Email: "admin@example.org", Name: "Ada Admin"}); err != nil {
		t.Fatal(err)
	}
	if err := s.AddMembership(ctx, f.admin.ID, f.acme.ID, domain.RoleAdmin); err != nil {
		t.Fatal(err)
	}
	return f
}

func (f *fixture) create(t *testing.T, c domain.Client, name string, scope domain.Access) apikeys.Created {
	t.Helper()
	k, err := f.keys.Create(context.Background(), apikeys.NewKey{Client: c, Creator: f.admin, Name: name, Scope: scope})
	if err != nil {
		t.Fatalf("create %q: %v", name, err)
	}
	return k
}

func wantCode(t *testing.T, err error, code string) {
	t.Helper()
	if domain.ErrorCode(err) != code {
		t.Fatalf("error %v, want %s", err, code)
	}
}

func TestCreateListRevoke(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		f := newFixture(t, s, 0)
		k := f.create(t, f.acme, "  Nightly import ", domain.AccessEdit)
		// 32 random bytes are 43 characters of unpadded base64.
		if !strings.HasPrefix(k.Key, apikeys.Prefix) || len(k.Key) < len(apikeys.Prefix)+43 {
			t.Fatalf("key %q", k.Key)
		}
		if k.Name != "Nightly import" || k.Scope != domain.AccessEdit || k.CreatedByName != "Ada Admin" || k.LastUsedAt != nil {
			t.Fatalf("created %+v", k.APIKey)
		}
		other := f.create(t, f.acme, "Dashboard", domain.AccessRead)
		if other.Key == k.Key {
			t.Fatal("two keys are the same")
		}
		list, err := f.keys.List(ctx, f.acme.ID)
		if err != nil || len(list) != 2 || list[0].ID != k.ID || list[1].Scope != domain.AccessRead {
			t.Fatalf("list %+v, %v", list, err)
		}
		// Another client's key is not found, and stays.
		wantCode(t, f.keys.Revoke(ctx, f.globex.ID, k.ID), domain.CodeNotFound)
		if err := f.keys.Revoke(ctx, f.acme.ID, k.ID); err != nil {
			t.Fatal(err)
		}
		wantCode(t, f.keys.Revoke(ctx, f.acme.ID, k.ID), domain.CodeNotFound)
		list, err = f.keys.List(ctx, f.acme.ID)
		if err != nil || len(list) != 1 || list[0].ID != other.ID {
			t.Fatalf("after revoking: %+v, %v", list, err)
		}
	})
}

func TestCreateRefusesBadInput(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		f := newFixture(t, s, 0)
		ctx := context.Background()
		for _, c := range []struct {
			name, field string
			scope       domain.Access
		}{
			{"", "name", domain.AccessRead},
			{"   ", "name", domain.AccessRead},
			{strings.Repeat("x", apikeys.MaxNameLength+1), "name", domain.AccessRead},
			{"nul\x00name", "name", domain.AccessRead},
			{"two\nlines", "name", domain.AccessRead},
			{"ok", "scope", "admin"},
			{"ok", "scope", domain.AccessNone},
			{"ok", "scope", ""},
		} {
			_, err := f.keys.Create(ctx, apikeys.NewKey{Client: f.acme, Creator: f.admin, Name: c.name, Scope: c.scope})
			var de *domain.Error
			if domain.ErrorCode(err) != domain.CodeInvalid || !asError(err, &de) || de.Details()[c.field] == "" {
				t.Errorf("%q/%q: %v, want validation_failed naming %s", c.name, c.scope, err, c.field)
			}
		}
		f.create(t, f.acme, strings.Repeat("é", apikeys.MaxNameLength), domain.AccessRead)
	})
}

func TestKeysPerClientAreBounded(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		f := newFixture(t, s, 0)
		var first apikeys.Created
		for i := range apikeys.MaxPerClient {
			k := f.create(t, f.acme, "key", domain.AccessRead)
			if i == 0 {
				first = k
			}
		}
		_, err := f.keys.Create(ctx, apikeys.NewKey{Client: f.acme, Creator: f.admin, Name: "one more", Scope: domain.AccessRead})
		wantCode(t, err, domain.CodeQuotaExceeded)
		f.create(t, f.globex, "other client", domain.AccessRead) // the bound is per client
		if err := f.keys.Revoke(ctx, f.acme.ID, first.ID); err != nil {
			t.Fatal(err)
		}
		f.create(t, f.acme, "in the freed place", domain.AccessRead)
	})
}

func TestAuthenticate(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		f := newFixture(t, s, 0)
		edit := f.create(t, f.acme, "Import", domain.AccessEdit)
		read := f.create(t, f.acme, "Dashboard", domain.AccessRead)

		a, err := f.keys.Authenticate(ctx, edit.Key)
		if err != nil {
			t.Fatal(err)
		}
		if a.Key == nil || a.Key.ID != edit.ID || a.User.ID != edit.UserID || a.User.ID == f.admin.ID || a.User.Name != "Import" {
			t.Fatalf("actor %+v", a)
		}
		// The key's scope is a role in its own client only.
		if domain.MapAccess(a, "acme", "") != domain.AccessEdit || domain.MapAccess(a, "globex", "") != domain.AccessNone || a.Can("acme", domain.RoleEditor) {
			t.Fatalf("edit key's rights: %+v", a.Roles)
		}
		r, err := f.keys.Authenticate(ctx, read.Key)
		if err != nil || domain.MapAccess(r, "acme", "") != domain.AccessRead {
			t.Fatalf("read key: %+v, %v", r.Roles, err)
		}

		for _, bad := range []string{"", "strata_", edit.Key + "x", strings.TrimPrefix(edit.Key, apikeys.Prefix), apikeys.Hash(edit.Key)} {
			_, err := f.keys.Authenticate(ctx, bad)
			wantCode(t, err, domain.CodeUnauthenticated)
		}

		// Revoked: refused at once.
		if err := f.keys.Revoke(ctx, f.acme.ID, read.ID); err != nil {
			t.Fatal(err)
		}
		_, err = f.keys.Authenticate(ctx, read.Key)
		wantCode(t, err, domain.CodeUnauthenticated)

		// A deactivated client's keys stop; they work again when it is active.
		f.acme.Active = false
		if err := s.UpdateClient(ctx, f.acme); err != nil {
			t.Fatal(err)
		}
		_, err = f.keys.Authenticate(ctx, edit.Key)
		wantCode(t, err, domain.CodeUnauthenticated)
		_, err = f.keys.Create(ctx, apikeys.NewKey{Client: f.acme, Creator: f.admin, Name: "x", Scope: domain.AccessRead})
		wantCode(t, err, domain.CodeConflict)
		f.acme.Active = true
		if err := s.UpdateClient(ctx, f.acme); err != nil {
			t.Fatal(err)
		}
		if _, err := f.keys.Authenticate(ctx, edit.Key); err != nil {
			t.Fatal(err)
		}
		// A deleted client's keys are gone.
		if err := s.DeleteClient(ctx, f.acme.ID); err != nil {
			t.Fatal(err)
		}
		_, err = f.keys.Authenticate(ctx, edit.Key)
		wantCode(t, err, domain.CodeUnauthenticated)
		// So are the users the keys acted as: nobody could remove them later.
		if _, err := s.UserByID(ctx, edit.UserID); domain.ErrorCode(err) != domain.CodeNotFound {
			t.Fatalf("the key's user after its client was deleted: %v", err)
		}
	})
}

func TestRateLimitAndLastUse(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		f := newFixture(t, s, 3)
		k := f.create(t, f.acme, "Import", domain.AccessRead)
		other := f.create(t, f.acme, "Other", domain.AccessRead)
		lastUsed := func() *time.Time {
			t.Helper()
			list, err := f.keys.List(ctx, f.acme.ID)
			if err != nil {
				t.Fatal(err)
			}
			return list[0].LastUsedAt
		}
		if _, err := f.keys.Authenticate(ctx, k.Key); err != nil {
			t.Fatal(err)
		}
		first := lastUsed()
		if first == nil || !first.Equal(f.clock.now()) {
			t.Fatalf("last used %v, want %v", first, f.clock.now())
		}
		f.clock.advance(30 * time.Second)
		if _, err := f.keys.Authenticate(ctx, k.Key); err != nil {
			t.Fatal(err)
		}
		if got := lastUsed(); !got.Equal(*first) {
			t.Fatalf("last used written again within a minute: %v", got)
		}
		if _, err := f.keys.Authenticate(ctx, k.Key); err != nil {
			t.Fatal(err)
		}
		_, err := f.keys.Authenticate(ctx, k.Key)
		var de *domain.Error
		if !asError(err, &de) || de.Code != domain.CodeRateLimited || de.RetryAfter <= 0 {
			t.Fatalf("fourth request: %v, want rate_limited with a retry time", err)
		}
		// The limit is the key's own.
		if _, err := f.keys.Authenticate(ctx, other.Key); err != nil {
			t.Fatal(err)
		}
		f.clock.advance(time.Minute)
		if _, err := f.keys.Authenticate(ctx, other.Key); err != nil {
			t.Fatal(err)
		}
		list, err := f.keys.List(ctx, f.acme.ID)
		if err != nil || list[1].LastUsedAt == nil || !list[1].LastUsedAt.Equal(f.clock.now()) {
			t.Fatalf("last use after a minute: %+v, %v", list, err)
		}
	})
}

func TestPlainKeyIsNotStored(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		f := newFixture(t, s, 0)
		k := f.create(t, f.acme, "Import", domain.AccessEdit)
		if _, err := f.keys.Authenticate(context.Background(), k.Key); err != nil {
			t.Fatal(err)
		}
		dump := storetest.Dump(t, s)
		if !strings.Contains(dump, apikeys.Hash(k.Key)) {
			t.Fatal("the dump does not hold the key's hash: it cannot show the key is missing")
		}
		secret := strings.TrimPrefix(k.Key, apikeys.Prefix)
		if strings.Contains(dump, secret) {
			t.Fatal("the key is stored in plain text")
		}
	})
}

func asError(err error, target **domain.Error) bool { return errors.As(err, target) }
