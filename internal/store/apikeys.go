package store

import (
	"context"
	"fmt"
	"time"

	"github.com/strata-maps/strata/internal/domain"
)

// NewAPIKey is what storing a key needs: only the key's hash.
type NewAPIKey struct {
	ClientID  int64
	UserID    int64
	Name      string
	Scope     domain.Access
	KeyHash   string
	CreatedBy int64
}

const apiKeyColumns = `k.id, k.client_id, k.user_id, k.name, k.scope, k.created_by, COALESCE(c.name, ''), k.created_at, k.last_used_at, k.revoked`

func scanAPIKey(row interface{ Scan(...any) error }) (domain.APIKey, error) {
	var k domain.APIKey
	err := row.Scan(&k.ID, &k.ClientID, &k.UserID, &k.Name, &k.Scope, &k.CreatedBy, &k.CreatedByName, &k.CreatedAt, &k.LastUsedAt, &k.Revoked)
	return k, err
}

// CreateAPIKey stores a key of a client.
func (s *Store) CreateAPIKey(ctx context.Context, nk NewAPIKey) (domain.APIKey, error) {
	var id int64
	err := s.q.QueryRowContext(ctx,
		`INSERT INTO api_keys (client_id, user_id, name, scope, key_hash, created_by, created_at)
		 VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
		nk.ClientID, nk.UserID, nk.Name, string(nk.Scope), nk.KeyHash, nk.CreatedBy, s.now()).Scan(&id)
	if err != nil {
		return domain.APIKey{}, fmt.Errorf("create API key of client %d: %w", nk.ClientID, err)
	}
	return scanAPIKey(s.q.QueryRowContext(ctx,
		`SELECT `+apiKeyColumns+` FROM api_keys k LEFT JOIN users c ON c.id = k.created_by WHERE k.id = $1`, id))
}

// APIKeys lists the client's keys that are not revoked, oldest first.
func (s *Store) APIKeys(ctx context.Context, clientID int64) ([]domain.APIKey, error) {
	rows, err := s.q.QueryContext(ctx,
		`SELECT `+apiKeyColumns+` FROM api_keys k LEFT JOIN users c ON c.id = k.created_by
		 WHERE k.client_id = $1 AND NOT k.revoked ORDER BY k.id`, clientID)
	if err != nil {
		return nil, fmt.Errorf("API keys of client %d: %w", clientID, err)
	}
	defer rows.Close()
	keys := []domain.APIKey{}
	for rows.Next() {
		k, err := scanAPIKey(rows)
		if err != nil {
			return nil, fmt.Errorf("API keys of client %d: %w", clientID, err)
		}
		keys = append(keys, k)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("API keys of client %d: %w", clientID, err)
	}
	return keys, nil
}

// CountAPIKeys counts the client's keys that are not revoked.
func (s *Store) CountAPIKeys(ctx context.Context, clientID int64) (int, error) {
	var n int
	if err := s.q.QueryRowContext(ctx, `SELECT COUNT(*) FROM api_keys WHERE client_id = $1 AND NOT revoked`, clientID).Scan(&n); err != nil {
		return 0, fmt.Errorf("count API keys of client %d: %w", clientID, err)
	}
	return n, nil
}

// RevokeAPIKey revokes a key of the client; a key of another client, or
// one revoked already, is not found.
func (s *Store) RevokeAPIKey(ctx context.Context, clientID, id int64) error {
	res, err := s.q.ExecContext(ctx, `UPDATE api_keys SET revoked = TRUE WHERE id = $1 AND client_id = $2 AND NOT revoked`, id, clientID)
	if err != nil {
		return fmt.Errorf("revoke API key %d: %w", id, err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return fmt.Errorf("revoke API key %d: %w", id, err)
	} else if n == 0 {
		return domain.Errorf(domain.CodeNotFound, "API key %d not found", id)
	}
	return nil
}

// KeyHolder is what a request made with a key acts as: the key, its own
// user and its client.
type KeyHolder struct {
	Key    domain.APIKey
	User   domain.User
	Client domain.Client
}

// APIKeyByHash finds the key with the hash, revoked or not; the caller
// decides what a revoked key or an inactive client means.
func (s *Store) APIKeyByHash(ctx context.Context, keyHash string) (KeyHolder, error) {
	var h KeyHolder
	k, err := scanAPIKey(s.q.QueryRowContext(ctx,
		`SELECT `+apiKeyColumns+` FROM api_keys k LEFT JOIN users c ON c.id = k.created_by WHERE k.key_hash = $1`, keyHash))
	if err != nil {
		return h, fmt.Errorf("API key: %w", notFound(err, "API key"))
	}
	h.Key = k
	if h.User, err = s.UserByID(ctx, k.UserID); err != nil {
		return h, err
	}
	if h.Client, err = s.ClientByID(ctx, k.ClientID); err != nil {
		return h, err
	}
	return h, nil
}

// TouchAPIKey records that the key was used at.
func (s *Store) TouchAPIKey(ctx context.Context, id int64, at time.Time) error {
	if _, err := s.q.ExecContext(ctx, `UPDATE api_keys SET last_used_at = $2 WHERE id = $1`, id, at.UTC()); err != nil {
		return fmt.Errorf("record use of API key %d: %w", id, err)
	}
	return nil
}
