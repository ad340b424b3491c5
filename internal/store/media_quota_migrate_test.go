package store

import (
	"context"
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/strata-maps/strata/internal/domain"
)

// Migration 00014 gives every client that had no media storage quota the
// default one, keeps a quota a superuser set, and counts an existing
// asset's file in its stored size.
func TestMigrationGivesExistingClientsTheMediaQuota(t *testing.T) {
	ctx := context.Background()
	s, err := Open(ctx, sqliteTarget(t.TempDir()+"/m.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	all, err := fs.Sub(migrations, "migrations/sqlite")
	if err != nil {
		t.Fatal(err)
	}
	before := fstest.MapFS{}
	err = fs.WalkDir(all, ".", func(p string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() || p >= "00014" {
			return err
		}
		b, err := fs.ReadFile(all, p)
		before[p] = &fstest.MapFile{Data: b}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.migrate(ctx, before); err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		`INSERT INTO clients (id, name, title, created_at, updated_at) VALUES (1, 'old', 'Old', '2025-01-01', '2025-01-01')`,
		`INSERT INTO clients (id, name, title, created_at, updated_at) VALUES (2, 'set', 'Set', '2025-01-01', '2025-01-01')`,
		`INSERT INTO client_quotas (client_id, kind, max_count) VALUES (2, 'media_storage', 1000)`,
		`INSERT INTO media_assets (client_id, key, type, content_type, name, size, metadata, search, containers, created_at, updated_at)
		 VALUES (1, 'abcdefghijklmnopqrstuvwxyz', 'image', 'image/png', 'a.png', 1234, '{}', '', ',', '2025-01-01', '2025-01-01')`,
	} {
		if _, err := s.db.ExecContext(ctx, q); err != nil {
			t.Fatalf("%s: %v", strings.Fields(q)[2], err)
		}
	}
	if _, err := s.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	old, err := s.Quota(ctx, 1, domain.QuotaMediaStorage)
	if err != nil {
		t.Fatal(err)
	}
	if old.Max == nil || *old.Max != domain.DefaultMediaStorageQuota || old.Count != 1234 {
		t.Errorf("media quota of a client without one: %+v, want max %d and count 1234", old, domain.DefaultMediaStorageQuota)
	}
	set, err := s.Quota(ctx, 2, domain.QuotaMediaStorage)
	if err != nil {
		t.Fatal(err)
	}
	if set.Max == nil || *set.Max != 1000 {
		t.Errorf("a set media quota changed: %+v", set)
	}
	// A client made now has it from the start.
	c, err := s.CreateClient(ctx, "new", "New")
	if err != nil {
		t.Fatal(err)
	}
	if q, err := s.Quota(ctx, c.ID, domain.QuotaMediaStorage); err != nil || q.Max == nil || *q.Max != domain.DefaultMediaStorageQuota {
		t.Errorf("media quota of a new client: %+v %v", q, err)
	}
}
