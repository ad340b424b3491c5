package storetest

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"testing"

	"github.com/strata-maps/strata/internal/store"
)

// Dump is every value of every table of a store opened by Open, as text,
// read over a connection of its own: for tests that prove something (a
// secret) is stored nowhere.
func Dump(t testing.TB, s *store.Store) string {
	t.Helper()
	v, ok := targets.Load(s)
	if !ok {
		t.Fatal("Dump needs a store opened by storetest.Open")
	}
	target := v.(store.Target)
	driver, list := "pgx", `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`
	if target.Dialect == store.SQLite {
		driver, list = "sqlite", `SELECT name FROM sqlite_master WHERE type = 'table'`
	}
	db, err := sql.Open(driver, target.DSN)
	if err != nil {
		t.Fatalf("dump: open: %v", err)
	}
	defer db.Close()
	ctx := context.Background()
	var tables []string
	rows, err := db.QueryContext(ctx, list)
	if err != nil {
		t.Fatalf("dump: tables: %v", err)
	}
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			t.Fatalf("dump: tables: %v", err)
		}
		tables = append(tables, name)
	}
	if err := rows.Close(); err != nil {
		t.Fatalf("dump: tables: %v", err)
	}
	var b strings.Builder
	for _, table := range tables {
		if err := dumpTable(ctx, db, table, &b); err != nil {
			t.Fatalf("dump %s: %v", table, err)
		}
	}
	return b.String()
}

func dumpTable(ctx context.Context, db *sql.DB, table string, b *strings.Builder) error {
	rows, err := db.QueryContext(ctx, `SELECT * FROM "`+table+`"`)
	if err != nil {
		return err
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		return err
	}
	vals := make([]any, len(cols))
	ptrs := make([]any, len(cols))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	for rows.Next() {
		if err := rows.Scan(ptrs...); err != nil {
			return err
		}
		fmt.Fprintf(b, "%s:", table)
		for _, v := range vals {
			if raw, ok := v.([]byte); ok {
				v = string(raw)
			}
			fmt.Fprintf(b, " %v", v)
		}
		b.WriteByte('\n')
	}
	return rows.Err()
}
