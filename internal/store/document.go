package store

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/strata-maps/strata/internal/domain"
)

// The map document's elements: nodes, edges and object templates. Every
// query names the map too, so that an id of another map finds nothing.

const nodeColumns = `id, template, x, y, min_level, max_level, hidden, locked, next_id, previous_id, popup_type, sort_order, design, content`

func scanNode(row interface{ Scan(...any) error }) (domain.Node, error) {
	var (
		n               domain.Node
		design, content string
	)
	err := row.Scan(&n.ID, &n.Template, &n.Geometry.Center.X, &n.Geometry.Center.Y, &n.Visibility.MinLevel, &n.Visibility.MaxLevel,
		&n.Visibility.Hidden, &n.Editing.Locked, &n.NextID, &n.PreviousID, &n.PopupType, &n.Order, &design, &content)
	if err != nil {
		return domain.Node{}, err
	}
	if err := json.Unmarshal([]byte(design), &n.Design); err != nil {
		return domain.Node{}, fmt.Errorf("node %d design: %w", n.ID, err)
	}
	if err := json.Unmarshal([]byte(content), &n.Content); err != nil {
		return domain.Node{}, fmt.Errorf("node %d content: %w", n.ID, err)
	}
	n.Design = domain.NodeDesignFields.Normalize(n.Design)
	n.Geometry.Shape = n.Design.String("shape")
	return n, nil
}

// encode returns the JSON of a design or content map, "{}" for none.
func encode[M ~map[K]V, K comparable, V any](m M) (string, error) {
	if m == nil {
		return "{}", nil
	}
	b, err := json.Marshal(m)
	if err != nil {
		return "", fmt.Errorf("encode: %w", err)
	}
	return string(b), nil
}

// nodeInsertColumns are the columns nodeValues fills, in its order.
const nodeInsertColumns = `map_id, template, x, y, min_level, max_level, hidden, locked, next_id, previous_id, popup_type,
	sort_order, design, content, created_at, updated_at, shape, content_summary`

// nodeValues are a node's values for nodeInsertColumns.
func nodeValues(mapID int64, n domain.Node, now time.Time) ([]any, error) {
	design, err := encode(n.Design)
	if err != nil {
		return nil, err
	}
	content, err := encode(n.Content)
	if err != nil {
		return nil, err
	}
	summary, err := encode(domain.ContentSummary(n.Content))
	if err != nil {
		return nil, err
	}
	return []any{mapID, n.Template, n.Geometry.Center.X, n.Geometry.Center.Y, n.Visibility.MinLevel, n.Visibility.MaxLevel,
		n.Visibility.Hidden, n.Editing.Locked, n.NextID, n.PreviousID, n.PopupType, n.Order, design, content, now, now,
		n.Design.String("shape"), summary}, nil
}

// InsertNode stores a new node of the map and returns it with its id.
func (s *Store) InsertNode(ctx context.Context, mapID int64, n domain.Node) (domain.Node, error) {
	vals, err := nodeValues(mapID, n, s.now())
	if err != nil {
		return domain.Node{}, err
	}
	err = s.q.QueryRowContext(ctx,
		`INSERT INTO nodes (`+nodeInsertColumns+`) VALUES (`+placeholders(1, len(vals))+`) RETURNING id`, vals...).Scan(&n.ID)
	if err != nil {
		return domain.Node{}, fmt.Errorf("insert node: %w", err)
	}
	return n, nil
}

// UpdateNode stores every field of an existing node.
func (s *Store) UpdateNode(ctx context.Context, mapID int64, n domain.Node) error {
	design, err := encode(n.Design)
	if err != nil {
		return err
	}
	content, err := encode(n.Content)
	if err != nil {
		return err
	}
	summary, err := encode(domain.ContentSummary(n.Content))
	if err != nil {
		return err
	}
	_, err = s.q.ExecContext(ctx,
		`UPDATE nodes SET template = $3, x = $4, y = $5, min_level = $6, max_level = $7, hidden = $8, locked = $9,
		        next_id = $10, previous_id = $11, popup_type = $12, sort_order = $13, design = $14, content = $15, updated_at = $16,
		        shape = $17, content_summary = $18
		 WHERE id = $1 AND map_id = $2`,
		n.ID, mapID, n.Template, n.Geometry.Center.X, n.Geometry.Center.Y, n.Visibility.MinLevel, n.Visibility.MaxLevel,
		n.Visibility.Hidden, n.Editing.Locked, n.NextID, n.PreviousID, n.PopupType, n.Order, design, content, s.now(),
		n.Design.String("shape"), summary)
	if err != nil {
		return fmt.Errorf("update node %d: %w", n.ID, err)
	}
	return nil
}

