// Package store keeps Strata's data in SQLite (the embedded default) or
// PostgreSQL. Its SQL is written once, in the subset both dialects share
// ($n placeholders, RETURNING, ON CONFLICT); only the migrations differ,
// because column types do.
package store

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"embed"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" driver
	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"
	_ "modernc.org/sqlite" // registers the "sqlite" driver
)

// Dialect names the database behind a Store.
type Dialect string

const (
	SQLite   Dialect = "sqlite"
	Postgres Dialect = "postgres"
)

//go:embed migrations
var migrations embed.FS

// Store is the database. All persistence goes through it.
type Store struct {
	db *sql.DB
	// q runs the queries: the database, or the transaction of a Store
	// handed to a Tx callback.
	q       queryer
	inTx    bool
	dialect Dialect
	// now is the clock; tests may replace it.
	now func() time.Time
}

// Target is where a database URL points, resolved but not yet opened.
type Target struct {
	Dialect Dialect
	// DSN is what the driver is given.
	DSN string
	// Display is safe to log: no password.
	Display string
}

// ResolveTarget turns the configured database URL into a Target. An empty
// URL means a SQLite file in dataDir; postgres:// and postgresql:// URLs mean
// PostgreSQL; sqlite:PATH or file:PATH name a SQLite file elsewhere.
func ResolveTarget(databaseURL, dataDir string) (Target, error) {
	switch {
	case databaseURL == "":
		return sqliteTarget(filepath.Join(dataDir, "strata.db")), nil
	case strings.HasPrefix(databaseURL, "postgres://"), strings.HasPrefix(databaseURL, "postgresql://"):
		cfg, err := pgx.ParseConfig(databaseURL)
		if err != nil {
			// pgx's message repeats the URL, password included: keep only the cause.
			return Target{}, fmt.Errorf("malformed PostgreSQL URL: %w", unwrapAll(err))
		}
		return Target{Dialect: Postgres, DSN: databaseURL,
			Display: fmt.Sprintf("postgres://%s:%d/%s", cfg.Host, cfg.Port, cfg.Database)}, nil
	case strings.HasPrefix(databaseURL, "sqlite:"), strings.HasPrefix(databaseURL, "file:"):
		u, err := url.Parse(databaseURL)
		if err != nil {
			return Target{}, fmt.Errorf("malformed SQLite URL: %w", err)
		}
		path := u.Opaque
		if path == "" {
			path = u.Path
		}
		if path == "" {
			return Target{}, errors.New("SQLite URL names no file")
		}
		return sqliteTarget(path), nil
	}
	return Target{}, errors.New("must be a postgres://, postgresql://, sqlite: or file: address")
}

func sqliteTarget(path string) Target {
	// WAL lets readers run beside the writer; busy_timeout makes writers wait
	// for each other instead of failing; _txlock=immediate takes the write lock
	// at BEGIN so that two transactions never deadlock upgrading a read lock.
	// synchronous=FULL syncs the WAL at every commit: NORMAL survives a
	// crash of the process but may lose the last commits to a power failure,
	// and a write Strata acknowledged must stay (bench/durability: the cost).
	q := url.Values{}
	for _, p := range []string{"journal_mode(WAL)", "busy_timeout(10000)", "foreign_keys(ON)", "synchronous(FULL)"} {
		q.Add("_pragma", p)
	}
	q.Set("_txlock", "immediate")
	q.Set("_time_format", "sqlite")
	return Target{Dialect: SQLite, DSN: "file:" + path + "?" + q.Encode(), Display: path}
}

func unwrapAll(err error) error {
	for {
		next := errors.Unwrap(err)
		if next == nil {
			return err
		}
		err = next
	}
}

