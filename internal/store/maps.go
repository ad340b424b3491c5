package store

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/strata-maps/strata/internal/domain"
)

const mapColumns = `m.id, m.client_id, m.name, m.description, m.width, m.height, m.visibility_levels,
	m.design, m.behavior, m.languages, m.global_design, m.layers, m.revision, m.created_at, m.updated_at, m.updated_by,
	m.created_by, m.live, m.is_template, m.theme, m.section, m.palette`

func scanMap(row interface{ Scan(...any) error }) (domain.Map, error) {
	var (
		m                                     domain.Map
		design, behavior, langs, global, lays string
	)
	err := row.Scan(&m.ID, &m.ClientID, &m.Name, &m.Description, &m.Width, &m.Height, &m.VisibilityLevels,
		&design, &behavior, &langs, &global, &lays, &m.Revision, &m.CreatedAt, &m.UpdatedAt, &m.UpdatedBy,
		&m.CreatedBy, &m.Live, &m.IsTemplate, &m.Theme, &m.Section, &m.Palette)
	if err != nil {
		return domain.Map{}, err
	}
	m.Design = domain.DefaultMapDesign()
	for _, part := range []struct {
		raw string
		dst any
	}{{design, &m.Design}, {behavior, &m.Behavior}, {langs, &m.Languages}, {global, &m.GlobalDesign}, {lays, &m.Layers}} {
		if err := json.Unmarshal([]byte(part.raw), part.dst); err != nil {
			return domain.Map{}, fmt.Errorf("map %d: stored JSON: %w", m.ID, err)
		}
	}
	m.Layers = domain.Layers(m.Layers, m.VisibilityLevels)
	return m, nil
}

func mapJSON(m domain.Map) (design, behavior, langs, global, layers string, err error) {
	out := make([]string, 5)
	for i, v := range []any{m.Design, m.Behavior, m.Languages, m.GlobalDesign, m.Layers} {
		b, err := json.Marshal(v)
		if err != nil {
			return "", "", "", "", "", fmt.Errorf("encode map: %w", err)
		}
		out[i] = string(b)
	}
	return out[0], out[1], out[2], out[3], out[4], nil
}

// CreateMap stores a new map of a client at revision 0.
func (s *Store) CreateMap(ctx context.Context, m domain.Map) (domain.Map, error) {
	if m.GlobalDesign == nil {
		d := domain.NewMap(m.ClientID, m.Name, m.Description, m.Width, m.Height, m.VisibilityLevels)
		m.Design, m.Languages, m.GlobalDesign, m.Layers = d.Design, d.Languages, d.GlobalDesign, d.Layers
	}
	now := s.now()
	m.CreatedAt, m.UpdatedAt, m.Revision, m.Live, m.UpdatedBy = now, now, 0, false, m.CreatedBy
	design, behavior, langs, global, layers, err := mapJSON(m)
	if err != nil {
		return domain.Map{}, err
	}
	err = s.q.QueryRowContext(ctx,
		`INSERT INTO maps (client_id, name, description, width, height, visibility_levels, design, behavior, languages,
		                   global_design, layers, revision, created_at, updated_at, updated_by,
		                   created_by, live, is_template, theme, section, palette)
		 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 0, $12, $12, $13, $13, FALSE, $14, $15, $16, $17) RETURNING id`,
		m.ClientID, m.Name, m.Description, m.Width, m.Height, m.VisibilityLevels, design, behavior, langs, global, layers, now,
		m.CreatedBy, m.IsTemplate, m.Theme, m.Section, m.Palette).Scan(&m.ID)
	if err != nil {
		return domain.Map{}, fmt.Errorf("create map %q: %w", m.Name, err)
	}
	return m, nil
}

// MapByID returns a map.
func (s *Store) MapByID(ctx context.Context, id int64) (domain.Map, error) {
	m, err := scanMap(s.q.QueryRowContext(ctx, `SELECT `+mapColumns+` FROM maps m WHERE m.id = $1`, id))
	if err != nil {
		return domain.Map{}, fmt.Errorf("map %d: %w", id, notFound(err, "map"))
	}
	return m, nil
}