// MoveNodes stores only nodes' positions, in one statement per few hundred
// nodes: the hot path of dragging.
func (s *Store) MoveNodes(ctx context.Context, mapID int64, ids []int64, centers []domain.Point) error {
	for start := 0; start < len(ids); start += 300 {
		end := min(start+300, len(ids))
		var xs, ys, in strings.Builder
		args := []any{mapID}
		for i := start; i < end; i++ {
			n := len(args)
			fmt.Fprintf(&xs, " WHEN $%d THEN CAST($%d AS DOUBLE PRECISION)", n+1, n+2)
			fmt.Fprintf(&ys, " WHEN $%d THEN CAST($%d AS DOUBLE PRECISION)", n+1, n+3)
			if i > start {
				in.WriteString(", ")
			}
			fmt.Fprintf(&in, "$%d", n+1)
			args = append(args, ids[i], centers[i].X, centers[i].Y)
		}
		q := `UPDATE nodes SET x = CASE id` + xs.String() + ` END, y = CASE id` + ys.String() + ` END
			WHERE map_id = $1 AND id IN (` + in.String() + `)`
		if _, err := s.q.ExecContext(ctx, q, args...); err != nil {
			return fmt.Errorf("move nodes: %w", err)
		}
	}
	return nil
}

// NodeLocks returns, for the map's nodes with the given ids, whether each
// is locked; ids of other maps or of nothing are absent. It is the light
// read of a drag, which needs nothing else.
func (s *Store) NodeLocks(ctx context.Context, mapID int64, ids []int64) (map[int64]bool, error) {
	out := make(map[int64]bool, len(ids))
	err := inChunks(ids, func(chunk []int64) error {
		rows, err := s.q.QueryContext(ctx, `SELECT id, locked FROM nodes WHERE map_id = $1 AND id IN (`+placeholders(2, len(chunk))+`)`, idArgs(mapID, chunk)...)
		if err != nil {
			return fmt.Errorf("node locks: %w", err)
		}
		defer rows.Close()
		for rows.Next() {
			var id int64
			var locked bool
			if err := rows.Scan(&id, &locked); err != nil {
				return fmt.Errorf("scan node lock: %w", err)
			}
			out[id] = locked
		}
		return rows.Err()
	})
	return out, err
}

// placeholders returns "$from, $from+1, …" for n values.
func placeholders(from, n int) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString("$" + strconv.Itoa(from+i))
	}
	return b.String()
}

// inChunks runs fn over ids in slices small enough for one statement's
// parameters in either database.
func inChunks(ids []int64, fn func(chunk []int64) error) error {
	const size = 500
	for len(ids) > 0 {
		n := min(size, len(ids))
		if err := fn(ids[:n]); err != nil {
			return err
		}
		ids = ids[n:]
	}
	return nil
}

func idArgs(mapID int64, ids []int64) []any {
	args := make([]any, 0, len(ids)+1)
	args = append(args, mapID)
	for _, id := range ids {
		args = append(args, id)
	}
	return args
}

// NodesByID returns the map's nodes with the given ids, by id; ids of
// other maps or of nothing are simply absent.
func (s *Store) NodesByID(ctx context.Context, mapID int64, ids []int64) (map[int64]domain.Node, error) {
	out := make(map[int64]domain.Node, len(ids))
	err := inChunks(ids, func(chunk []int64) error {
		nodes, err := s.queryNodes(ctx, `SELECT `+nodeColumns+` FROM nodes WHERE map_id = $1 AND id IN (`+placeholders(2, len(chunk))+`)`, idArgs(mapID, chunk)...)
		for _, n := range nodes {
			out[n.ID] = n
		}
		return err
	})
	return out, err
}

// NodesOfMap returns all of a map's nodes in drawing order.
func (s *Store) NodesOfMap(ctx context.Context, mapID int64) ([]domain.Node, error) {
	return s.queryNodes(ctx, `SELECT `+nodeColumns+` FROM nodes WHERE map_id = $1 ORDER BY sort_order, id`, mapID)
}

