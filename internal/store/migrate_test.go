package store

import (
	"context"
	"testing"
	"testing/fstest"
)

// A failing migration must leave the database as the previous one left it.
// The migrations are given here rather than embedded, so this test lives in
// the package; it opens its own databases to avoid importing storetest.
func TestFailingMigrationLeavesDatabaseAsItWas(t *testing.T) {
	ctx := context.Background()
	s, err := Open(ctx, sqliteTarget(t.TempDir()+"/m.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	fsys := fstest.MapFS{
		"00001_good.sql": {Data: []byte("-- +goose Up\nCREATE TABLE good (id INTEGER);\n")},
		"00002_bad.sql":  {Data: []byte("-- +goose Up\nCREATE TABLE half (id INTEGER);\nINSERT INTO nowhere VALUES (1);\n")},
	}
	if _, err := s.migrate(ctx, fsys); err == nil {
		t.Fatal("migration 2 should fail")
	}
	var n int
	if err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM good`).Scan(&n); err != nil {
		t.Fatalf("migration 1 should have stayed applied: %v", err)
	}
	if _, err := s.db.ExecContext(ctx, `SELECT COUNT(*) FROM half`); err == nil {
		t.Fatal("table of the failed migration exists: it was half applied")
	}
}