// MapForUpdate returns a map inside a transaction, locking its row on
// PostgreSQL so that concurrent changes to one map apply one after the
// other (SQLite's write lock already does this).
func (s *Store) MapForUpdate(ctx context.Context, id int64) (domain.Map, error) {
	q := `SELECT ` + mapColumns + ` FROM maps m WHERE m.id = $1`
	if s.dialect == Postgres {
		q += ` FOR UPDATE`
	}
	m, err := scanMap(s.q.QueryRowContext(ctx, q, id))
	if err != nil {
		return domain.Map{}, fmt.Errorf("map %d: %w", id, notFound(err, "map"))
	}
	return m, nil
}

// MapHead reads in one query what an access check of a map needs: the
// map's id, client, levels, revision, live toggle, template flag and
// author, its client, and the user's explicit access to it ("" when none
// is set).
func (s *Store) MapHead(ctx context.Context, mapID, userID int64) (domain.Map, domain.Client, domain.Access, error) {
	var (
		m      domain.Map
		c      domain.Client
		access string
	)
	err := s.q.QueryRowContext(ctx,
		`SELECT m.id, m.client_id, m.visibility_levels, m.revision, m.live, m.is_template, m.created_by,
		        c.name, c.title, c.active, COALESCE(mp.access, '')
		 FROM maps m JOIN clients c ON c.id = m.client_id
		 LEFT JOIN map_permissions mp ON mp.map_id = m.id AND mp.user_id = $2
		 WHERE m.id = $1`, mapID, userID).
		Scan(&m.ID, &m.ClientID, &m.VisibilityLevels, &m.Revision, &m.Live, &m.IsTemplate, &m.CreatedBy, &c.Name, &c.Title, &c.Active, &access)
	if err != nil {
		return domain.Map{}, domain.Client{}, "", fmt.Errorf("map %d: %w", mapID, notFound(err, "map"))
	}
	c.ID = m.ClientID
	return m, c, domain.Access(access), nil
}

// LockMap takes a map's row for the transaction, like MapForUpdate, but
// reads only what every change needs (id, client, levels, revision): the
// hot path of editing does not decode the map's settings.
//
// With lock false the row is only read: the change then takes the row's
// lock when it raises the revision (AppendChange), which keeps revisions in
// commit order while holding the lock for less time.
func (s *Store) LockMap(ctx context.Context, id int64, lock bool) (domain.Map, error) {
	q := `SELECT id, client_id, visibility_levels, revision FROM maps WHERE id = $1`
	if lock && s.dialect == Postgres {
		q += ` FOR UPDATE`
	}
	var m domain.Map
	if err := s.q.QueryRowContext(ctx, q, id).Scan(&m.ID, &m.ClientID, &m.VisibilityLevels, &m.Revision); err != nil {
		return domain.Map{}, fmt.Errorf("map %d: %w", id, notFound(err, "map"))
	}
	return m, nil
}

// UpdateMapSettings stores the map's settings, layers and global design.
func (s *Store) UpdateMapSettings(ctx context.Context, m domain.Map) error {
	design, behavior, langs, global, layers, err := mapJSON(m)
	if err != nil {
		return err
	}
	_, err = s.q.ExecContext(ctx,
		`UPDATE maps SET name = $2, description = $3, width = $4, height = $5, visibility_levels = $6, design = $7,
		        behavior = $8, languages = $9, global_design = $10, layers = $11 WHERE id = $1`,
		m.ID, m.Name, m.Description, m.Width, m.Height, m.VisibilityLevels, design, behavior, langs, global, layers)
	if err != nil {
		return fmt.Errorf("update map %d: %w", m.ID, err)
	}
	return nil
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
			`UPDATE maps SET revision = revision + 1, updated_at = $2, updated_by = $3 WHERE id = $1 RETURNING revision`,
			mapID, now, userID).Scan(&rev)
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