// NodesLinkingTo returns the map's nodes whose next or previous link
// points at one of ids.
func (s *Store) NodesLinkingTo(ctx context.Context, mapID int64, ids []int64) ([]domain.Node, error) {
	var out []domain.Node
	err := inChunks(ids, func(chunk []int64) error {
		p := placeholders(2, len(chunk))
		nodes, err := s.queryNodes(ctx, `SELECT `+nodeColumns+` FROM nodes WHERE map_id = $1 AND (next_id IN (`+p+`) OR previous_id IN (`+p+`))`, idArgs(mapID, chunk)...)
		out = append(out, nodes...)
		return err
	})
	return out, err
}

// NodesWithTemplate returns the map's nodes that follow a template.
func (s *Store) NodesWithTemplate(ctx context.Context, mapID int64, templateID string) ([]domain.Node, error) {
	return s.queryNodes(ctx, `SELECT `+nodeColumns+` FROM nodes WHERE map_id = $1 AND template = $2`, mapID, templateID)
}

func (s *Store) queryNodes(ctx context.Context, q string, args ...any) ([]domain.Node, error) {
	rows, err := s.q.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("query nodes: %w", err)
	}
	defer rows.Close()
	var out []domain.Node
	for rows.Next() {
		n, err := scanNode(rows)
		if err != nil {
			return nil, fmt.Errorf("scan node: %w", err)
		}
		out = append(out, n)
	}
	return out, rows.Err()
}

// MaxNodeOrder returns the highest drawing order of the map's nodes.
func (s *Store) MaxNodeOrder(ctx context.Context, mapID int64) (int64, error) {
	var o *int64
	if err := s.q.QueryRowContext(ctx, `SELECT MAX(sort_order) FROM nodes WHERE map_id = $1`, mapID).Scan(&o); err != nil {
		return 0, fmt.Errorf("node order: %w", err)
	}
	if o == nil {
		return 0, nil
	}
	return *o, nil
}

// DeleteNodes removes nodes of the map (their edges go by cascade).
func (s *Store) DeleteNodes(ctx context.Context, mapID int64, ids []int64) error {
	return inChunks(ids, func(chunk []int64) error {
		_, err := s.q.ExecContext(ctx, `DELETE FROM nodes WHERE map_id = $1 AND id IN (`+placeholders(2, len(chunk))+`)`, idArgs(mapID, chunk)...)
		if err != nil {
			return fmt.Errorf("delete nodes: %w", err)
		}
		return nil
	})
}

const edgeColumns = `id, from_id, to_id, name, type, template, min_level, max_level, hidden, locked, design, content`

func scanEdge(row interface{ Scan(...any) error }) (domain.Edge, error) {
	var (
		e               domain.Edge
		design, content string
	)
	err := row.Scan(&e.ID, &e.Node.FromID, &e.Node.ToID, &e.Name, &e.Type, &e.Template, &e.Visibility.MinLevel,
		&e.Visibility.MaxLevel, &e.Visibility.Hidden, &e.Locked, &design, &content)
	if err != nil {
		return domain.Edge{}, err
	}
	if err := json.Unmarshal([]byte(design), &e.Design); err != nil {
		return domain.Edge{}, fmt.Errorf("edge %d design: %w", e.ID, err)
	}
	if err := json.Unmarshal([]byte(content), &e.Content); err != nil {
		return domain.Edge{}, fmt.Errorf("edge %d content: %w", e.ID, err)
	}
	e.Design = domain.EdgeDesignFields.Normalize(e.Design)
	return e, nil
}

// edgeInsertColumns are the columns edgeValues fills, in its order.
const edgeInsertColumns = `map_id, from_id, to_id, name, type, template, min_level, max_level, hidden, locked, design, content,
	created_at, updated_at`

// edgeValues are an edge's values for edgeInsertColumns.
func edgeValues(mapID int64, e domain.Edge, now time.Time) ([]any, error) {
	design, err := encode(e.Design)
	if err != nil {
		return nil, err
	}
	content, err := encode(e.Content)
	if err != nil {
		return nil, err
	}
	return []any{mapID, e.Node.FromID, e.Node.ToID, e.Name, e.Type, e.Template, e.Visibility.MinLevel, e.Visibility.MaxLevel,
		e.Visibility.Hidden, e.Locked, design, content, now, now}, nil
}

