package store

import (
	"context"
	"errors"
	"fmt"
)

// errProbeDone ends the write probe's transaction, which is then rolled back.
var errProbeDone = errors.New("write probe done")

// CheckWritable reports whether the database takes writes, changing
// nothing: it rewrites one row of the migrations table with its own value
// in a transaction that is rolled back. A read-only database (a PostgreSQL
// replica or default_transaction_read_only, a SQLite file opened
// read-only) refuses the statement; a locked one makes it wait until ctx
// ends. No sequence is drawn from, so no id is used up.
func (s *Store) CheckWritable(ctx context.Context) error {
	err := s.Tx(ctx, func(tx *Store) error {
		if _, err := tx.q.ExecContext(ctx, `UPDATE strata_schema_migrations SET version_id = version_id
			WHERE id = (SELECT MIN(id) FROM strata_schema_migrations)`); err != nil {
			return fmt.Errorf("write probe: %w", err)
		}
		return errProbeDone
	})
	if errors.Is(err, errProbeDone) {
		return nil
	}
	return err
}
