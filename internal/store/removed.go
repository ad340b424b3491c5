package store

import (
	"context"
	"fmt"
	"time"
)

// Kinds of removed element kept for undoing a deletion.
const (
	RemovedNode = "node"
	RemovedEdge = "edge"
	// RemovedTemplate is an object template with the objects that followed it.
	RemovedTemplate = "template"
)

// Removed is what a change deleted, kept so that it can be put back: the
// element's JSON as the editing service wrote it.
type Removed struct {
	Kind     string
	ID       int64
	Revision int64
	Data     []byte
}

// KeepRemoved stores what a change deleted; an element deleted again (after
// a restore) replaces what was kept of it.
func (s *Store) KeepRemoved(ctx context.Context, mapID int64, items []Removed) error {
	now := s.now()
	for _, r := range items {
		_, err := s.q.ExecContext(ctx,
			`INSERT INTO removed_elements (map_id, kind, element_id, revision, data, removed_at) VALUES ($1, $2, $3, $4, $5, $6)
			 ON CONFLICT (map_id, kind, element_id) DO UPDATE SET revision = excluded.revision, data = excluded.data, removed_at = excluded.removed_at`,
			mapID, r.Kind, r.ID, r.Revision, string(r.Data), now)
		if err != nil {
			return fmt.Errorf("keep removed %s %d of map %d: %w", r.Kind, r.ID, mapID, err)
		}
	}
	return nil
}

// RemovedElements returns what was kept of the map's deleted elements of a
// kind, by id; ids never deleted from this map are absent.
func (s *Store) RemovedElements(ctx context.Context, mapID int64, kind string, ids []int64) (map[int64]Removed, error) {
	out := make(map[int64]Removed, len(ids))
	err := inChunks(ids, func(chunk []int64) error {
		args := append([]any{kind}, idArgs(mapID, chunk)...)
		rows, err := s.q.QueryContext(ctx,
			`SELECT element_id, revision, data FROM removed_elements WHERE kind = $1 AND map_id = $2 AND element_id IN (`+placeholders(3, len(chunk))+`)`,
			args...)
		if err != nil {
			return fmt.Errorf("read removed %ss: %w", kind, err)
		}
		defer rows.Close()
		for rows.Next() {
			r := Removed{Kind: kind}
			var data string
			if err := rows.Scan(&r.ID, &r.Revision, &data); err != nil {
				return fmt.Errorf("scan removed %s: %w", kind, err)
			}
			r.Data = []byte(data)
			out[r.ID] = r
		}
		return rows.Err()
	})
	return out, err
}

// ForgetRemoved drops what was kept of elements that are back.
func (s *Store) ForgetRemoved(ctx context.Context, mapID int64, kind string, ids []int64) error {
	return inChunks(ids, func(chunk []int64) error {
		args := append([]any{kind}, idArgs(mapID, chunk)...)
		_, err := s.q.ExecContext(ctx,
			`DELETE FROM removed_elements WHERE kind = $1 AND map_id = $2 AND element_id IN (`+placeholders(3, len(chunk))+`)`, args...)
		if err != nil {
			return fmt.Errorf("forget removed %ss: %w", kind, err)
		}
		return nil
	})
}

// PruneRemoved forgets deletions older than the given time: they can no
// longer be undone.
func (s *Store) PruneRemoved(ctx context.Context, before time.Time) error {
	if _, err := s.q.ExecContext(ctx, `DELETE FROM removed_elements WHERE removed_at < $1`, before.UTC()); err != nil {
		return fmt.Errorf("prune removed elements: %w", err)
	}
	return nil
}
