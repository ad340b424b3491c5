package api_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/strata-maps/strata/internal/api"
	"github.com/strata-maps/strata/internal/store"
	"github.com/strata-maps/strata/internal/store/storetest"
)

// readyz serves /readyz on the store and data directory and returns its
// status and the envelope's code.
func readyz(t *testing.T, s *store.Store, dataDir string) (int, string) {
	t.Helper()
	return readyzWith(t, api.Deps{Store: s, DataDir: dataDir})
}

// readyzWith is readyz with those dependencies.
func readyzWith(t *testing.T, d api.Deps) (int, string) {
	t.Helper()
	d.Log = slog.New(slog.NewTextHandler(testLog{t}, &slog.HandlerOptions{Level: slog.LevelWarn}))
	srv := httptest.NewServer(api.New(withServices(d)))
	defer srv.Close()
	res, err := http.Get(srv.URL + "/readyz")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var env envelope
	if err := json.NewDecoder(res.Body).Decode(&env); err != nil {
		t.Fatal(err)
	}
	return res.StatusCode, env.Error.Code
}

// Ready while the database takes writes and the data directory takes
// files; the probes leave nothing behind.
func TestReadinessHealthy(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		dir := t.TempDir()
		if status, code := readyz(t, s, dir); status != 200 {
			t.Fatalf("readyz = %d %s, want 200", status, code)
		}
		if left, _ := os.ReadDir(dir); len(left) > 0 {
			t.Errorf("the probe left %s in the data directory", left[0].Name())
		}
	})
}

// Not ready, within the probe's bound, when the configured Redis does not
// answer: the live channel and the shared rate limits need it. Ready again
// with a Redis that answers.
func TestReadinessFailsWhenRedisDoesNotAnswer(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		closed := ln.Addr().String()
		ln.Close() // nothing listens there now
		rdb := redis.NewClient(&redis.Options{Addr: closed})
		t.Cleanup(func() { rdb.Close() })
		start := time.Now()
		if status, code := readyzWith(t, api.Deps{Store: s, DataDir: t.TempDir(), Redis: rdb}); status != 503 || code != "unavailable" {
			t.Errorf("Redis on a closed port: readyz = %d %q, want 503 unavailable", status, code)
		}
		if took := time.Since(start); took > 3*time.Second {
			t.Errorf("readyz took %v with Redis down", took)
		}
		opt := redisOptions(t)
		if opt == nil {
			return
		}
		up := redis.NewClient(opt)
		t.Cleanup(func() { up.Close() })
		if status, code := readyzWith(t, api.Deps{Store: s, DataDir: t.TempDir(), Redis: up}); status != 200 {
			t.Errorf("Redis up: readyz = %d %q, want 200", status, code)
		}
	})
}

// redisOptions are the test Redis's (STRATA_TEST_REDIS_URL), nil without.
func redisOptions(t *testing.T) *redis.Options {
	t.Helper()
	url := os.Getenv("STRATA_TEST_REDIS_URL")
	if url == "" {
		return nil
	}
	opt, err := redis.ParseURL(url)
	if err != nil {
		t.Fatal(err)
	}
	return opt
}

// Not ready when the data directory takes no files: gone, or not a
// directory (which holds even for root, whom permissions do not stop).
func TestReadinessFailsWhenTheDataDirectoryCannotBeWritten(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		gone := filepath.Join(t.TempDir(), "data")
		file := filepath.Join(t.TempDir(), "data")
		if err := os.WriteFile(file, []byte("not a directory"), 0o600); err != nil {
			t.Fatal(err)
		}
		for _, dir := range []string{gone, file} {
			if status, code := readyz(t, s, dir); status != 503 || code != "unavailable" {
				t.Errorf("data directory %s: readyz = %d %q, want 503 unavailable", dir, status, code)
			}
		}
	})
}

// Not ready when the database answers reads but refuses writes: a SQLite
// file opened read-only, a PostgreSQL database whose transactions are
// read-only (as on a replica).
func TestReadinessFailsWhenTheDatabaseRefusesWrites(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ro := readOnlyStore(t, s.Dialect())
		if err := ro.Ping(context.Background()); err != nil {
			t.Fatalf("the read-only database must still answer: %v", err)
		}
		if status, code := readyz(t, ro, t.TempDir()); status != 503 || code != "unavailable" {
			t.Errorf("readyz = %d %q, want 503 unavailable", status, code)
		}
	})
}

// readOnlyStore returns a migrated database of the dialect that answers
// reads and refuses every write.
func readOnlyStore(t *testing.T, d store.Dialect) *store.Store {
	t.Helper()
	ctx := context.Background()
	var target store.Target
	switch d {
	case store.SQLite:
		var err error
		if target, err = store.ResolveTarget("", t.TempDir()); err != nil {
			t.Fatal(err)
		}
	case store.Postgres:
		dbURL := storetest.CreatePostgresDatabase(t)
		var err error
		if target, err = store.ResolveTarget(dbURL, ""); err != nil {
			t.Fatal(err)
		}
	}
	rw, err := store.Open(ctx, target)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := rw.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	rw.Close()
	switch d {
	case store.SQLite:
		target.DSN += "&mode=ro"
	case store.Postgres:
		// Every session opened from now on is read-only.
		admin, err := sql.Open("pgx", os.Getenv(storetest.PostgresEnv))
		if err != nil {
			t.Fatal(err)
		}
		defer admin.Close()
		u, err := url.Parse(target.DSN)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := admin.ExecContext(ctx, `ALTER DATABASE `+strings.TrimPrefix(u.Path, "/")+` SET default_transaction_read_only = on`); err != nil {
			t.Fatal(err)
		}
	}
	ro, err := store.Open(ctx, target)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ro.Close() })
	return ro
}
