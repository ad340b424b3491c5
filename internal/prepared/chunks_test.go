package prepared

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// Over random insertions, moves and removals, the chunks hold the
// elements in order, joined by commas, and every chunk a change touched
// is among those it says need packing.
func TestListChangesKeepTheElementsInOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	want := map[int64]element{}
	frag := func(id, order int64) []byte {
		return []byte(fmt.Sprintf(`{"id":%d,"order":%d,"pad":"%s"}`, id, order, bytes.Repeat([]byte("x"), rng.IntN(3000))))
	}
	var initial []element
	for id := int64(1); id <= 200; id++ {
		e := element{key{id % 7, id}, frag(id, id%7)}
		want[id] = e
		initial = append(initial, e)
	}
	slices.SortFunc(initial, func(a, b element) int { return a.key.compare(b.key) })
	l := list{chunks: split(initial), orders: map[int64]int64{}}
	for i, c := range l.chunks {
		c.lead = i > 0
	}
	for _, e := range initial {
		l.orders[e.key.id] = e.key.order
	}
	pack := func(made []*chunk) {
		for _, c := range made {
			c.packed = packed{gz: []byte{0}}
		}
	}
	pack(l.chunks)
	next := int64(201)
	for round := range 300 {
		var upserts []element
		var removed []int64
		used := map[int64]bool{} // a change names an element once (derive reads each once)
		for range 1 + rng.IntN(6) {
			id := int64(1 + rng.IntN(int(next)))
			if used[id] || used[next] {
				continue
			}
			used[id] = true
			switch rng.IntN(3) {
			case 0:
				removed = append(removed, id)
				delete(want, id)
			case 1: // moved in the order, or new
				order := int64(rng.IntN(9))
				e := element{key{order, id}, frag(id, order)}
				upserts = append(upserts, e)
				want[id] = e
			default:
				e := element{key{order: int64(rng.IntN(9)), id: next}, nil}
				e.frag = frag(next, e.key.order)
				upserts = append(upserts, e)
				want[next] = e
				used[next] = true
				next++
			}
		}
		var made []*chunk
		l, made = l.change(upserts, removed)
		pack(made)
		var all []element
		for _, e := range want {
			all = append(all, e)
		}
		slices.SortFunc(all, func(a, b element) int { return a.key.compare(b.key) })
		var wantRaw, gotRaw []byte
		for i, e := range all {
			if i > 0 {
				wantRaw = append(wantRaw, ',')
			}
			wantRaw = append(wantRaw, e.frag...)
		}
		for _, c := range l.chunks {
			if len(c.gz) == 0 {
				t.Fatalf("round %d: a changed chunk was not listed for packing", round)
			}
			if len(c.elems) == 0 {
				t.Fatalf("round %d: an empty chunk", round)
			}
			gotRaw = c.appendRaw(gotRaw)
		}
		if !bytes.Equal(gotRaw, wantRaw) {
			t.Fatalf("round %d: the chunks hold\n%.300s\nwant\n%.300s", round, gotRaw, wantRaw)
		}
		if len(l.orders) != len(want) {
			t.Fatalf("round %d: %d orders for %d elements", round, len(l.orders), len(want))
		}
	}
}
