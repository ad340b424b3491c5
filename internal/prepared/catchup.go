package prepared

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"runtime"
	"sync"

	"github.com/strata-maps/strata/internal/document"
	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/editing"
	"github.com/strata-maps/strata/internal/store"
)

// prepared is a map's document at one revision: the answer, and the lists
// the next revision's is derived from.
type prepared struct {
	answer       *Answer
	nodes, edges list
	memory       int64
}

// maxCatchUp is how many changes a document is brought forward by; one
// further behind is built anew, which costs less than reading that log.
const maxCatchUp = 2000

// advance brings cur (nil for none) to the map's revision, reading the
// database in one snapshot, so that the document is the map as it was at
// one revision.
func (d *Documents) advance(ctx context.Context, mapID int64, cur *prepared) (*prepared, error) {
	var next *prepared
	err := d.store.ReadSnapshot(ctx, func(tx *store.Store) error {
		rev, err := tx.MapRevision(ctx, mapID)
		if err != nil {
			return err
		}
		if cur != nil && rev >= cur.answer.Revision && rev-cur.answer.Revision <= maxCatchUp {
			changes, err := tx.ChangesSince(ctx, mapID, cur.answer.Revision)
			if err != nil {
				return err
			}
			if t, ok := touchedBy(changes, cur.answer.Revision, rev); ok {
				next, err = d.derive(ctx, tx, mapID, cur, t)
				return err
			}
		}
		next, err = d.build(ctx, tx, mapID)
		return err
	})
	return next, err
}

// touched is what a run of changes named: the elements to read again (an
// id no longer on the map was deleted).
type touched struct {
	nodes, edges map[int64]bool
}

// idsOfDelta are the ids in an editing.Delta, decoded without the rest.
type idsOfDelta struct {
	Nodes          []struct{ ID int64 } `json:"nodes"`
	Edges          []struct{ ID int64 } `json:"edges"`
	Positions      []struct{ ID int64 } `json:"positions"`
	Order          []int64              `json:"order"`
	RemovedNodeIDs []int64              `json:"removed_node_ids"`
	RemovedEdgeIDs []int64              `json:"removed_edge_ids"`
}

// replaced lists the changes that put a whole stored version in place:
// their data names none of the elements.
var replaced = map[string]bool{editing.TypeMapReset: true, editing.TypeStateRestored: true}

// touchedBy collects what the changes after revision from up to to named;
// ok is false when the log does not hold each of them (it was pruned) or
// one of them replaced the whole document.
func touchedBy(changes []domain.Change, from, to int64) (touched, bool) {
	t := touched{nodes: map[int64]bool{}, edges: map[int64]bool{}}
	if int64(len(changes)) != to-from {
		return t, false
	}
	for i, c := range changes {
		if c.Revision != from+int64(i)+1 || replaced[c.Type] {
			return t, false
		}
		var ids idsOfDelta
		if err := json.Unmarshal(c.Data, &ids); err != nil {
			return t, false // built anew, which needs no log
		}
		for _, n := range ids.Nodes {
			t.nodes[n.ID] = true
		}
		for _, p := range ids.Positions {
			t.nodes[p.ID] = true
		}
		for _, id := range append(ids.Order, ids.RemovedNodeIDs...) {
			t.nodes[id] = true
		}
		for _, e := range ids.Edges {
			t.edges[e.ID] = true
		}
		for _, id := range ids.RemovedEdgeIDs {
			t.edges[id] = true
		}
	}
	return t, true
}

