package store

import (
	"context"
	"fmt"

	"github.com/strata-maps/strata/internal/domain"
)

const mapColumns = `m.id, m.client_id, m.name, m.description, m.width, m.height, m.visibility_levels, m.revision, m.created_at, m.updated_at`

func scanMap(row interface{ Scan(...any) error }) (domain.Map, error) {
	var m domain.Map
	err := row.Scan(&m.ID, &m.ClientID, &m.Name, &m.Description, &m.Width, &m.Height, &m.VisibilityLevels, &m.Revision, &m.CreatedAt, &m.UpdatedAt)
	return m, err
}

// CreateMap stores a new map of a client at revision 0.
func (s *Store) CreateMap(ctx context.Context, m domain.Map) (domain.Map, error) {
	now := s.now()
	m.CreatedAt, m.UpdatedAt, m.Revision = now, now, 0
	err := s.q.QueryRowContext(ctx,
		`INSERT INTO maps (client_id, name, description, width, height, visibility_levels, revision, created_at, updated_at)
		 VALUES ($1, $2, $3, $4, $5, $6, 0, $7, $7) RETURNING id`,
		m.ClientID, m.Name, m.Description, m.Width, m.Height, m.VisibilityLevels, now).Scan(&m.ID)
	if err != nil {
		return domain.Map{}, fmt.Errorf("create map %q: %w", m.Name, err)
	}
	return m, nil
}

// MapsOfClient lists a client's maps, most recently changed first.
func (s *Store) MapsOfClient(ctx context.Context, clientID int64) ([]domain.Map, error) {
	rows, err := s.q.QueryContext(ctx, `SELECT `+mapColumns+` FROM maps m WHERE m.client_id = $1 ORDER BY m.updated_at DESC, m.id`, clientID)
	if err != nil {
		return nil, fmt.Errorf("maps of client %d: %w", clientID, err)
	}
	defer rows.Close()
	var out []domain.Map
	for rows.Next() {
		m, err := scanMap(rows)
		if err != nil {
			return nil, fmt.Errorf("scan map: %w", err)
		}
		out = append(out, m)
	}
	return out, rows.Err()
}

// AppendChange raises the map's revision and writes one change-log row, in
// the caller's transaction when there is one. It returns the new revision.
func (s *Store) AppendChange(ctx context.Context, mapID int64, userID *int64, typ string, data []byte) (int64, error) {
	var rev int64
	err := s.Tx(ctx, func(tx *Store) error {
		now := tx.now()
		// The UPDATE takes the row lock on PostgreSQL (and SQLite holds the
		// write lock), so concurrent changes get consecutive revisions.
		err := tx.q.QueryRowContext(ctx,
			`UPDATE maps SET revision = revision + 1, updated_at = $2 WHERE id = $1 RETURNING revision`,
			mapID, now).Scan(&rev)
		if err != nil {
			return fmt.Errorf("raise revision of map %d: %w", mapID, notFound(err, "map"))
		}
		_, err = tx.q.ExecContext(ctx,
			`INSERT INTO map_changes (map_id, revision, user_id, type, data, created_at) VALUES ($1, $2, $3, $4, $5, $6)`,
			mapID, rev, userID, typ, string(data), now)
		if err != nil {
			return fmt.Errorf("log change of map %d: %w", mapID, err)
		}
		return nil
	})
	return rev, err
}

// ChangesSince returns the map's changes after revision since, oldest first.
func (s *Store) ChangesSince(ctx context.Context, mapID, since int64) ([]domain.Change, error) {
	rows, err := s.q.QueryContext(ctx,
		`SELECT map_id, revision, user_id, type, data, created_at FROM map_changes
		 WHERE map_id = $1 AND revision > $2 ORDER BY revision`, mapID, since)
	if err != nil {
		return nil, fmt.Errorf("changes of map %d: %w", mapID, err)
	}
	defer rows.Close()
	var out []domain.Change
	for rows.Next() {
		var c domain.Change
		var data string
		if err := rows.Scan(&c.MapID, &c.Revision, &c.UserID, &c.Type, &data, &c.At); err != nil {
			return nil, fmt.Errorf("scan change: %w", err)
		}
		c.Data = []byte(data)
		out = append(out, c)
	}
	return out, rows.Err()
}
