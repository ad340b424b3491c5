package store

import (
	"context"
	"fmt"
	"time"

	"github.com/strata-maps/strata/internal/domain"
)

// Readers of a client's partial maps (account-area §3): users who registered
// at one of its public addresses. They are kept apart from the memberships,
// so that no check of a member's rights ever counts them in.

// Reader is a registered reader of a client's partial maps.
type Reader struct {
	User  domain.User
	Since time.Time
}

// AddReader makes the user a reader of the client's partial maps. Check the
// active-reader quota first, in the same transaction.
func (s *Store) AddReader(ctx context.Context, clientID, userID int64) error {
	_, err := s.q.ExecContext(ctx,
		`INSERT INTO client_readers (client_id, user_id, created_at) VALUES ($1, $2, $3)
		 ON CONFLICT (client_id, user_id) DO NOTHING`, clientID, userID, s.now())
	if err != nil {
		return fmt.Errorf("add reader %d of client %d: %w", userID, clientID, err)
	}
	return nil
}

// IsReader reports whether the user registered as a reader of the client.
func (s *Store) IsReader(ctx context.Context, clientID, userID int64) (bool, error) {
	var n int
	err := s.q.QueryRowContext(ctx, `SELECT COUNT(*) FROM client_readers WHERE client_id = $1 AND user_id = $2`, clientID, userID).Scan(&n)
	if err != nil {
		return false, fmt.Errorf("reader %d of client %d: %w", userID, clientID, err)
	}
	return n > 0, nil
}

// Readers lists a page of the client's readers: those after p.After (by
// e-mail address, then id), up to p.Fetch() of them.
func (s *Store) Readers(ctx context.Context, clientID int64, p domain.Page) ([]Reader, error) {
	var after domain.Key
	if p.After != nil {
		after = *p.After
	}
	rows, err := s.q.QueryContext(ctx,
		`SELECT `+userColumns+`, r.created_at FROM client_readers r JOIN users u ON u.id = r.user_id
		 WHERE r.client_id = $1 AND (u.email > $2 OR (u.email = $2 AND u.id > $3))
		 ORDER BY u.email, u.id LIMIT $4`, clientID, after.Text, after.ID, p.Fetch())
	if err != nil {
		return nil, fmt.Errorf("readers of client %d: %w", clientID, err)
	}
	defer rows.Close()
	out := []Reader{}
	for rows.Next() {
		var r Reader
		r.User, err = scanUser(rowScanner(func(dst ...any) error { return rows.Scan(append(dst, &r.Since)...) }))
		if err != nil {
			return nil, fmt.Errorf("scan reader: %w", err)
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// RemoveReader ends the user's reading of the client's partial maps, which
// frees their seat; not_found when they are no reader of it.
func (s *Store) RemoveReader(ctx context.Context, clientID, userID int64) error {
	res, err := s.q.ExecContext(ctx, `DELETE FROM client_readers WHERE client_id = $1 AND user_id = $2`, clientID, userID)
	if err != nil {
		return fmt.Errorf("remove reader %d of client %d: %w", userID, clientID, err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return fmt.Errorf("remove reader %d of client %d: %w", userID, clientID, err)
	} else if n == 0 {
		return domain.Errorf(domain.CodeNotFound, "reader not found")
	}
	return nil
}