// InsertEdge stores a new edge of the map and returns it with its id.
func (s *Store) InsertEdge(ctx context.Context, mapID int64, e domain.Edge) (domain.Edge, error) {
	vals, err := edgeValues(mapID, e, s.now())
	if err != nil {
		return domain.Edge{}, err
	}
	err = s.q.QueryRowContext(ctx,
		`INSERT INTO edges (`+edgeInsertColumns+`) VALUES (`+placeholders(1, len(vals))+`) RETURNING id`, vals...).Scan(&e.ID)
	if err != nil {
		return domain.Edge{}, fmt.Errorf("insert edge: %w", err)
	}
	return e, nil
}

// UpdateEdge stores every field of an existing edge.
func (s *Store) UpdateEdge(ctx context.Context, mapID int64, e domain.Edge) error {
	design, err := encode(e.Design)
	if err != nil {
		return err
	}
	content, err := encode(e.Content)
	if err != nil {
		return err
	}
	_, err = s.q.ExecContext(ctx,
		`UPDATE edges SET name = $3, type = $4, template = $5, min_level = $6, max_level = $7, hidden = $8, locked = $9,
		        design = $10, content = $11, updated_at = $12 WHERE id = $1 AND map_id = $2`,
		e.ID, mapID, e.Name, e.Type, e.Template, e.Visibility.MinLevel, e.Visibility.MaxLevel, e.Visibility.Hidden, e.Locked,
		design, content, s.now())
	if err != nil {
		return fmt.Errorf("update edge %d: %w", e.ID, err)
	}
	return nil
}

func (s *Store) queryEdges(ctx context.Context, q string, args ...any) ([]domain.Edge, error) {
	rows, err := s.q.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("query edges: %w", err)
	}
	defer rows.Close()
	var out []domain.Edge
	for rows.Next() {
		e, err := scanEdge(rows)
		if err != nil {
			return nil, fmt.Errorf("scan edge: %w", err)
		}
		out = append(out, e)
	}
	return out, rows.Err()
}

// EdgesByID returns the map's edges with the given ids, by id.
func (s *Store) EdgesByID(ctx context.Context, mapID int64, ids []int64) (map[int64]domain.Edge, error) {
	out := make(map[int64]domain.Edge, len(ids))
	err := inChunks(ids, func(chunk []int64) error {
		edges, err := s.queryEdges(ctx, `SELECT `+edgeColumns+` FROM edges WHERE map_id = $1 AND id IN (`+placeholders(2, len(chunk))+`)`, idArgs(mapID, chunk)...)
		for _, e := range edges {
			out[e.ID] = e
		}
		return err
	})
	return out, err
}

// EdgesOfMap returns all of a map's edges.
func (s *Store) EdgesOfMap(ctx context.Context, mapID int64) ([]domain.Edge, error) {
	return s.queryEdges(ctx, `SELECT `+edgeColumns+` FROM edges WHERE map_id = $1 ORDER BY id`, mapID)
}

// EdgesOfNodes returns the map's edges touching any of the nodes.
func (s *Store) EdgesOfNodes(ctx context.Context, mapID int64, nodeIDs []int64) ([]domain.Edge, error) {
	seen := map[int64]bool{}
	var out []domain.Edge
	err := inChunks(nodeIDs, func(chunk []int64) error {
		p := placeholders(2, len(chunk))
		edges, err := s.queryEdges(ctx, `SELECT `+edgeColumns+` FROM edges WHERE map_id = $1 AND (from_id IN (`+p+`) OR to_id IN (`+p+`)) ORDER BY id`, idArgs(mapID, chunk)...)
		for _, e := range edges {
			if !seen[e.ID] {
				seen[e.ID] = true
				out = append(out, e)
			}
		}
		return err
	})
	return out, err
}

// EdgesWithTemplate returns the map's edges that follow a template.
func (s *Store) EdgesWithTemplate(ctx context.Context, mapID int64, templateID string) ([]domain.Edge, error) {
	return s.queryEdges(ctx, `SELECT `+edgeColumns+` FROM edges WHERE map_id = $1 AND template = $2`, mapID, templateID)
}

