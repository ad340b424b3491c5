package live

import (
	"context"
	"math"
	"strconv"
	"sync"
	"sync/atomic"
)

// The pointer fan-out is the channel's hot path: at 1,000 sockets it runs
// 20 batches a second per socket. Each map's batch is encoded once, into a
// pooled buffer, and the same bytes are queued to every socket of the map;
// nothing on the way allocates (BenchmarkPointerFanOut holds it to zero).

// sharedFrame is one encoded frame queued to several sockets: the last
// writer to finish with it returns it to its pool.
type sharedFrame struct {
	b    []byte
	refs atomic.Int32
	pool *sync.Pool
}

func (f *sharedFrame) release() {
	if f.refs.Add(-1) == 0 {
		f.b = f.b[:0]
		f.pool.Put(f)
	}
}

// outgoing is a frame in a socket's queue.
type outgoing struct {
	data []byte
	// shared is released once the frame is written or dropped; nil for a
	// frame of one socket alone.
	shared *sharedFrame
}

func newFramePool() *sync.Pool {
	p := &sync.Pool{}
	p.New = func() any { return &sharedFrame{b: make([]byte, 0, 1024), pool: p} }
	return p
}

// Each room's batch goes out every PointerInterval, in one of
// pointerSlots slots of the interval given to rooms in turn: sending every
// map's batch at the same tick would queue a thousand writes at once on a
// core, the last of them late by the time the others take.
const pointerSlots = 10

// everySlot flushes every room at once (tests).
const everySlot = -1

// flushPointers sends the pointers that moved since the last batch of each
// map of the slot to its sockets here and, when other instances may have
// sockets of the map, over the bus.
func (h *Hub) flushPointers(slot int) {
	var remote []envelopeTo
	h.mu.Lock()
	for id, r := range h.rooms {
		if len(r.pointers) == 0 || (slot != everySlot && r.slot != slot) {
			continue
		}
		r.ups = r.ups[:0]
		for uid, p := range r.pointers {
			r.ups = append(r.ups, PointerUpdate{ID: uid, X: p.X, Y: p.Y})
		}
		clear(r.pointers)
		f := h.frames.Get().(*sharedFrame)
		f.b = appendPointersFrame(f.b[:0], r.ups)
		// The fan-out's own reference keeps the frame from going back to
		// the pool before every socket has it queued.
		f.refs.Store(1)
		for c := range r.conns {
			f.refs.Add(1)
			c.push(outgoing{data: f.b, shared: f})
		}
		if h.othersMayListen(id) {
			// The bus keeps what it is given: a copy, not the pooled bytes.
			remote = append(remote, envelopeTo{mapID: id, env: envelope{Frame: append([]byte(nil), f.b...), Origin: h.instance}})
		}
		f.release()
	}
	h.mu.Unlock()
	for _, m := range remote {
		h.publish(context.Background(), m.mapID, m.env)
	}
}

type envelopeTo struct {
	mapID int64
	env   envelope
}

// othersMayListen reports whether a hub other than this one may have
// sockets of the map: always over Redis; on a MemoryBus only when another
// hub of this process subscribes it.
func (h *Hub) othersMayListen(mapID int64) bool {
	if b, ok := h.bus.(interface{ listeners(mapID int64) int }); ok {
		return b.listeners(mapID) > 1
	}
	return true
}

// appendPointersFrame appends the updated_user_state frame of ups, byte for
// byte what encodeFrame makes of PointersFrame{Users: ups}.
func appendPointersFrame(b []byte, ups []PointerUpdate) []byte {
	b = append(b, `{"event":"`+EvUpdatedUserState+`","data":{"users":[`...)
	for i, u := range ups {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"id":`...)
		b = strconv.AppendInt(b, u.ID, 10)
		b = append(b, `,"x":`...)
		b = appendJSONFloat(b, u.X)
		b = append(b, `,"y":`...)
		b = appendJSONFloat(b, u.Y)
		b = append(b, '}')
	}
	return append(b, "]}}"...)
}

// appendJSONFloat formats a finite float as encoding/json does: the
// shortest form, with an exponent only for very small or large magnitudes.
func appendJSONFloat(b []byte, f float64) []byte {
	format := byte('f')
	if abs := math.Abs(f); abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	b = strconv.AppendFloat(b, f, format, -1, 64)
	if format == 'e' {
		// e-09 → e-9, as encoding/json writes it.
		if n := len(b); n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b
}
