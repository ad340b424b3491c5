package store

import (
	"context"
	"fmt"
	"time"

	"github.com/strata-maps/strata/internal/domain"
)

// Session is a signed-in browser. Only the hash of its token is stored.
type Session struct {
	TokenHash  string
	UserID     int64
	Persistent bool
	ExpiresAt  time.Time
}

// CreateSession stores a session.
func (s *Store) CreateSession(ctx context.Context, ss Session) error {
	_, err := s.q.ExecContext(ctx,
		`INSERT INTO sessions (token_hash, user_id, persistent, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)`,
		ss.TokenHash, ss.UserID, ss.Persistent, s.now(), ss.ExpiresAt.UTC())
	if err != nil {
		return fmt.Errorf("create session: %w", err)
	}
	return nil
}

// SessionUser returns the user of an unexpired session.
func (s *Store) SessionUser(ctx context.Context, tokenHash string) (domain.User, error) {
	u, err := scanUser(s.q.QueryRowContext(ctx,
		`SELECT `+userColumns+` FROM sessions se JOIN users u ON u.id = se.user_id
		 WHERE se.token_hash = $1 AND se.expires_at > $2`, tokenHash, s.now()))
	if err != nil {
		return domain.User{}, fmt.Errorf("session: %w", notFound(err, "session"))
	}
	return u, nil
}

// DeleteSession revokes one session.
func (s *Store) DeleteSession(ctx context.Context, tokenHash string) error {
	if _, err := s.q.ExecContext(ctx, `DELETE FROM sessions WHERE token_hash = $1`, tokenHash); err != nil {
		return fmt.Errorf("delete session: %w", err)
	}
	return nil
}

// DeleteSessionsOfUser revokes every session of the user but keep (which
// may be "").
func (s *Store) DeleteSessionsOfUser(ctx context.Context, userID int64, keep string) error {
	if _, err := s.q.ExecContext(ctx, `DELETE FROM sessions WHERE user_id = $1 AND token_hash <> $2`, userID, keep); err != nil {
		return fmt.Errorf("delete sessions of user %d: %w", userID, err)
	}
	return nil
}

// DeleteExpired removes expired sessions and tokens.
func (s *Store) DeleteExpired(ctx context.Context) error {
	now := s.now()
	if _, err := s.q.ExecContext(ctx, `DELETE FROM sessions WHERE expires_at <= $1`, now); err != nil {
		return fmt.Errorf("delete expired sessions: %w", err)
	}
	if _, err := s.q.ExecContext(ctx, `DELETE FROM tokens WHERE expires_at <= $1`, now.Add(-30*24*time.Hour)); err != nil {
		return fmt.Errorf("delete expired tokens: %w", err)
	}
	if _, err := s.q.ExecContext(ctx, `DELETE FROM email_proofs WHERE expires_at <= $1`, now.Add(-30*24*time.Hour)); err != nil {
		return fmt.Errorf("delete expired e-mail proofs: %w", err)
	}
	return nil
}
