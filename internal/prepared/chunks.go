package prepared

import (
	"cmp"
	"slices"
)

// key orders a list's elements as the document does: nodes by drawing
// order then id, edges by id (their order is always 0).
type key struct{ order, id int64 }

func (a key) compare(b key) int {
	if c := cmp.Compare(a.order, b.order); c != 0 {
		return c
	}
	return cmp.Compare(a.id, b.id)
}

// element is one node or edge, encoded as the document has it.
type element struct {
	key  key
	frag []byte
}

// chunk is a run of a list's elements, encoded and compressed together.
// Chunks are never changed once packed: a change makes new ones, so that
// an answer being written keeps the ones it has.
type chunk struct {
	elems []element
	lead  bool // begins with the comma after the chunk before it
	packed
}

// chunkTarget is the encoded size a chunk is cut at. A change recompresses
// the chunks it touched; smaller chunks cost less each, larger ones
// compress better (deflate's window is 32 KiB, so past that little).
const chunkTarget = 48 << 10

func (c *chunk) appendRaw(b []byte) []byte {
	for i, e := range c.elems {
		if i > 0 || c.lead {
			b = append(b, ',')
		}
		b = append(b, e.frag...)
	}
	return b
}

func (c *chunk) rawSize() int {
	n := len(c.elems)
	for _, e := range c.elems {
		n += len(e.frag)
	}
	return n
}

// list is the nodes or the edges of a document, in chunks.
type list struct {
	chunks []*chunk
	// orders maps each element's id to its order: where it is. Only the
	// newest document's list uses it, and deriving the next one changes it
	// in place.
	orders map[int64]int64
}

// size is how many elements the list holds.
func (l list) size() int {
	n := 0
	for _, c := range l.chunks {
		n += len(c.elems)
	}
	return n
}

// cutter cuts sorted elements, as they come, into a list's chunks,
// handing each to be packed as soon as it is cut.
type cutter struct {
	chunks []*chunk
	elems  []element
	size   int
	orders map[int64]int64
}

func (c *cutter) add(e element, p *packing) {
	if c.orders == nil {
		c.orders = make(map[int64]int64)
	}
	c.orders[e.key.id] = e.key.order
	c.elems = append(c.elems, e)
	if c.size += len(e.frag) + 1; c.size >= chunkTarget {
		c.flush(p)
	}
}

// flush cuts the elements not yet in a chunk.
func (c *cutter) flush(p *packing) {
	if len(c.elems) == 0 {
		return
	}
	ch := &chunk{elems: c.elems, lead: len(c.chunks) > 0}
	c.chunks = append(c.chunks, ch)
	c.elems, c.size = nil, 0
	p.next <- ch
}

// list is the list cut, once its chunks are packed.
func (c *cutter) list() list {
	if c.orders == nil {
		c.orders = make(map[int64]int64)
	}
	return list{chunks: c.chunks, orders: c.orders}
}

// split cuts sorted elements into chunks of about chunkTarget.
func split(elems []element) []*chunk {
	var out []*chunk
	start, size := 0, 0
	for i, e := range elems {
		size += len(e.frag) + 1
		if size >= chunkTarget {
			out = append(out, &chunk{elems: elems[start : i+1 : i+1]})
			start, size = i+1, 0
		}
	}
	if start < len(elems) {
		out = append(out, &chunk{elems: elems[start:len(elems):len(elems)]})
	}
	return out
}

// change puts the upserted elements in (replacing those with their ids)
// and takes out the removed ids, answering the new list and the chunks it
// made, which need packing. The old list's chunks stay as they were.
func (l list) change(upserts []element, removed []int64) (list, []*chunk) {
	if len(upserts) == 0 && len(removed) == 0 {
		return l, nil
	}
	drop := make(map[int]map[int64]bool) // chunk index → ids leaving it
	add := make(map[int][]element)       // chunk index → elements entering it
	leave := func(id int64) {
		order, ok := l.orders[id]
		if !ok {
			return
		}
		i := l.find(key{order, id})
		if drop[i] == nil {
			drop[i] = make(map[int64]bool)
		}
		drop[i][id] = true
		delete(l.orders, id)
	}
	for _, id := range removed {
		leave(id)
	}
	for _, e := range upserts {
		leave(e.key.id)
	}
	for _, e := range upserts {
		i := l.find(e.key)
		add[i] = append(add[i], e)
		l.orders[e.key.id] = e.key.order
	}
	var out []*chunk
	for i, c := range l.chunks {
		if drop[i] == nil && add[i] == nil {
			out = append(out, c)
			continue
		}
		elems := make([]element, 0, len(c.elems)+len(add[i]))
		for _, e := range c.elems {
			if !drop[i][e.key.id] {
				elems = append(elems, e)
			}
		}
		elems = append(elems, add[i]...)
		slices.SortFunc(elems, func(a, b element) int { return a.key.compare(b.key) })
		for _, n := range split(elems) {
			n.lead = true // set below
			out = append(out, n)
		}
	}
	if len(l.chunks) == 0 && len(add[0]) > 0 {
		elems := add[0]
		slices.SortFunc(elems, func(a, b element) int { return a.key.compare(b.key) })
		out = split(elems)
	}
	// Only the first chunk goes without a leading comma: a chunk that
	// became first, or stopped being first, is made anew.
	fresh := make(map[*chunk]bool)
	for _, c := range out {
		if c.packed.gz == nil {
			fresh[c] = true
		}
	}
	var made []*chunk
	for i, c := range out {
		if want := i > 0; c.lead != want || fresh[c] {
			if !fresh[c] {
				c = &chunk{elems: c.elems}
				out[i] = c
			}
			c.lead = want
			made = append(made, c)
		}
	}
	return list{chunks: out, orders: l.orders}, made
}

// find answers the chunk an element with key k is in or goes in: the
// first whose last element is not before k, else the last.
func (l list) find(k key) int {
	i, _ := slices.BinarySearchFunc(l.chunks, k, func(c *chunk, k key) int {
		return c.elems[len(c.elems)-1].key.compare(k)
	})
	return min(i, max(len(l.chunks)-1, 0))
}
