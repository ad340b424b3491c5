package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/strata-maps/strata/internal/domain"
)

// MediaRow is an asset as stored, with its search columns: search holds
// the lowercased name, title, keywords and search terms; containers the
// containers between commas (",map_icon,wide_panel,").
type MediaRow struct {
	domain.MediaAsset
	Search, Containers string
	// Stored is what the asset takes in the storage, its file and scaled
	// copies: the media_storage quota counts it.
	Stored int64
	// Unstripped marks an image stored before uploads were stripped of
	// their metadata (migration 00016); only such rows are written with it.
	Unstripped bool
}

const mediaColumns = `id, client_id, key, type, content_type, name, size, width, height, duration, version, widths, metadata, created_by, created_at, updated_at`

func scanMedia(row interface{ Scan(...any) error }) (domain.MediaAsset, error) {
	var (
		a                domain.MediaAsset
		width, height    sql.NullInt64
		duration         sql.NullFloat64
		widths, metadata string
		createdBy        sql.NullInt64
	)
	err := row.Scan(&a.ID, &a.ClientID, &a.Key, &a.Type, &a.ContentType, &a.Name, &a.Size, &width, &height, &duration,
		&a.Version, &widths, &metadata, &createdBy, &a.CreatedAt, &a.UpdatedAt)
	if err != nil {
		return a, err
	}
	if width.Valid {
		w := int(width.Int64)
		a.Width = &w
	}
	if height.Valid {
		h := int(height.Int64)
		a.Height = &h
	}
	if duration.Valid {
		a.Duration = &duration.Float64
	}
	if createdBy.Valid {
		a.CreatedBy = &createdBy.Int64
	}
	for _, w := range strings.Split(widths, ",") {
		if n, err := strconv.Atoi(w); err == nil {
			a.Widths = append(a.Widths, n)
		}
	}
	if err := json.Unmarshal([]byte(metadata), &a.Metadata); err != nil {
		return a, fmt.Errorf("metadata of media %s: %w", a.Key, err)
	}
	a.Metadata = a.Metadata.Normal()
	return a, nil
}

func nullInt(p *int) any {
	if p == nil {
		return nil
	}
	return *p
}

func nullFloat(p *float64) any {
	if p == nil {
		return nil
	}
	return *p
}

func joinWidths(ws []int) string {
	parts := make([]string, len(ws))
	for i, w := range ws {
		parts[i] = strconv.Itoa(w)
	}
	return strings.Join(parts, ",")
}

// InsertMedia stores an asset's row (its files are stored already).
func (s *Store) InsertMedia(ctx context.Context, r MediaRow) error {
	md, err := json.Marshal(r.Metadata)
	if err != nil {
		return err
	}
	now := s.now()
	_, err = s.q.ExecContext(ctx, `INSERT INTO media_assets (client_id, key, type, content_type, name, size, width, height,
		duration, version, widths, metadata, search, containers, created_by, created_at, updated_at, stored_size, unstripped)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $16, $17, $18)`,
		r.ClientID, r.Key, string(r.Type), r.ContentType, r.Name, r.Size, nullInt(r.Width), nullInt(r.Height),
		nullFloat(r.Duration), r.Version, joinWidths(r.Widths), string(md), r.Search, r.Containers, r.CreatedBy, now, r.Stored,
		r.Unstripped)
	if err != nil {
		return fmt.Errorf("insert media %s: %w", r.Key, err)
	}
	return nil
}

// Media reads an asset of the client; another client's is not found.
func (s *Store) Media(ctx context.Context, clientID int64, key string) (domain.MediaAsset, error) {
	a, err := scanMedia(s.q.QueryRowContext(ctx, `SELECT `+mediaColumns+` FROM media_assets WHERE client_id = $1 AND key = $2`, clientID, key))
	if err != nil {
		return a, fmt.Errorf("media %s: %w", key, notFound(err, "media asset"))
	}
	return a, nil
}

// MediaByKey reads an asset by its key alone (the map's media check has
// found the key in the map already).
func (s *Store) MediaByKey(ctx context.Context, key string) (domain.MediaAsset, error) {
	a, err := scanMedia(s.q.QueryRowContext(ctx, `SELECT `+mediaColumns+` FROM media_assets WHERE key = $1`, key))
	if err != nil {
		return a, fmt.Errorf("media %s: %w", key, notFound(err, "media asset"))
	}
	return a, nil
}