// ChangesSince returns up to limit of the map's changes after revision
// since, oldest first.
func (s *Store) ChangesSince(ctx context.Context, mapID, since int64, limit int) ([]domain.Change, error) {
	rows, err := s.q.QueryContext(ctx,
		`SELECT map_id, revision, user_id, type, data, created_at FROM map_changes
		 WHERE map_id = $1 AND revision > $2 ORDER BY revision LIMIT $3`, mapID, since, limit)
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

// OldestChange returns the lowest revision the map's log still holds, 0
// when the log is empty.
func (s *Store) OldestChange(ctx context.Context, mapID int64) (int64, error) {
	var oldest *int64
	if err := s.q.QueryRowContext(ctx, `SELECT MIN(revision) FROM map_changes WHERE map_id = $1`, mapID).Scan(&oldest); err != nil {
		return 0, fmt.Errorf("oldest change of map %d: %w", mapID, err)
	}
	if oldest == nil {
		return 0, nil
	}
	return *oldest, nil
}

// MapAccess returns the explicit access the user has to the map, "" when
// none is set.
func (s *Store) MapAccess(ctx context.Context, mapID, userID int64) (domain.Access, error) {
	var a string
	err := s.q.QueryRowContext(ctx, `SELECT access FROM map_permissions WHERE map_id = $1 AND user_id = $2`, mapID, userID).Scan(&a)
	if err != nil {
		if isNoRows(err) {
			return "", nil
		}
		return "", fmt.Errorf("access to map %d: %w", mapID, err)
	}
	return domain.Access(a), nil
}

// SetMapAccess sets a user's explicit access to a map; "" clears it, so
// that the role decides again.
func (s *Store) SetMapAccess(ctx context.Context, mapID, userID int64, a domain.Access) error {
	if a == "" {
		if _, err := s.q.ExecContext(ctx, `DELETE FROM map_permissions WHERE map_id = $1 AND user_id = $2`, mapID, userID); err != nil {
			return fmt.Errorf("clear access to map %d: %w", mapID, err)
		}
		return nil
	}
	_, err := s.q.ExecContext(ctx,
		`INSERT INTO map_permissions (map_id, user_id, access) VALUES ($1, $2, $3)
		 ON CONFLICT (map_id, user_id) DO UPDATE SET access = excluded.access`, mapID, userID, string(a))
	if err != nil {
		return fmt.Errorf("set access to map %d: %w", mapID, err)
	}
	return nil
}

// MapUsers returns every member of the map's client with their explicit
// access to the map ("" when none is set) and their roles there.
func (s *Store) MapUsers(ctx context.Context, mapID int64) ([]MapUser, error) {
	rows, err := s.q.QueryContext(ctx,
		`SELECT ms.user_id, ms.role, COALESCE(mp.access, '')
		 FROM maps m JOIN memberships ms ON ms.client_id = m.client_id
		 LEFT JOIN map_permissions mp ON mp.map_id = m.id AND mp.user_id = ms.user_id
		 WHERE m.id = $1 ORDER BY ms.user_id`, mapID)
	if err != nil {
		return nil, fmt.Errorf("users of map %d: %w", mapID, err)
	}
	defer rows.Close()
	byUser := map[int64]*MapUser{}
	var out []*MapUser
	for rows.Next() {
		var (
			id           int64
			role, access string
		)
		if err := rows.Scan(&id, &role, &access); err != nil {
			return nil, fmt.Errorf("scan map user: %w", err)
		}
		mu, ok := byUser[id]
		if !ok {
			mu = &MapUser{UserID: id, Access: domain.Access(access)}
			byUser[id] = mu
			out = append(out, mu)
		}
		mu.Roles = append(mu.Roles, domain.Role(role))
	}
	res := make([]MapUser, len(out))
	for i, mu := range out {
		res[i] = *mu
	}
	return res, rows.Err()
}

// MapUser is a member of a map's client with their explicit access.
type MapUser struct {
	UserID int64
	Roles  []domain.Role
	Access domain.Access
}

// MapRevision returns a map's current revision.
func (s *Store) MapRevision(ctx context.Context, mapID int64) (int64, error) {
	var rev int64
	if err := s.q.QueryRowContext(ctx, `SELECT revision FROM maps WHERE id = $1`, mapID).Scan(&rev); err != nil {
		return 0, fmt.Errorf("revision of map %d: %w", mapID, notFound(err, "map"))
	}
	return rev, nil
}

// DeleteMap removes a map and everything on it.
func (s *Store) DeleteMap(ctx context.Context, mapID int64) error {
	if _, err := s.q.ExecContext(ctx, `DELETE FROM maps WHERE id = $1`, mapID); err != nil {
		return fmt.Errorf("delete map %d: %w", mapID, err)
	}
	return nil
}
