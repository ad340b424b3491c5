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

// CreateClient stores a new, active client, with the default media
// storage quota. A taken name is a conflict.
func (s *Store) CreateClient(ctx context.Context, name, title string) (domain.Client, error) {
	now := s.now()
	c := domain.Client{Name: name, Title: title, Active: true, CreatedAt: now, UpdatedAt: now}
	err := s.Tx(ctx, func(tx *Store) error {
		err := tx.q.QueryRowContext(ctx,
			`INSERT INTO clients (name, title, active, created_at, updated_at) VALUES ($1, $2, TRUE, $3, $3) RETURNING id`,
			name, title, now).Scan(&c.ID)
		if err != nil {
			return err
		}
		_, err = tx.q.ExecContext(ctx, `INSERT INTO client_quotas (client_id, kind, max_count) VALUES ($1, $2, $3)`,
			c.ID, string(domain.QuotaMediaStorage), domain.DefaultMediaStorageQuota)
		return err
	})
	if isUniqueViolation(err) {
		return domain.Client{}, &domain.Error{Code: domain.CodeConflict, Message: fmt.Sprintf("a client named %q exists", name),
			Problems: domain.Problems{"name": domain.Taken()}}
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

// ClientSummary is a client with its counts, as the clients overview shows it.
type ClientSummary struct {
	domain.Client
	MapsCount  int
	UsersCount int
}

// MapReach is which maps of a client a user may read, as lists and
// counts filter them (the rule is access.Reach's): every map, or those no
// per-map access of "none" closes to UserID.
type MapReach struct {
	UserID int64
	All    bool
}

// readableMaps counts the client c's maps (not templates) a reach of
// $1 (the user) and $2 (all) may read.
const readableMaps = `(SELECT COUNT(*) FROM maps mp
		  LEFT JOIN map_permissions pm ON pm.map_id = mp.id AND pm.user_id = $1
		  WHERE mp.client_id = c.id AND mp.is_template = FALSE AND ($2 OR COALESCE(pm.access, '') <> 'none'))`

// ClientSummaries lists clients with their counts: all of them for a
// reach of all (a superuser), else those the user belongs to; each
// counts the maps the reach may read.
func (s *Store) ClientSummaries(ctx context.Context, reach MapReach) ([]ClientSummary, error) {
	rows, err := s.q.QueryContext(ctx,
		`SELECT `+clientColumns+`, `+readableMaps+`,
		        (SELECT COUNT(DISTINCT ms.user_id) FROM memberships ms WHERE ms.client_id = c.id)
		 FROM clients c
		 WHERE $2 OR EXISTS (SELECT 1 FROM memberships me WHERE me.client_id = c.id AND me.user_id = $1)
		 ORDER BY c.title, c.name`, reach.UserID, reach.All)
	if err != nil {
		return nil, fmt.Errorf("list clients: %w", err)
	}
	defer rows.Close()
	var out []ClientSummary
	for rows.Next() {
		var cs ClientSummary
		if err := rows.Scan(&cs.ID, &cs.Name, &cs.Title, &cs.Active, &cs.CreatedAt, &cs.UpdatedAt, &cs.MapsCount, &cs.UsersCount); err != nil {
			return nil, fmt.Errorf("scan client: %w", err)
		}
		out = append(out, cs)
	}
	return out, rows.Err()
}

// ClientSummary returns one client with its counts, the maps counted
// those the reach may read.
func (s *Store) ClientSummary(ctx context.Context, name string, reach MapReach) (ClientSummary, error) {
	var cs ClientSummary
	err := s.q.QueryRowContext(ctx,
		`SELECT `+clientColumns+`, `+readableMaps+`,
		        (SELECT COUNT(DISTINCT ms.user_id) FROM memberships ms WHERE ms.client_id = c.id)
		 FROM clients c WHERE c.name = $3`, reach.UserID, reach.All, name).
		Scan(&cs.ID, &cs.Name, &cs.Title, &cs.Active, &cs.CreatedAt, &cs.UpdatedAt, &cs.MapsCount, &cs.UsersCount)
	if err != nil {
		return ClientSummary{}, fmt.Errorf("client %q: %w", name, notFound(err, "client"))
	}
	return cs, nil
}

// UpdateClient sets the title and active flag of a client.
func (s *Store) UpdateClient(ctx context.Context, c domain.Client) error {
	_, err := s.q.ExecContext(ctx, `UPDATE clients SET title = $2, active = $3, updated_at = $4 WHERE id = $1`,
		c.ID, c.Title, c.Active, s.now())
	if err != nil {
		return fmt.Errorf("update client %q: %w", c.Name, err)
	}
	return nil
}

// DeleteClient removes a client with its maps and memberships (by
// cascade) and the users its API keys acted as, which belong to no one
// else, in one transaction.
func (s *Store) DeleteClient(ctx context.Context, id int64) error {
	return s.Tx(ctx, func(tx *Store) error {
		if _, err := tx.q.ExecContext(ctx,
			`DELETE FROM users WHERE id IN (SELECT user_id FROM api_keys WHERE client_id = $1)`, id); err != nil {
			return fmt.Errorf("delete the key users of client %d: %w", id, err)
		}
		if _, err := tx.q.ExecContext(ctx, `DELETE FROM clients WHERE id = $1`, id); err != nil {
			return fmt.Errorf("delete client %d: %w", id, err)
		}
		return nil
	})
}

// ClientAdmins returns the users holding the admin role in the client.
func (s *Store) ClientAdmins(ctx context.Context, clientID int64) ([]domain.User, error) {
	rows, err := s.q.QueryContext(ctx,
		`SELECT `+userColumns+` FROM users u JOIN memberships m ON m.user_id = u.id
		 WHERE m.client_id = $1 AND m.role = 'admin' ORDER BY u.id`, clientID)
	if err != nil {
		return nil, fmt.Errorf("admins of client %d: %w", clientID, err)
	}
	defer rows.Close()
	var out []domain.User
	for rows.Next() {
		u, err := scanUser(rows)
		if err != nil {
			return nil, fmt.Errorf("scan admin: %w", err)
		}
		out = append(out, u)
	}
	return out, rows.Err()
}

// CreateAccessRequest records a member's request for more access, to one
// map when mapID is set.
func (s *Store) CreateAccessRequest(ctx context.Context, clientID, userID int64, mapID *int64, message string) error {
	_, err := s.q.ExecContext(ctx,
		`INSERT INTO access_requests (client_id, user_id, message, created_at, map_id) VALUES ($1, $2, $3, $4, $5)`,
		clientID, userID, message, s.now(), mapID)
	if err != nil {
		return fmt.Errorf("record access request: %w", err)
	}
	return nil
}

// ClientByID returns the client with the given id.
func (s *Store) ClientByID(ctx context.Context, id int64) (domain.Client, error) {
	c, err := scanClient(s.q.QueryRowContext(ctx, `SELECT `+clientColumns+` FROM clients c WHERE c.id = $1`, id))
	if err != nil {
		return domain.Client{}, fmt.Errorf("client %d: %w", id, notFound(err, "client"))
	}
	return c, nil
}