// MediaFilter narrows the library's list.
type MediaFilter struct {
	Words     []string // lowercased; each must be in the search column
	Type      domain.MediaType
	Container domain.MediaContainer
}

// ListMedia lists the client's assets newest first (keyset on the id).
func (s *Store) ListMedia(ctx context.Context, clientID int64, f MediaFilter, page domain.Page) ([]domain.MediaAsset, error) {
	where := []string{"client_id = $1"}
	args := []any{clientID}
	arg := func(v any) string {
		args = append(args, v)
		return "$" + strconv.Itoa(len(args))
	}
	for _, w := range f.Words {
		where = append(where, "search LIKE "+arg("%"+escapeLike(w)+"%")+" ESCAPE '\\'")
	}
	if f.Type != "" {
		where = append(where, "type = "+arg(string(f.Type)))
	}
	if f.Container != "" {
		where = append(where, "containers LIKE "+arg("%,"+string(f.Container)+",%"))
	}
	if page.After != nil {
		where = append(where, "id < "+arg(page.After.ID))
	}
	q := `SELECT ` + mediaColumns + ` FROM media_assets WHERE ` + strings.Join(where, " AND ") + ` ORDER BY id DESC LIMIT ` + arg(page.Fetch())
	rows, err := s.q.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("media of client %d: %w", clientID, err)
	}
	defer rows.Close()
	out := []domain.MediaAsset{}
	for rows.Next() {
		a, err := scanMedia(rows)
		if err != nil {
			return nil, fmt.Errorf("media of client %d: %w", clientID, err)
		}
		out = append(out, a)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("media of client %d: %w", clientID, err)
	}
	return out, nil
}

func escapeLike(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}

// UpdateMediaMetadata replaces an asset's metadata and search columns.
func (s *Store) UpdateMediaMetadata(ctx context.Context, r MediaRow) error {
	md, err := json.Marshal(r.Metadata)
	if err != nil {
		return err
	}
	res, err := s.q.ExecContext(ctx, `UPDATE media_assets SET metadata = $1, search = $2, containers = $3, updated_at = $4
		WHERE client_id = $5 AND key = $6`, string(md), r.Search, r.Containers, s.now(), r.ClientID, r.Key)
	return expectOne(res, err, "media asset")
}

// ReplaceMediaFile records an asset's new file: its version, type, size,
// variants and stored size.
func (s *Store) ReplaceMediaFile(ctx context.Context, r MediaRow) error {
	res, err := s.q.ExecContext(ctx, `UPDATE media_assets SET type = $1, content_type = $2, name = $3, size = $4, width = $5,
		height = $6, duration = $7, version = $8, widths = $9, search = $10, updated_at = $11, stored_size = $14,
		unstripped = FALSE
		WHERE client_id = $12 AND key = $13`,
		string(r.Type), r.ContentType, r.Name, r.Size, nullInt(r.Width), nullInt(r.Height), nullFloat(r.Duration), r.Version,
		joinWidths(r.Widths), r.Search, s.now(), r.ClientID, r.Key, r.Stored)
	return expectOne(res, err, "media asset")
}

// DeleteMedia removes an asset's row.
func (s *Store) DeleteMedia(ctx context.Context, clientID int64, key string) error {
	res, err := s.q.ExecContext(ctx, `DELETE FROM media_assets WHERE client_id = $1 AND key = $2`, clientID, key)
	return expectOne(res, err, "media asset")
}

func expectOne(res sql.Result, err error, what string) error {
	if err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	if n == 0 {
		return domain.Errorf(domain.CodeNotFound, "%s not found", what)
	}
	return nil
}

// MediaVersions are the version of every asset by key, for the sweep.
func (s *Store) MediaVersions(ctx context.Context) (map[string]int, error) {
	rows, err := s.q.QueryContext(ctx, `SELECT key, version FROM media_assets`)
	if err != nil {
		return nil, fmt.Errorf("media versions: %w", err)
	}
	defer rows.Close()
	out := map[string]int{}
	for rows.Next() {
		var k string
		var v int
		if err := rows.Scan(&k, &v); err != nil {
			return nil, fmt.Errorf("media versions: %w", err)
		}
		out[k] = v
	}
	return out, rows.Err()
}

