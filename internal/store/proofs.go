package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/strata-maps/strata/internal/domain"
)

// Kinds of e-mail proof.
const (
	ProofReaderSignUp = "reader_signup"
	ProofEmailChange  = "email_change"
)

// EmailProof waits for the link mailed to Email to be followed: a reader's
// pending sign-up (ClientID, Name, PasswordHash, MapURL set) or a change of
// a user's address (UserID set).
type EmailProof struct {
	Hash         string
	Kind         string
	Email        string
	UserID       *int64
	ClientID     *int64
	Name         string
	PasswordHash string
	Language     string
	MapURL       string
	ExpiresAt    time.Time
}

// CreateEmailProof stores a proof waiting for its link.
func (s *Store) CreateEmailProof(ctx context.Context, p EmailProof) error {
	_, err := s.q.ExecContext(ctx,
		`INSERT INTO email_proofs (token_hash, kind, email, user_id, client_id, name, password_hash, language, map_url, created_at, expires_at)
		 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
		p.Hash, p.Kind, p.Email, p.UserID, p.ClientID, p.Name, nullIfEmpty(p.PasswordHash), nullIfEmpty(p.Language), p.MapURL,
		s.now(), p.ExpiresAt.UTC())
	if err != nil {
		return fmt.Errorf("create %s proof: %w", p.Kind, err)
	}
	return nil
}

// UseEmailProof marks an unused, unexpired proof used and returns it; like a
// token, unknown, used and expired are not told apart. Call it inside the
// transaction that acts on it.
func (s *Store) UseEmailProof(ctx context.Context, hash string) (EmailProof, error) {
	p := EmailProof{Hash: hash}
	var pw, lang *string
	err := s.q.QueryRowContext(ctx,
		`SELECT kind, email, user_id, client_id, name, password_hash, language, map_url, expires_at FROM email_proofs
		 WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2`, hash, s.now()).
		Scan(&p.Kind, &p.Email, &p.UserID, &p.ClientID, &p.Name, &pw, &lang, &p.MapURL, &p.ExpiresAt)
	if errors.Is(err, sql.ErrNoRows) {
		return EmailProof{}, errTokenExpired
	}
	if err != nil {
		return EmailProof{}, fmt.Errorf("read e-mail proof: %w", err)
	}
	if pw != nil {
		p.PasswordHash = *pw
	}
	if lang != nil {
		p.Language = *lang
	}
	res, err := s.q.ExecContext(ctx, `UPDATE email_proofs SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL`, hash, s.now())
	if err != nil {
		return EmailProof{}, fmt.Errorf("use e-mail proof: %w", err)
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return EmailProof{}, errTokenExpired
	}
	return p, nil
}

// DropEmailChanges forgets the user's pending changes of address: a new
// request replaces the old one.
func (s *Store) DropEmailChanges(ctx context.Context, userID int64) error {
	_, err := s.q.ExecContext(ctx, `DELETE FROM email_proofs WHERE kind = 'email_change' AND user_id = $1 AND used_at IS NULL`, userID)
	if err != nil {
		return fmt.Errorf("drop e-mail changes of user %d: %w", userID, err)
	}
	return nil
}

// PendingEmail is the address the user asked to change to and has not
// proven yet, "" when none.
func (s *Store) PendingEmail(ctx context.Context, userID int64) (string, error) {
	var email string
	err := s.q.QueryRowContext(ctx,
		`SELECT email FROM email_proofs WHERE kind = 'email_change' AND user_id = $1 AND used_at IS NULL AND expires_at > $2
		 ORDER BY created_at DESC LIMIT 1`, userID, s.now()).Scan(&email)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("pending e-mail of user %d: %w", userID, err)
	}
	return email, nil
}

// InvitationID names an invitation without its token: the first 16 hex
// digits of the token's SHA-256, which cannot be turned back into the token.
func InvitationID(tokenHash string) string {
	if len(tokenHash) < 16 {
		return tokenHash
	}
	return tokenHash[:16]
}

// RevokeInvitation uses up the client's open invitation with the id, so that
// its link no longer works; an unknown id is not_found.
func (s *Store) RevokeInvitation(ctx context.Context, clientID int64, id string) error {
	if len(id) != 16 {
		return domain.Errorf(domain.CodeNotFound, "invitation not found")
	}
	res, err := s.q.ExecContext(ctx,
		`UPDATE tokens SET used_at = $3 WHERE kind = 'invitation' AND client_id = $1 AND substr(token_hash, 1, 16) = $2
		 AND used_at IS NULL AND expires_at > $3`, clientID, id, s.now())
	if err != nil {
		return fmt.Errorf("revoke invitation %s: %w", id, err)
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return domain.Errorf(domain.CodeNotFound, "invitation not found")
	}
	return nil
}
