package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/strata-maps/strata/internal/domain"
)

// Token kinds.
const (
	TokenPasswordReset = "password_reset"
	TokenInvitation    = "invitation"
)

// Token is a one-time token: a password reset or an invitation.
type Token struct {
	Hash      string
	Kind      string
	UserID    *int64
	Email     string
	ClientID  *int64
	Role      domain.Role
	CreatedBy *int64
	ExpiresAt time.Time
}

// CreateToken stores a token.
func (s *Store) CreateToken(ctx context.Context, t Token) error {
	var role *string
	if t.Role != "" {
		r := string(t.Role)
		role = &r
	}
	_, err := s.q.ExecContext(ctx,
		`INSERT INTO tokens (token_hash, kind, user_id, email, client_id, role, created_by, created_at, expires_at)
		 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
		t.Hash, t.Kind, t.UserID, t.Email, t.ClientID, role, t.CreatedBy, s.now(), t.ExpiresAt.UTC())
	if err != nil {
		return fmt.Errorf("create %s token: %w", t.Kind, err)
	}
	return nil
}

// errTokenExpired is what every unusable token gives: unknown, used and
// expired are not told apart, so that a token cannot be probed.
var errTokenExpired = domain.Errorf(domain.CodeTokenExpired, "this link is invalid or has expired; ask for a new one")

// PeekToken returns an unused, unexpired token of the kind without using it.
func (s *Store) PeekToken(ctx context.Context, hash, kind string) (Token, error) {
	t := Token{Hash: hash, Kind: kind}
	var role *string
	err := s.q.QueryRowContext(ctx,
		`SELECT user_id, email, client_id, role, created_by, expires_at FROM tokens
		 WHERE token_hash = $1 AND kind = $2 AND used_at IS NULL AND expires_at > $3`,
		hash, kind, s.now()).Scan(&t.UserID, &t.Email, &t.ClientID, &role, &t.CreatedBy, &t.ExpiresAt)
	if errors.Is(err, sql.ErrNoRows) {
		return Token{}, errTokenExpired
	}
	if err != nil {
		return Token{}, fmt.Errorf("read token: %w", err)
	}
	if role != nil {
		t.Role = domain.Role(*role)
	}
	return t, nil
}

// UseToken marks a token used and returns it; a second use, or a use after
// expiry, is token_expired. Call it inside the transaction that acts on it.
func (s *Store) UseToken(ctx context.Context, hash, kind string) (Token, error) {
	t, err := s.PeekToken(ctx, hash, kind)
	if err != nil {
		return Token{}, err
	}
	// The used_at condition makes two concurrent uses race to one winner.
	res, err := s.q.ExecContext(ctx, `UPDATE tokens SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL`, hash, s.now())
	if err != nil {
		return Token{}, fmt.Errorf("use token: %w", err)
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return Token{}, errTokenExpired
	}
	return t, nil
}
