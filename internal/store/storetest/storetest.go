// Package storetest opens fresh, migrated databases for tests: one suite,
// run once per dialect.
package storetest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"net/url"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/strata-maps/strata/internal/store"
)

// PostgresEnv names the variable holding the URL of a PostgreSQL server on
// which tests may create and drop databases.
const PostgresEnv = "STRATA_TEST_POSTGRES_URL"

// Each runs fn as a subtest on a fresh SQLite database and, when
// STRATA_TEST_POSTGRES_URL is set, again on a fresh PostgreSQL database.
// In CI the variable must be set: a suite silently run on one database only
// would hide PostgreSQL failures.
func Each(t *testing.T, fn func(t *testing.T, s *store.Store)) {
	t.Helper()
	t.Run("sqlite", func(t *testing.T) { fn(t, Open(t, store.SQLite)) })
	if os.Getenv(PostgresEnv) == "" {
		if os.Getenv("CI") != "" {
			t.Fatalf("%s is not set in CI: the PostgreSQL run of this suite cannot be left out", PostgresEnv)
		}
		return
	}
	t.Run("postgres", func(t *testing.T) { fn(t, Open(t, store.Postgres)) })
}

// Open returns a fresh, migrated store of the dialect, closed (and for
// PostgreSQL dropped) when the test ends.
func Open(t testing.TB, d store.Dialect) *store.Store {
	t.Helper()
	ctx := context.Background()
	var target store.Target
	var err error
	switch d {
	case store.SQLite:
		target, err = store.ResolveTarget("", t.TempDir())
	case store.Postgres:
		target, err = store.ResolveTarget(CreatePostgresDatabase(t), "")
	}
	if err != nil {
		t.Fatalf("resolve %s: %v", d, err)
	}
	s, err := store.Open(ctx, target)
	if err != nil {
		t.Fatalf("open %s: %v", d, err)
	}
	t.Cleanup(func() { s.Close() })
	if _, err := s.Migrate(ctx); err != nil {
		t.Fatalf("migrate %s: %v", d, err)
	}
	targets.Store(s, target)
	t.Cleanup(func() { targets.Delete(s) })
	return s
}

// targets remembers where each open test store is, for Dump.
var targets sync.Map // *store.Store → store.Target

// CreatePostgresDatabase creates an empty database on the server named by
// STRATA_TEST_POSTGRES_URL, dropped when the test ends, and returns its URL.
func CreatePostgresDatabase(t testing.TB) string {
	t.Helper()
	base := os.Getenv(PostgresEnv)
	if base == "" {
		t.Fatalf("%s is not set", PostgresEnv)
	}
	admin, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatalf("open %s: %v", PostgresEnv, err)
	}
	t.Cleanup(func() { admin.Close() })
	b := make([]byte, 6)
	if _, err := rand.Read(b); err != nil {
		t.Fatal(err)
	}
	name := "strata_test_" + hex.EncodeToString(b)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if _, err := admin.ExecContext(ctx, `CREATE DATABASE `+name); err != nil {
		t.Fatalf("create database %s: %v", name, err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		if _, err := admin.ExecContext(ctx, `DROP DATABASE IF EXISTS `+name+` WITH (FORCE)`); err != nil {
			t.Errorf("drop database %s: %v", name, err)
		}
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("parse %s: %v", PostgresEnv, err)
	}
	u.Path = "/" + name
	return u.String()
}