// DeleteEdges removes edges of the map.
func (s *Store) DeleteEdges(ctx context.Context, mapID int64, ids []int64) error {
	return inChunks(ids, func(chunk []int64) error {
		_, err := s.q.ExecContext(ctx, `DELETE FROM edges WHERE map_id = $1 AND id IN (`+placeholders(2, len(chunk))+`)`, idArgs(mapID, chunk)...)
		if err != nil {
			return fmt.Errorf("delete edges: %w", err)
		}
		return nil
	})
}

func scanTemplate(row interface{ Scan(...any) error }) (domain.ObjectTemplate, error) {
	var (
		t      domain.ObjectTemplate
		design string
	)
	if err := row.Scan(&t.ID, &t.Name, &t.Type, &design); err != nil {
		return domain.ObjectTemplate{}, err
	}
	if err := json.Unmarshal([]byte(design), &t.Design); err != nil {
		return domain.ObjectTemplate{}, fmt.Errorf("template %d design: %w", t.ID, err)
	}
	t.Design = t.Fields().Normalize(t.Design)
	return t, nil
}

// templateInsertColumns are the columns templateValues fills, in its order.
const templateInsertColumns = `map_id, name, type, design, created_at, updated_at`

func templateValues(mapID int64, t domain.ObjectTemplate, now time.Time) ([]any, error) {
	design, err := encode(t.Design)
	if err != nil {
		return nil, err
	}
	return []any{mapID, t.Name, t.Type, design, now, now}, nil
}

// InsertTemplate stores a new object template of the map.
func (s *Store) InsertTemplate(ctx context.Context, mapID int64, t domain.ObjectTemplate) (domain.ObjectTemplate, error) {
	vals, err := templateValues(mapID, t, s.now())
	if err != nil {
		return domain.ObjectTemplate{}, err
	}
	err = s.q.QueryRowContext(ctx,
		`INSERT INTO object_templates (`+templateInsertColumns+`) VALUES (`+placeholders(1, len(vals))+`) RETURNING id`, vals...).Scan(&t.ID)
	if err != nil {
		return domain.ObjectTemplate{}, fmt.Errorf("insert template: %w", err)
	}
	return t, nil
}

// UpdateTemplate stores a template's name and design.
func (s *Store) UpdateTemplate(ctx context.Context, mapID int64, t domain.ObjectTemplate) error {
	design, err := encode(t.Design)
	if err != nil {
		return err
	}
	_, err = s.q.ExecContext(ctx, `UPDATE object_templates SET name = $3, design = $4, updated_at = $5 WHERE id = $1 AND map_id = $2`,
		t.ID, mapID, t.Name, design, s.now())
	if err != nil {
		return fmt.Errorf("update template %d: %w", t.ID, err)
	}
	return nil
}

// TemplateByID returns one of the map's templates.
func (s *Store) TemplateByID(ctx context.Context, mapID, id int64) (domain.ObjectTemplate, error) {
	t, err := scanTemplate(s.q.QueryRowContext(ctx, `SELECT id, name, type, design FROM object_templates WHERE map_id = $1 AND id = $2`, mapID, id))
	if err != nil {
		return domain.ObjectTemplate{}, fmt.Errorf("template %d: %w", id, notFound(err, "object template"))
	}
	return t, nil
}

// TemplatesOfMap returns the map's object templates.
func (s *Store) TemplatesOfMap(ctx context.Context, mapID int64) ([]domain.ObjectTemplate, error) {
	rows, err := s.q.QueryContext(ctx, `SELECT id, name, type, design FROM object_templates WHERE map_id = $1 ORDER BY id`, mapID)
	if err != nil {
		return nil, fmt.Errorf("templates of map %d: %w", mapID, err)
	}
	defer rows.Close()
	var out []domain.ObjectTemplate
	for rows.Next() {
		t, err := scanTemplate(rows)
		if err != nil {
			return nil, fmt.Errorf("scan template: %w", err)
		}
		out = append(out, t)
	}
	return out, rows.Err()
}

// DeleteTemplate removes one of the map's templates.
func (s *Store) DeleteTemplate(ctx context.Context, mapID, id int64) error {
	if _, err := s.q.ExecContext(ctx, `DELETE FROM object_templates WHERE map_id = $1 AND id = $2`, mapID, id); err != nil {
		return fmt.Errorf("delete template %d: %w", id, err)
	}
	return nil
}
