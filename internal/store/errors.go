package store

import (
	"database/sql"
	"errors"

	"github.com/jackc/pgx/v5/pgconn"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"github.com/strata-maps/strata/internal/domain"
)

// isUniqueViolation reports whether err is a unique or primary key conflict
// in either dialect.
func isUniqueViolation(err error) bool {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		return pgErr.Code == "23505"
	}
	var liteErr *sqlite.Error
	if errors.As(err, &liteErr) {
		c := liteErr.Code()
		return c == sqlite3.SQLITE_CONSTRAINT_UNIQUE || c == sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY
	}
	return false
}

// notFound turns sql.ErrNoRows into the domain's not_found, naming what.
func notFound(err error, what string) error {
	if errors.Is(err, sql.ErrNoRows) {
		return domain.Errorf(domain.CodeNotFound, "%s not found", what)
	}
	return err
}

func isNoRows(err error) bool { return errors.Is(err, sql.ErrNoRows) }
