// Package storetest opens fresh, migrated databases for tests: one suite,
// run once per dialect.
package storetest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"fmt"
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
		target, err = store.ResolveTarget(createPostgresDatabase(t, migratedTemplate(t)), "")
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
	return createPostgresDatabase(t, "")
}

// createPostgresDatabase is CreatePostgresDatabase copying the named template
// database ("": the server's default, empty one).
func createPostgresDatabase(t testing.TB, template string) string {
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
	create := `CREATE DATABASE ` + name
	if template != "" {
		create += ` TEMPLATE ` + template
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if _, err := admin.ExecContext(ctx, create); err != nil {
		t.Fatalf("create database %s: %v", name, err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		if _, err := admin.ExecContext(ctx, `DROP DATABASE IF EXISTS `+name+` WITH (FORCE)`); err != nil {
			t.Errorf("drop database %s: %v", name, err)
		}
	})
	return databaseURL(t, base, name)
}

func databaseURL(t testing.TB, base, name string) string {
	t.Helper()
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("parse %s: %v", PostgresEnv, err)
	}
	u.Path = "/" + name
	return u.String()
}

// The suites open a few hundred PostgreSQL stores; migrating each empty
// database took as long again as creating it. Each is instead copied from a
// migrated template (CREATE DATABASE … TEMPLATE copies its files), made once
// per schema: its name holds the migrations' fingerprint.
var template struct {
	once sync.Once
	name string
	err  error
}

func migratedTemplate(t testing.TB) string {
	t.Helper()
	template.once.Do(func() {
		template.name, template.err = makeTemplate(t, os.Getenv(PostgresEnv))
	})
	if template.err != nil {
		t.Fatalf("template database: %v", template.err)
	}
	return template.name
}

// templateLock is the advisory lock under which one test process makes the
// template while the others (go test runs packages at once) wait for it.
const templateLock = 72_727_001

func makeTemplate(t testing.TB, base string) (string, error) {
	fingerprint, err := store.SchemaFingerprint(store.Postgres)
	if err != nil {
		return "", err
	}
	name := "strata_template_" + fingerprint[:16]
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	admin, err := sql.Open("pgx", base)
	if err != nil {
		return "", fmt.Errorf("open %s: %w", PostgresEnv, err)
	}
	defer admin.Close()
	// An advisory lock belongs to a session: hold one connection throughout.
	conn, err := admin.Conn(ctx)
	if err != nil {
		return "", fmt.Errorf("connect: %w", err)
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, `SELECT pg_advisory_lock($1)`, templateLock); err != nil {
		return "", fmt.Errorf("lock: %w", err)
	}
	defer func() {
		// Ending the session (admin.Close) releases the lock as well; this makes it prompt.
		_, _ = conn.ExecContext(context.Background(), `SELECT pg_advisory_unlock($1)`, templateLock)
	}()
	var exists bool
	if err := conn.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)`, name).Scan(&exists); err != nil {
		return "", fmt.Errorf("look for %s: %w", name, err)
	}
	if exists {
		return name, nil
	}
	// Migrated under another name and renamed when done: a template left
	// half-made by a killed run is never copied.
	work := name + "_work"
	for _, q := range []string{`DROP DATABASE IF EXISTS ` + work + ` WITH (FORCE)`, `CREATE DATABASE ` + work} {
		if _, err := conn.ExecContext(ctx, q); err != nil {
			return "", fmt.Errorf("%s: %w", q, err)
		}
	}
	target, err := store.ResolveTarget(databaseURL(t, base, work), "")
	if err != nil {
		return "", err
	}
	s, err := store.Open(ctx, target)
	if err != nil {
		return "", err
	}
	_, err = s.Migrate(ctx)
	if cerr := s.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return "", fmt.Errorf("migrate %s: %w", work, err)
	}
	if _, err := conn.ExecContext(ctx, `ALTER DATABASE `+work+` RENAME TO `+name); err != nil {
		return "", fmt.Errorf("publish %s: %w", name, err)
	}
	return name, nil
}