// MediaVersion names one version of an asset.
type MediaVersion struct {
	Key     string
	Version int
}

// MediaCopiesUncounted lists the assets stored before their scaled copies
// were counted (migration 00014 set their stored size to their file's):
// those with copies whose stored size is still their file's.
func (s *Store) MediaCopiesUncounted(ctx context.Context) ([]MediaVersion, error) {
	rows, err := s.q.QueryContext(ctx, `SELECT key, version FROM media_assets WHERE widths <> '' AND stored_size = size`)
	if err != nil {
		return nil, fmt.Errorf("media with uncounted copies: %w", err)
	}
	defer rows.Close()
	var out []MediaVersion
	for rows.Next() {
		var v MediaVersion
		if err := rows.Scan(&v.Key, &v.Version); err != nil {
			return nil, fmt.Errorf("scan media version: %w", err)
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

// MediaUnstripped lists the images stored before uploads were stripped of
// their metadata (migration 00016 marked them; a new version clears it).
func (s *Store) MediaUnstripped(ctx context.Context) ([]domain.MediaAsset, error) {
	rows, err := s.q.QueryContext(ctx, `SELECT `+mediaColumns+` FROM media_assets WHERE unstripped = TRUE ORDER BY id`)
	if err != nil {
		return nil, fmt.Errorf("media not stripped: %w", err)
	}
	defer rows.Close()
	var out []domain.MediaAsset
	for rows.Next() {
		a, err := scanMedia(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, rows.Err()
}

// CountMediaCopies sets the stored size of an asset listed by
// MediaCopiesUncounted, unless it has been replaced (or counted) since;
// never below its file's size (a copy gone missing counts nothing).
func (s *Store) CountMediaCopies(ctx context.Context, v MediaVersion, stored int64) error {
	_, err := s.q.ExecContext(ctx, `UPDATE media_assets SET stored_size = $3
		WHERE key = $1 AND version = $2 AND stored_size = size AND size < $3`,
		v.Key, v.Version, stored)
	if err != nil {
		return fmt.Errorf("count the copies of media %s: %w", v.Key, err)
	}
	return nil
}

// MediaStats sums the client's assets by type, in stored bytes (the files
// and their scaled copies, as the quota counts them).
func (s *Store) MediaStats(ctx context.Context, clientID int64) (map[domain.MediaType]domain.MediaTypeStats, error) {
	rows, err := s.q.QueryContext(ctx, `SELECT type, COUNT(*), CAST(COALESCE(SUM(stored_size), 0) AS BIGINT) FROM media_assets
		WHERE client_id = $1 GROUP BY type`, clientID)
	if err != nil {
		return nil, fmt.Errorf("media stats of client %d: %w", clientID, err)
	}
	defer rows.Close()
	out := map[domain.MediaType]domain.MediaTypeStats{}
	for _, t := range domain.MediaTypes {
		out[t] = domain.MediaTypeStats{}
	}
	for rows.Next() {
		var t domain.MediaType
		var st domain.MediaTypeStats
		if err := rows.Scan(&t, &st.Count, &st.Bytes); err != nil {
			return nil, fmt.Errorf("media stats of client %d: %w", clientID, err)
		}
		out[t] = st
	}
	return out, rows.Err()
}

// MediaKeysOf answers which of keys are assets of the client: one query
// per 500 keys, so a bulk edit of thousands of nodes asks once or a few times.
func (s *Store) MediaKeysOf(ctx context.Context, clientID int64, keys []string) (map[string]bool, error) {
	out := map[string]bool{}
	for len(keys) > 0 {
		chunk := keys[:min(len(keys), 500)]
		keys = keys[len(chunk):]
		args := []any{clientID}
		marks := make([]string, len(chunk))
		for i, k := range chunk {
			args = append(args, k)
			marks[i] = "$" + strconv.Itoa(i+2)
		}
		rows, err := s.q.QueryContext(ctx, `SELECT key FROM media_assets WHERE client_id = $1 AND key IN (`+strings.Join(marks, ", ")+`)`, args...)
		if err != nil {
			return nil, fmt.Errorf("media keys of client %d: %w", clientID, err)
		}
		for rows.Next() {
			var k string
			if err := rows.Scan(&k); err != nil {
				rows.Close()
				return nil, fmt.Errorf("media keys of client %d: %w", clientID, err)
			}
			out[k] = true
		}
		err = rows.Err()
		rows.Close()
		if err != nil {
			return nil, fmt.Errorf("media keys of client %d: %w", clientID, err)
		}
	}
	return out, nil
}

// MediaUses lists where the client's maps use the key: nodes, object
// templates, map backgrounds, the nodes' defaults, header logos, and the
// live version a map publishes (its stored document). Keys are 26 random
// characters, so the quoted key found in a design is that design's media.
func (s *Store) MediaUses(ctx context.Context, clientID int64, key string) ([]domain.MediaUse, error) {
	// A version's document is JSON kept as bytes; PostgreSQL's cast of
	// bytes to text writes them in hex, so there they are decoded.
	document := `CAST(v.document AS TEXT)`
	if s.dialect == Postgres {
		document = `convert_from(v.document, 'UTF8')`
	}
	rows, err := s.q.QueryContext(ctx, `
		SELECT m.id, m.name, 'node', n.id, n.content_summary FROM nodes n JOIN maps m ON m.id = n.map_id
			WHERE m.client_id = $1 AND CAST(n.design AS TEXT) LIKE $2
		UNION ALL SELECT m.id, m.name, 'object_template', NULL, NULL FROM object_templates t JOIN maps m ON m.id = t.map_id
			WHERE m.client_id = $1 AND CAST(t.design AS TEXT) LIKE $2
		UNION ALL SELECT m.id, m.name, 'map_background', NULL, NULL FROM maps m WHERE m.client_id = $1 AND CAST(m.design AS TEXT) LIKE $2
		UNION ALL SELECT m.id, m.name, 'node_defaults', NULL, NULL FROM maps m WHERE m.client_id = $1 AND CAST(m.global_design AS TEXT) LIKE $2
		UNION ALL SELECT m.id, m.name, 'header_logo', NULL, NULL FROM map_sections x JOIN maps m ON m.id = x.map_id
			WHERE m.client_id = $1 AND x.name = 'header' AND CAST(x.data AS TEXT) LIKE $2
		UNION ALL SELECT m.id, m.name, 'published_version', NULL, NULL FROM map_publications p JOIN map_versions v ON v.id = p.live_version_id
			JOIN maps m ON m.id = p.map_id WHERE m.client_id = $1 AND `+document+` LIKE $2
		ORDER BY 1, 3, 4`, clientID, `%"`+key+`"%`)
	if err != nil {
		return nil, fmt.Errorf("uses of media %s: %w", key, err)
	}
	defer rows.Close()
	out := []domain.MediaUse{}
	for rows.Next() {
		var u domain.MediaUse
		var node sql.NullInt64
		var content sql.NullString
		if err := rows.Scan(&u.MapID, &u.MapName, &u.Place, &node, &content); err != nil {
			return nil, fmt.Errorf("uses of media %s: %w", key, err)
		}
		if node.Valid {
			u.NodeID = &node.Int64
		}
		if content.Valid {
			titles, err := nodeTitles(content.String)
			if err != nil {
				return nil, fmt.Errorf("uses of media %s, node %d: %w", key, node.Int64, err)
			}
			u.NodeTitles = titles
		}
		out = append(out, u)
	}
	return out, rows.Err()
}

// nodeTitles reads a node's titles by language from its content summary.
func nodeTitles(summary string) (map[domain.Language]string, error) {
	var content map[domain.Language]domain.NodeContent
	if err := json.Unmarshal([]byte(summary), &content); err != nil {
		return nil, fmt.Errorf("read a content summary: %w", err)
	}
	var out map[domain.Language]string
	for l, c := range content {
		if c.Title == "" {
			continue
		}
		if out == nil {
			out = map[domain.Language]string{}
		}
		out[l] = c.Title
	}
	return out, nil
}

// MapMediaDesigns are the JSON texts of a map that may name media: its
// design, its global design's node defaults, its nodes' and object
// templates' designs, and its header.
func (s *Store) MapMediaDesigns(ctx context.Context, mapID int64) ([]string, error) {
	rows, err := s.q.QueryContext(ctx, `
		SELECT CAST(design AS TEXT) FROM maps WHERE id = $1
		UNION ALL SELECT CAST(global_design AS TEXT) FROM maps WHERE id = $1
		UNION ALL SELECT CAST(design AS TEXT) FROM nodes WHERE map_id = $1 AND CAST(design AS TEXT) LIKE '%"media"%'
		UNION ALL SELECT CAST(design AS TEXT) FROM object_templates WHERE map_id = $1 AND CAST(design AS TEXT) LIKE '%"media"%'
		UNION ALL SELECT CAST(data AS TEXT) FROM map_sections WHERE map_id = $1 AND name = 'header'`, mapID)
	if err != nil {
		return nil, fmt.Errorf("media of map %d: %w", mapID, err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var d string
		if err := rows.Scan(&d); err != nil {
			return nil, fmt.Errorf("media of map %d: %w", mapID, err)
		}
		out = append(out, d)
	}
	return out, rows.Err()
}

// Media templates.

// MediaTemplates lists the client's media templates by name.
func (s *Store) MediaTemplates(ctx context.Context, clientID int64) ([]domain.MediaTemplate, error) {
	rows, err := s.q.QueryContext(ctx, `SELECT id, name, metadata FROM media_templates WHERE client_id = $1 ORDER BY name, id`, clientID)
	if err != nil {
		return nil, fmt.Errorf("media templates of client %d: %w", clientID, err)
	}
	defer rows.Close()
	out := []domain.MediaTemplate{}
	for rows.Next() {
		t, err := scanMediaTemplate(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, rows.Err()
}

func scanMediaTemplate(row interface{ Scan(...any) error }) (domain.MediaTemplate, error) {
	var t domain.MediaTemplate
	var md string
	if err := row.Scan(&t.ID, &t.Name, &md); err != nil {
		return t, err
	}
	if err := json.Unmarshal([]byte(md), &t.Metadata); err != nil {
		return t, fmt.Errorf("media template %d: %w", t.ID, err)
	}
	t.Metadata = t.Metadata.Normal()
	return t, nil
}

// MediaTemplate reads one of the client's media templates.
func (s *Store) MediaTemplate(ctx context.Context, clientID, id int64) (domain.MediaTemplate, error) {
	t, err := scanMediaTemplate(s.q.QueryRowContext(ctx, `SELECT id, name, metadata FROM media_templates WHERE client_id = $1 AND id = $2`, clientID, id))
	if err != nil {
		return t, fmt.Errorf("media template %d: %w", id, notFound(err, "media template"))
	}
	return t, nil
}

// SaveMediaTemplate creates (ID 0) or replaces a media template.
func (s *Store) SaveMediaTemplate(ctx context.Context, clientID int64, t domain.MediaTemplate) (domain.MediaTemplate, error) {
	md, err := json.Marshal(t.Metadata)
	if err != nil {
		return t, err
	}
	if t.ID == 0 {
		err = s.q.QueryRowContext(ctx, `INSERT INTO media_templates (client_id, name, metadata) VALUES ($1, $2, $3) RETURNING id`,
			clientID, t.Name, string(md)).Scan(&t.ID)
		if err != nil {
			return t, fmt.Errorf("create media template: %w", err)
		}
		return t, nil
	}
	res, err := s.q.ExecContext(ctx, `UPDATE media_templates SET name = $1, metadata = $2 WHERE client_id = $3 AND id = $4`,
		t.Name, string(md), clientID, t.ID)
	return t, expectOne(res, err, "media template")
}

// DeleteMediaTemplate removes one of the client's media templates.
func (s *Store) DeleteMediaTemplate(ctx context.Context, clientID, id int64) error {
	res, err := s.q.ExecContext(ctx, `DELETE FROM media_templates WHERE client_id = $1 AND id = $2`, clientID, id)
	return expectOne(res, err, "media template")
}
