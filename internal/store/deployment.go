package store

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
)

// DeploymentID returns this deployment's id: random, made by the first
// instance to ask and kept in the database, so that every instance on the
// database reads the same one and no other database has it (a copy of the
// database, restored elsewhere, does: give that one its own Redis prefix).
// Instances racing at first start agree: the insert keeps the first row.
func (s *Store) DeploymentID(ctx context.Context) (string, error) {
	b := make([]byte, 8)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("deployment id: %w", err)
	}
	if _, err := s.q.ExecContext(ctx, `INSERT INTO deployment (id, name, created_at) VALUES (1, $1, $2)
		ON CONFLICT (id) DO NOTHING`, hex.EncodeToString(b), s.now()); err != nil {
		return "", fmt.Errorf("deployment id: %w", err)
	}
	var id string
	if err := s.q.QueryRowContext(ctx, `SELECT name FROM deployment WHERE id = 1`).Scan(&id); err != nil {
		return "", fmt.Errorf("deployment id: %w", err)
	}
	return id, nil
}