// derive makes the next document from cur: the head read anew, the
// touched elements read again and put in (or taken out), and only the
// chunks they are in compressed again. cur's lists change in place.
func (d *Documents) derive(ctx context.Context, tx *store.Store, mapID int64, cur *prepared, t touched) (*prepared, error) {
	head, rev, err := document.AppendHead(ctx, tx, nil, mapID)
	if err != nil {
		return nil, err
	}
	var nodes, edges []element
	err = tx.EachRawNodeOf(ctx, mapID, keys(t.nodes), func(n *store.RawNode) error {
		nodes = append(nodes, element{key{n.Order, n.ID}, document.AppendNode(nil, n)})
		delete(t.nodes, n.ID)
		return nil
	})
	if err != nil {
		return nil, err
	}
	err = tx.EachRawEdgeOf(ctx, mapID, keys(t.edges), func(e *store.RawEdge) error {
		edges = append(edges, element{key{0, e.ID}, document.AppendEdge(nil, e)})
		delete(t.edges, e.ID)
		return nil
	})
	if err != nil {
		return nil, err
	}
	nl, madeNodes := cur.nodes.change(nodes, keys(t.nodes)) // what is left of t was not found: deleted
	el, madeEdges := cur.edges.change(edges, keys(t.edges))
	return d.assemble(rev, head, nl, el, append(madeNodes, madeEdges...))
}

// build reads the whole document.
func (d *Documents) build(ctx context.Context, tx *store.Store, mapID int64) (*prepared, error) {
	head, rev, err := document.AppendHead(ctx, tx, nil, mapID)
	if err != nil {
		return nil, err
	}
	var nodes, edges []element
	err = tx.EachRawNode(ctx, mapID, func(n *store.RawNode) error {
		nodes = append(nodes, element{key{n.Order, n.ID}, document.AppendNode(nil, n)})
		return nil
	})
	if err != nil {
		return nil, err
	}
	err = tx.EachRawEdge(ctx, mapID, func(e *store.RawEdge) error {
		edges = append(edges, element{key{0, e.ID}, document.AppendEdge(nil, e)})
		return nil
	})
	if err != nil {
		return nil, err
	}
	nl, el := cut(nodes), cut(edges)
	return d.assemble(rev, head, nl, el, append(append([]*chunk(nil), nl.chunks...), el.chunks...))
}

// assemble packs the chunks made and puts the answer together.
func (d *Documents) assemble(rev int64, head []byte, nodes, edges list, made []*chunk) (*prepared, error) {
	if err := d.packAll(made); err != nil {
		return nil, err
	}
	hp, err := d.pack.pack(head)
	if err != nil {
		return nil, err
	}
	a := &Answer{Revision: rev, head: head, nodes: nodes.chunks, edges: edges.chunks}
	a.pieces = make([]*packed, 0, len(nodes.chunks)+len(edges.chunks)+3)
	a.pieces = append(a.pieces, &hp)
	memory := int64(len(head) + len(hp.gz))
	for i, l := range []list{nodes, edges} {
		for _, c := range l.chunks {
			a.pieces = append(a.pieces, &c.packed)
			memory += int64(len(c.gz)) + int64(c.rawSize()) + int64(len(c.elems))*elementOverhead
		}
		a.pieces = append(a.pieces, []*packed{&d.between, &d.end}[i])
	}
	a.crc, a.size = combineCRC(a.pieces)
	return &prepared{answer: a, nodes: nodes, edges: edges, memory: memory}, nil
}

// packAll compresses the chunks, on every core: a new document of 100,000
// nodes is about 100 MB of JSON.
func (d *Documents) packAll(chunks []*chunk) error {
	var (
		wg    sync.WaitGroup
		mu    sync.Mutex
		first error
		next  = make(chan *chunk)
	)
	for range min(runtime.GOMAXPROCS(0), len(chunks)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var raw []byte
			for c := range next {
				raw = c.appendRaw(raw[:0])
				p, err := d.pack.pack(raw)
				if err != nil {
					mu.Lock()
					first = cmp.Or(first, err)
					mu.Unlock()
					continue
				}
				c.packed = p
			}
		}()
	}
	for _, c := range chunks {
		next <- c
	}
	close(next)
	wg.Wait()
	if first != nil {
		return fmt.Errorf("compress the document: %w", first)
	}
	return nil
}

func keys(m map[int64]bool) []int64 {
	out := make([]int64, 0, len(m))
	for id := range m {
		out = append(out, id)
	}
	return out
}
