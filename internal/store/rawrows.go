package store

import (
	"context"
	"database/sql"
	"fmt"
)

// RawNode is a node as stored, its design and content summary still JSON:
// the document read streams these without decoding them.
type RawNode struct {
	ID, Order              int64
	Template, Shape, Popup sql.RawBytes
	X, Y                   float64
	MinLevel, MaxLevel     int
	Hidden, Locked         bool
	NextID, PreviousID     sql.NullInt64
	Design, Content        sql.RawBytes // Content is the content summary
}

const rawNodeColumns = `id, template, shape, x, y, min_level, max_level, hidden, locked, next_id, previous_id,
		popup_type, sort_order, design, content_summary`

// EachRawNode calls fn for each of the map's nodes in drawing order. The
// RawNode's byte slices are valid only during the call.
func (s *Store) EachRawNode(ctx context.Context, mapID int64, fn func(*RawNode) error) error {
	return s.eachRawNode(ctx, fn, `SELECT `+rawNodeColumns+` FROM nodes WHERE map_id = $1 ORDER BY sort_order, id`, mapID)
}

// EachRawNodeOf is EachRawNode for the nodes with the ids, in no
// particular order; ids not on the map are left out.
func (s *Store) EachRawNodeOf(ctx context.Context, mapID int64, ids []int64, fn func(*RawNode) error) error {
	return inChunks(ids, func(chunk []int64) error {
		return s.eachRawNode(ctx, fn, `SELECT `+rawNodeColumns+` FROM nodes WHERE map_id = $1 AND id IN (`+placeholders(2, len(chunk))+`)`,
			idArgs(mapID, chunk)...)
	})
}

func (s *Store) eachRawNode(ctx context.Context, fn func(*RawNode) error, query string, args ...any) error {
	rows, err := s.q.QueryContext(ctx, query, args...)
	if err != nil {
		return fmt.Errorf("nodes of map %v: %w", args[0], err)
	}
	defer rows.Close()
	var n RawNode
	for rows.Next() {
		if err := rows.Scan(&n.ID, &n.Template, &n.Shape, &n.X, &n.Y, &n.MinLevel, &n.MaxLevel, &n.Hidden, &n.Locked,
			&n.NextID, &n.PreviousID, &n.Popup, &n.Order, &n.Design, &n.Content); err != nil {
			return fmt.Errorf("scan node: %w", err)
		}
		if err := fn(&n); err != nil {
			return err
		}
	}
	return rows.Err()
}

// RawEdge is an edge as stored, its design and content still JSON.
type RawEdge struct {
	ID, FromID, ToID     int64
	Name, Type, Template sql.RawBytes
	MinLevel, MaxLevel   int
	Hidden, Locked       bool
	Design, Content      sql.RawBytes
}

// EachRawEdge calls fn for each of the map's edges. The RawEdge's byte
// slices are valid only during the call.
func (s *Store) EachRawEdge(ctx context.Context, mapID int64, fn func(*RawEdge) error) error {
	return s.eachRawEdge(ctx, fn, `SELECT `+edgeColumns+` FROM edges WHERE map_id = $1 ORDER BY id`, mapID)
}

// EachRawEdgeOf is EachRawEdge for the edges with the ids, in no
// particular order; ids not on the map are left out.
func (s *Store) EachRawEdgeOf(ctx context.Context, mapID int64, ids []int64, fn func(*RawEdge) error) error {
	return inChunks(ids, func(chunk []int64) error {
		return s.eachRawEdge(ctx, fn, `SELECT `+edgeColumns+` FROM edges WHERE map_id = $1 AND id IN (`+placeholders(2, len(chunk))+`)`,
			idArgs(mapID, chunk)...)
	})
}

func (s *Store) eachRawEdge(ctx context.Context, fn func(*RawEdge) error, query string, args ...any) error {
	rows, err := s.q.QueryContext(ctx, query, args...)
	if err != nil {
		return fmt.Errorf("edges of map %v: %w", args[0], err)
	}
	defer rows.Close()
	var e RawEdge
	for rows.Next() {
		if err := rows.Scan(&e.ID, &e.FromID, &e.ToID, &e.Name, &e.Type, &e.Template, &e.MinLevel, &e.MaxLevel,
			&e.Hidden, &e.Locked, &e.Design, &e.Content); err != nil {
			return fmt.Errorf("scan edge: %w", err)
		}
		if err := fn(&e); err != nil {
			return err
		}
	}
	return rows.Err()
}

// ReadSnapshot runs fn with a Store whose reads all see the database as
// one moment left it, and that writes nothing: a read-only transaction,
// repeatable read on PostgreSQL, and on SQLite a deferred one (WAL gives
// it a snapshot without taking the write lock, so editors go on).
func (s *Store) ReadSnapshot(ctx context.Context, fn func(*Store) error) error {
	if s.inTx {
		return fn(s)
	}
	opts := &sql.TxOptions{ReadOnly: true}
	if s.dialect == Postgres {
		opts.Isolation = sql.LevelRepeatableRead
	}
	tx, err := s.db.BeginTx(ctx, opts)
	if err != nil {
		return fmt.Errorf("begin snapshot: %w", err)
	}
	inner := *s
	inner.q, inner.inTx = tx, true
	err = fn(&inner)
	// Nothing was written: ending it either way only releases the snapshot.
	if rerr := tx.Rollback(); err == nil && rerr != nil {
		return fmt.Errorf("end snapshot: %w", rerr)
	}
	return err
}