// Open connects to the target and checks that the database answers.
func Open(ctx context.Context, t Target) (*Store, error) {
	driver := "pgx"
	if t.Dialect == SQLite {
		driver = "sqlite"
		if err := os.MkdirAll(filepath.Dir(strings.TrimPrefix(t.Display, "file:")), 0o750); err != nil {
			return nil, fmt.Errorf("create data directory: %w", err)
		}
	}
	db, err := sql.Open(driver, t.DSN)
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", t.Display, err)
	}
	if t.Dialect == SQLite {
		// One writer at a time is all SQLite allows; more connections serve readers.
		db.SetMaxOpenConns(8)
	} else {
		db.SetMaxOpenConns(32)
		db.SetMaxIdleConns(32)
	}
	pingCtx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if err := db.PingContext(pingCtx); err != nil {
		db.Close()
		return nil, fmt.Errorf("cannot reach database %s: %w", t.Display, err)
	}
	return &Store{db: db, q: db, dialect: t.Dialect, now: func() time.Time { return time.Now().UTC().Truncate(time.Microsecond) }}, nil
}

// Close closes the database.
func (s *Store) Close() error { return s.db.Close() }

// Dialect reports which database the store runs on.
func (s *Store) Dialect() Dialect { return s.dialect }

// Ping reports whether the database answers.
func (s *Store) Ping(ctx context.Context) error { return s.db.PingContext(ctx) }

// Migrate applies every pending migration, each in its own transaction, so
// that a failing one leaves the database as the previous one left it.
func (s *Store) Migrate(ctx context.Context) (applied int, err error) {
	sub, err := fs.Sub(migrations, "migrations/"+string(s.dialect))
	if err != nil {
		return 0, fmt.Errorf("migrations for %s: %w", s.dialect, err)
	}
	return s.migrate(ctx, sub)
}

// SchemaFingerprint identifies the dialect's migrations: a hash of their
// names and contents. Tests name the migrated template database they copy
// by it, so that a changed schema never reuses an old template.
func SchemaFingerprint(d Dialect) (string, error) {
	sub, err := fs.Sub(migrations, "migrations/"+string(d))
	if err != nil {
		return "", fmt.Errorf("migrations for %s: %w", d, err)
	}
	h := sha256.New()
	err = fs.WalkDir(sub, ".", func(path string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() {
			return err
		}
		b, err := fs.ReadFile(sub, path)
		if err != nil {
			return err
		}
		fmt.Fprintf(h, "%s\x00%d\x00", path, len(b))
		h.Write(b)
		return nil
	})
	if err != nil {
		return "", fmt.Errorf("read migrations for %s: %w", d, err)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

func (s *Store) migrate(ctx context.Context, sub fs.FS) (int, error) {
	dialect := goose.DialectSQLite3
	if s.dialect == Postgres {
		dialect = goose.DialectPostgres
	}
	opts := []goose.ProviderOption{goose.WithTableName("strata_schema_migrations")}
	if s.dialect == Postgres {
		// Several instances may start at once; one migrates, the others wait.
		locker, err := lock.NewPostgresSessionLocker()
		if err != nil {
			return 0, fmt.Errorf("migration lock: %w", err)
		}
		opts = append(opts, goose.WithSessionLocker(locker))
	}
	p, err := goose.NewProvider(dialect, s.db, sub, opts...)
	if err != nil {
		return 0, fmt.Errorf("prepare migrations: %w", err)
	}
	results, err := p.Up(ctx)
	if err != nil {
		return 0, fmt.Errorf("migrate: %w", err)
	}
	return len(results), nil
}

// Tx runs fn with a Store whose every call is part of one transaction,
// committed when fn returns nil and rolled back otherwise. Inside a
// transaction, Tx simply calls fn: the outer transaction decides.
func (s *Store) Tx(ctx context.Context, fn func(*Store) error) error {
	if s.inTx {
		return fn(s)
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	inner := *s
	inner.q, inner.inTx = tx, true
	if err := fn(&inner); err != nil {
		_ = tx.Rollback() // the error from fn is the one worth reporting
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	return nil
}

// queryer is what both *sql.DB and *sql.Tx offer.
type queryer interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}
