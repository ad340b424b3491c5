package store

import (
	"context"
	"fmt"

	"github.com/strata-maps/strata/internal/domain"
)

const clientColumns = `c.id, c.name, c.title, c.active, c.created_at, c.updated_at`

func scanClient(row interface{ Scan(...any) error }) (domain.Client, error) {
	var c domain.Client
	err := row.Scan(&c.ID, &c.Name, &c.Title, &c.Active, &c.CreatedAt, &c.UpdatedAt)
	return c, err
}

// CreateClient stores a new, active client. A taken name is a conflict.
func (s *Store) CreateClient(ctx context.Context, name, title string) (domain.Client, error) {
	now := s.now()
	c := domain.Client{Name: name, Title: title, Active: true, CreatedAt: now, UpdatedAt: now}
	err := s.q.QueryRowContext(ctx,
		`INSERT INTO clients (name, title, active, created_at, updated_at) VALUES ($1, $2, TRUE, $3, $3) RETURNING id`,
		name, title, now).Scan(&c.ID)
	if isUniqueViolation(err) {
		return domain.Client{}, &domain.Error{Code: domain.CodeConflict, Message: fmt.Sprintf("a client named %q exists", name),
			Details: map[string]string{"name": "is taken"}}
	}
	if err != nil {
		return domain.Client{}, fmt.Errorf("create client %q: %w", name, err)
	}
	return c, nil
}

// ClientByName returns the client with the given slug.
func (s *Store) ClientByName(ctx context.Context, name string) (domain.Client, error) {
	c, err := scanClient(s.q.QueryRowContext(ctx, `SELECT `+clientColumns+` FROM clients c WHERE c.name = $1`, name))
	if err != nil {
		return domain.Client{}, fmt.Errorf("client %q: %w", name, notFound(err, "client"))
	}
	return c, nil
}

// AddMembership gives a user a role in a client; holding it already is fine.
func (s *Store) AddMembership(ctx context.Context, userID, clientID int64, role domain.Role) error {
	_, err := s.q.ExecContext(ctx,
		`INSERT INTO memberships (user_id, client_id, role, created_at) VALUES ($1, $2, $3, $4)
		 ON CONFLICT (user_id, client_id, role) DO NOTHING`,
		userID, clientID, string(role), s.now())
	if err != nil {
		return fmt.Errorf("add membership of user %d in client %d: %w", userID, clientID, err)
	}
	return nil
}

// Memberships returns every role the user holds, by client name.
func (s *Store) Memberships(ctx context.Context, userID int64) ([]domain.Membership, error) {
	rows, err := s.q.QueryContext(ctx,
		`SELECT c.name, m.role FROM memberships m JOIN clients c ON c.id = m.client_id
		 WHERE m.user_id = $1 ORDER BY c.name, m.role`, userID)
	if err != nil {
		return nil, fmt.Errorf("memberships of user %d: %w", userID, err)
	}
	defer rows.Close()
	var out []domain.Membership
	for rows.Next() {
		m := domain.Membership{UserID: userID}
		var role string
		if err := rows.Scan(&m.ClientName, &role); err != nil {
			return nil, fmt.Errorf("scan membership: %w", err)
		}
		m.Role = domain.Role(role)
		out = append(out, m)
	}
	return out, rows.Err()
}
