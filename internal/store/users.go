package store

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/strata-maps/strata/internal/domain"
)

const userColumns = `u.id, u.email, u.name, u.first_name, u.surname, u.avatar_url, u.is_superuser, u.language, u.preferences, u.created_at, u.updated_at`

func scanUser(row interface{ Scan(...any) error }) (domain.User, error) {
	var (
		u     domain.User
		lang  *string
		prefs string
	)
	if err := row.Scan(&u.ID, &u.Email, &u.Name, &u.FirstName, &u.Surname, &u.AvatarURL, &u.IsSuperuser, &lang, &prefs, &u.CreatedAt, &u.UpdatedAt); err != nil {
		return domain.User{}, err
	}
	if lang != nil {
		l := domain.Language(*lang)
		u.Language = &l
	}
	u.Preferences = domain.DefaultPreferences()
	if err := json.Unmarshal([]byte(prefs), &u.Preferences); err != nil {
		return domain.User{}, fmt.Errorf("preferences of user %d: %w", u.ID, err)
	}
	return u, nil
}

// NewUser is what creating an account needs. PasswordHash may be empty for
// an invited user who has not yet chosen a password.
type NewUser struct {
	Email        string
	Name         string
	PasswordHash string
	IsSuperuser  bool
}

// CreateUser stores a new account. A taken e-mail address is a conflict.
func (s *Store) CreateUser(ctx context.Context, nu NewUser) (domain.User, error) {
	now := s.now()
	var hash *string
	if nu.PasswordHash != "" {
		hash = &nu.PasswordHash
	}
	prefs, err := json.Marshal(domain.DefaultPreferences())
	if err != nil {
		return domain.User{}, err
	}
	var id int64
	err = s.q.QueryRowContext(ctx,
		`INSERT INTO users (email, name, password_hash, is_superuser, preferences, created_at, updated_at)
		 VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING id`,
		nu.Email, nu.Name, hash, nu.IsSuperuser, string(prefs), now).Scan(&id)
	if isUniqueViolation(err) {
		return domain.User{}, &domain.Error{Code: domain.CodeConflict, Message: "an account with this e-mail address exists",
			Problems: domain.Problems{"email": domain.Taken()}}
	}
	if err != nil {
		return domain.User{}, fmt.Errorf("create user: %w", err)
	}
	return scanUser(s.q.QueryRowContext(ctx, `SELECT `+userColumns+` FROM users u WHERE u.id = $1`, id))
}

// UserByID returns the account with the given id.
func (s *Store) UserByID(ctx context.Context, id int64) (domain.User, error) {
	u, err := scanUser(s.q.QueryRowContext(ctx, `SELECT `+userColumns+` FROM users u WHERE u.id = $1`, id))
	if err != nil {
		return domain.User{}, fmt.Errorf("user %d: %w", id, notFound(err, "user"))
	}
	return u, nil
}

// UserByEmail returns the account with the given (normalised) address.
func (s *Store) UserByEmail(ctx context.Context, email string) (domain.User, error) {
	u, err := scanUser(s.q.QueryRowContext(ctx, `SELECT `+userColumns+` FROM users u WHERE u.email = $1`, email))
	if err != nil {
		return domain.User{}, fmt.Errorf("user by e-mail: %w", notFound(err, "user"))
	}
	return u, nil
}

// IsEmpty reports whether the database holds no user yet, so that a first
// start can seed the demo.
func (s *Store) IsEmpty(ctx context.Context) (bool, error) {
	var n int
	if err := s.q.QueryRowContext(ctx, `SELECT COUNT(*) FROM users`).Scan(&n); err != nil {
		return false, fmt.Errorf("count users: %w", err)
	}
	return n == 0, nil
}

// PasswordHash returns the user's password hash, "" when none is set yet.
func (s *Store) PasswordHash(ctx context.Context, userID int64) (string, error) {
	var h *string
	err := s.q.QueryRowContext(ctx, `SELECT password_hash FROM users WHERE id = $1`, userID).Scan(&h)
	if err != nil {
		return "", fmt.Errorf("password of user %d: %w", userID, notFound(err, "user"))
	}
	if h == nil {
		return "", nil
	}
	return *h, nil
}

// UpdateUser stores the user's profile, language and preferences. The
// e-mail address is not among them: it changes only once the new address is
// proven (SetUserEmail, from an email_change proof).
func (s *Store) UpdateUser(ctx context.Context, u domain.User) error {
	prefs, err := json.Marshal(u.Preferences)
	if err != nil {
		return err
	}
	var lang *string
	if u.Language != nil {
		l := string(*u.Language)
		lang = &l
	}
	_, err = s.q.ExecContext(ctx,
		`UPDATE users SET name = $2, language = $3, preferences = $4, updated_at = $5, first_name = $6,
		        surname = $7, avatar_url = $8 WHERE id = $1`,
		u.ID, u.Name, lang, string(prefs), s.now(), u.FirstName, u.Surname, u.AvatarURL)
	if err != nil {
		return fmt.Errorf("update user %d: %w", u.ID, err)
	}
	return nil
}

// SetUserEmail gives the user a proven address. A taken address is a
// conflict.
func (s *Store) SetUserEmail(ctx context.Context, userID int64, email string) error {
	_, err := s.q.ExecContext(ctx, `UPDATE users SET email = $2, updated_at = $3 WHERE id = $1`, userID, email, s.now())
	if isUniqueViolation(err) {
		return &domain.Error{Code: domain.CodeConflict, Message: "another account has this e-mail address",
			Problems: domain.Problems{"email": domain.Taken()}}
	}
	if err != nil {
		return fmt.Errorf("set e-mail of user %d: %w", userID, err)
	}
	return nil
}

// SetPasswordHash replaces the user's password hash.
func (s *Store) SetPasswordHash(ctx context.Context, userID int64, hash string) error {
	_, err := s.q.ExecContext(ctx, `UPDATE users SET password_hash = $2, updated_at = $3 WHERE id = $1`, userID, hash, s.now())
	if err != nil {
		return fmt.Errorf("set password of user %d: %w", userID, err)
	}
	return nil
}
