package store_test

import (
	"context"
	"database/sql"
	"testing"

	"github.com/strata-maps/strata/internal/store"
)

// A write acknowledged on SQLite must survive a power failure, not only a
// crash of the process: every connection syncs the WAL at each commit
// (synchronous=FULL, 2), where NORMAL (1) syncs only at checkpoints.
func TestSQLiteSyncsEveryCommit(t *testing.T) {
	ctx := context.Background()
	target, err := store.ResolveTarget("", t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	s, err := store.Open(ctx, target)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	db, err := sql.Open("sqlite", target.DSN) // a connection as the store's pool opens them
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var mode string
	var sync int
	if err := db.QueryRowContext(ctx, "PRAGMA journal_mode").Scan(&mode); err != nil {
		t.Fatal(err)
	}
	if err := db.QueryRowContext(ctx, "PRAGMA synchronous").Scan(&sync); err != nil {
		t.Fatal(err)
	}
	if mode != "wal" || sync != 2 {
		t.Fatalf("journal_mode %s, synchronous %d; want wal, 2 (FULL)", mode, sync)
	}
}
