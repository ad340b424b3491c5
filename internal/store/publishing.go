package store

import (
	"context"
	"encoding/json"
	"fmt"
	"math"

	"github.com/strata-maps/strata/internal/domain"
)

// versionQuery reads versions with their authors' names.
const versionQuery = `SELECT v.id, v.map_id, v.revision, v.kind, v.name, v.description, v.seo_title, v.seo_description,
	v.created_by, COALESCE(u.name, ''), v.created_at FROM map_versions v LEFT JOIN users u ON u.id = v.created_by`

func scanVersion(row interface{ Scan(...any) error }) (domain.Version, error) {
	var v domain.Version
	err := row.Scan(&v.ID, &v.MapID, &v.Revision, &v.Kind, &v.Name, &v.Description, &v.SEOTitle, &v.SEODescription, &v.CreatedBy, &v.CreatedByName, &v.CreatedAt)
	return v, err
}

// InsertVersion stores a snapshot of a map's document.
func (s *Store) InsertVersion(ctx context.Context, v domain.Version, document []byte) (domain.Version, error) {
	v.CreatedAt = s.now()
	err := s.q.QueryRowContext(ctx,
		`INSERT INTO map_versions (map_id, revision, kind, name, description, seo_title, seo_description, created_by, created_at, document)
		 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
		v.MapID, v.Revision, v.Kind, v.Name, v.Description, v.SEOTitle, v.SEODescription, v.CreatedBy, v.CreatedAt, document).Scan(&v.ID)
	if err != nil {
		return domain.Version{}, fmt.Errorf("store version of map %d: %w", v.MapID, err)
	}
	return v, nil
}

// Versions lists a page of a map's versions (without their documents),
// newest first: by revision, then id, both downwards, those after p.After,
// up to p.Fetch() of them.
func (s *Store) Versions(ctx context.Context, mapID int64, p domain.Page) ([]domain.Version, error) {
	after := domain.Key{Num: math.MaxInt64, ID: math.MaxInt64}
	if p.After != nil {
		after = *p.After
	}
	rows, err := s.q.QueryContext(ctx, versionQuery+` WHERE v.map_id = $1 AND (v.revision < $2 OR (v.revision = $2 AND v.id < $3))
		ORDER BY v.revision DESC, v.id DESC LIMIT $4`, mapID, after.Num, after.ID, p.Fetch())
	if err != nil {
		return nil, fmt.Errorf("versions of map %d: %w", mapID, err)
	}
	defer rows.Close()
	out := []domain.Version{}
	for rows.Next() {
		v, err := scanVersion(rows)
		if err != nil {
			return nil, fmt.Errorf("versions of map %d: %w", mapID, err)
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

// Version answers one of the map's versions (without its document).
func (s *Store) Version(ctx context.Context, mapID, versionID int64) (domain.Version, error) {
	v, err := scanVersion(s.q.QueryRowContext(ctx, versionQuery+` WHERE v.id = $1 AND v.map_id = $2`, versionID, mapID))
	if err != nil {
		return domain.Version{}, fmt.Errorf("version %d of map %d: %w", versionID, mapID, notFound(err, "version"))
	}
	return v, nil
}

// VersionDocument answers a version's stored document; the version must be
// the map's.
func (s *Store) VersionDocument(ctx context.Context, mapID, versionID int64) ([]byte, error) {
	var doc []byte
	err := s.q.QueryRowContext(ctx, `SELECT document FROM map_versions WHERE id = $1 AND map_id = $2`, versionID, mapID).Scan(&doc)
	if err != nil {
		return nil, fmt.Errorf("version %d of map %d: %w", versionID, mapID, notFound(err, "version"))
	}
	return doc, nil
}

const publicationQuery = `SELECT p.map_id, p.url, p.access_mode, p.embed_only, p.embed_domains, p.seo_title, p.seo_description,
	p.live_version_id, p.synced_revision FROM map_publications p`

// publication reads a publication row and its live version.
func (s *Store) publication(ctx context.Context, where string, arg any) (domain.Publication, error) {
	var (
		p       domain.Publication
		url     *string
		domains string
		live    *int64
	)
	err := s.q.QueryRowContext(ctx, publicationQuery+` WHERE `+where, arg).Scan(&p.MapID, &url, &p.AccessMode, &p.EmbedOnly,
		&domains, &p.SEOTitle, &p.SEODescription, &live, &p.SyncedRevision)
	if err != nil {
		return domain.Publication{}, err
	}
	if url != nil {
		p.URL = *url
	}
	if err := json.Unmarshal([]byte(domains), &p.EmbedDomains); err != nil {
		return domain.Publication{}, fmt.Errorf("publication of map %d: stored JSON: %w", p.MapID, err)
	}
	if live != nil {
		v, err := s.Version(ctx, p.MapID, *live)
		if err != nil {
			return domain.Publication{}, fmt.Errorf("live version: %w", err)
		}
		p.Live = &v
	}
	return p, nil
}

// Publication answers how a map is published (the defaults when never set).
func (s *Store) Publication(ctx context.Context, mapID int64) (domain.Publication, error) {
	p, err := s.publication(ctx, `p.map_id = $1`, mapID)
	if isNoRows(err) {
		return domain.NewPublication(mapID), nil
	}
	if err != nil {
		return domain.Publication{}, fmt.Errorf("publication of map %d: %w", mapID, err)
	}
	return p, nil
}

// PublicationByURL finds a publication by the map's public address.
func (s *Store) PublicationByURL(ctx context.Context, url string) (domain.Publication, error) {
	p, err := s.publication(ctx, `p.url = $1`, url)
	if err != nil {
		return domain.Publication{}, fmt.Errorf("publication %q: %w", url, notFound(err, "map"))
	}
	return p, nil
}

// PublicationsOfClient answers the live state of the client's published
// maps, by map: enough for their live status (the live version's id, not
// the version itself).
func (s *Store) PublicationsOfClient(ctx context.Context, clientID int64) (map[int64]domain.Publication, error) {
	rows, err := s.q.QueryContext(ctx, `SELECT p.map_id, p.live_version_id, p.synced_revision FROM map_publications p
		JOIN maps m ON m.id = p.map_id WHERE m.client_id = $1 AND p.live_version_id IS NOT NULL`, clientID)
	if err != nil {
		return nil, fmt.Errorf("publications of client %d: %w", clientID, err)
	}
	defer rows.Close()
	out := map[int64]domain.Publication{}
	for rows.Next() {
		var p domain.Publication
		var live domain.Version
		if err := rows.Scan(&p.MapID, &live.ID, &p.SyncedRevision); err != nil {
			return nil, fmt.Errorf("publications of client %d: %w", clientID, err)
		}
		p.Live = &live
		out[p.MapID] = p
	}
	return out, rows.Err()
}

// SavePublication stores a publication's settings and live version; an
// address another map has is a conflict.
func (s *Store) SavePublication(ctx context.Context, p domain.Publication) error {
	domains, err := json.Marshal(p.EmbedDomains)
	if err != nil {
		return fmt.Errorf("encode embed domains: %w", err)
	}
	var url *string
	if p.URL != "" {
		url = &p.URL
	}
	var live *int64
	if p.Live != nil {
		live = &p.Live.ID
	}
	_, err = s.q.ExecContext(ctx,
		`INSERT INTO map_publications (map_id, url, access_mode, embed_only, embed_domains, seo_title, seo_description, live_version_id,
		   synced_revision)
		 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
		 ON CONFLICT (map_id) DO UPDATE SET url = $2, access_mode = $3, embed_only = $4, embed_domains = $5,
		   seo_title = $6, seo_description = $7, live_version_id = $8, synced_revision = $9`,
		p.MapID, url, p.AccessMode, p.EmbedOnly, string(domains), p.SEOTitle, p.SEODescription, live, p.SyncedRevision)
	if isUniqueViolation(err) {
		return domain.Errorf(domain.CodeConflict, "another map has the address %q", p.URL)
	}
	if err != nil {
		return fmt.Errorf("save publication of map %d: %w", p.MapID, err)
	}
	return nil
}

// CopyVersionContents keeps the whole content of the map's nodes with a version.
func (s *Store) CopyVersionContents(ctx context.Context, mapID, versionID int64) error {
	_, err := s.q.ExecContext(ctx,
		`INSERT INTO map_version_contents (version_id, node_id, content) SELECT $1, id, content FROM nodes WHERE map_id = $2`,
		versionID, mapID)
	if err != nil {
		return fmt.Errorf("keep the content of map %d with version %d: %w", mapID, versionID, err)
	}
	return nil
}

// VersionNodeContent answers a node's whole content as a version kept it
// (JSON by language).
func (s *Store) VersionNodeContent(ctx context.Context, versionID, nodeID int64) ([]byte, error) {
	var content []byte
	err := s.q.QueryRowContext(ctx, `SELECT content FROM map_version_contents WHERE version_id = $1 AND node_id = $2`,
		versionID, nodeID).Scan(&content)
	if err != nil {
		return nil, fmt.Errorf("node %d of version %d: %w", nodeID, versionID, notFound(err, "node"))
	}
	return content, nil
}

// LiveDocument answers a publication's live document.
func (s *Store) LiveDocument(ctx context.Context, p domain.Publication) ([]byte, error) {
	if p.Live == nil {
		return nil, domain.Errorf(domain.CodeNotFound, "map not found")
	}
	return s.VersionDocument(ctx, p.MapID, p.Live.ID)
}

// EachVersionContent calls fn with each node's whole content a version kept,
// in node order.
func (s *Store) EachVersionContent(ctx context.Context, versionID int64, fn func(nodeID int64, content []byte) error) error {
	rows, err := s.q.QueryContext(ctx, `SELECT node_id, content FROM map_version_contents WHERE version_id = $1 ORDER BY node_id`, versionID)
	if err != nil {
		return fmt.Errorf("contents of version %d: %w", versionID, err)
	}
	defer rows.Close()
	var (
		id      int64
		content []byte
	)
	for rows.Next() {
		if err := rows.Scan(&id, &content); err != nil {
			return fmt.Errorf("contents of version %d: %w", versionID, err)
		}
		if err := fn(id, content); err != nil {
			return err
		}
	}
	return rows.Err()
}

// VersionContents answers the whole content (JSON by language) of each node
// a version kept, by node id.
func (s *Store) VersionContents(ctx context.Context, versionID int64) (map[int64]string, error) {
	out := map[int64]string{}
	err := s.EachVersionContent(ctx, versionID, func(nodeID int64, content []byte) error {
		out[nodeID] = string(content)
		return nil
	})
	return out, err
}

// ProtocolEntry is a change-log row as the map protocol shows it.
type ProtocolEntry struct {
	domain.Change
	UserName string
}

// Protocol answers up to limit changes of the map before revision before
// (0: from the newest), newest first, with their authors' names.
func (s *Store) Protocol(ctx context.Context, mapID, before int64, limit int) ([]ProtocolEntry, error) {
	if before <= 0 {
		before = math.MaxInt64
	}
	rows, err := s.q.QueryContext(ctx,
		`SELECT c.revision, c.user_id, COALESCE(u.name, ''), c.type, c.data, c.created_at
		 FROM map_changes c LEFT JOIN users u ON u.id = c.user_id
		 WHERE c.map_id = $1 AND c.revision < $2 ORDER BY c.revision DESC LIMIT $3`, mapID, before, limit)
	if err != nil {
		return nil, fmt.Errorf("protocol of map %d: %w", mapID, err)
	}
	defer rows.Close()
	out := []ProtocolEntry{}
	for rows.Next() {
		e := ProtocolEntry{Change: domain.Change{MapID: mapID}}
		var data string
		if err := rows.Scan(&e.Revision, &e.UserID, &e.UserName, &e.Type, &data, &e.At); err != nil {
			return nil, fmt.Errorf("protocol of map %d: %w", mapID, err)
		}
		e.Data = []byte(data)
		out = append(out, e)
	}
	return out, rows.Err()
}
