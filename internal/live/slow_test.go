package live

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/strata-maps/strata/internal/domain"
)

// slowRoom is a hub with two sockets on map 1: one that reads and counts
// the pointer batches it gets, one that reads nothing.
func slowRoom(t *testing.T, writeStall time.Duration) (h *Hub, batches *atomic.Int64) {
	t.Helper()
	h = NewHub(NewMemoryState(), NewMemoryBus(), slog.New(slog.NewTextHandler(io.Discard, nil)), Options{Access: allowAll{}})
	h.writeStall = writeStall
	t.Cleanup(h.Close)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var id int64
		fmt.Sscan(r.URL.Query().Get("user"), &id)
		h.Serve(w, r, 1, Member{User: domain.User{ID: id, Name: "U"}, CanEdit: true}, 1)
	}))
	t.Cleanup(srv.Close)
	dial := func(user int) *websocket.Conn {
		ws, _, err := websocket.Dial(context.Background(), "ws"+strings.TrimPrefix(srv.URL, "http")+fmt.Sprintf("/?user=%d", user), nil)
		if err != nil {
			t.Fatal(err)
		}
		ws.SetReadLimit(1 << 20)
		t.Cleanup(func() { ws.CloseNow() })
		return ws
	}
	fast := dial(1)
	batches = &atomic.Int64{}
	go func() {
		for {
			_, b, err := fast.Read(context.Background())
			if err != nil {
				return
			}
			if strings.Contains(string(b), EvUpdatedUserState) {
				batches.Add(1)
			}
		}
	}()
	dial(2) // never read
	waitFor(t, 5*time.Second, "both sockets in the room", func() bool { return roomSize(h) == 2 })
	return h, batches
}

func roomSize(h *Hub) int {
	h.mu.Lock()
	defer h.mu.Unlock()
	if r := h.rooms[1]; r != nil {
		return len(r.conns)
	}
	return 0
}

// flushBatches sends n pointer batches of users pointers each to map 1,
// and stops should the room be gone (both sockets dropped, as on a machine
// too loaded to read in time): the caller's wait then fails and says so,
// where writing into the missing room panicked with the hub's lock held
// and the hub's cleanup waited for it until the test binary timed out.
func flushBatches(h *Hub, n, users int) {
	for i := range n {
		h.mu.Lock()
		r := h.rooms[1]
		if r == nil {
			h.mu.Unlock()
			return
		}
		for u := range users {
			r.pointers[int64(1000+u)] = Pointer{X: float64(i), Y: float64(u)}
		}
		h.mu.Unlock()
		h.flushPointers(everySlot)
	}
}

func waitFor(t *testing.T, d time.Duration, what string, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(d)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatalf("no %s within %v", what, d)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// A socket that stops reading falls behind alone: the other socket of the
// map gets every batch, and once the silent one's queue is full it is
// closed (1013) and leaves the room.
func TestASlowSocketIsDroppedWithoutHoldingUpTheOthers(t *testing.T) {
	h, batches := slowRoom(t, time.Minute)
	const n = 3 * sendQueue
	start := time.Now()
	flushBatches(h, n, 200) // 8 KB a batch: the silent socket's buffers fill long before the end
	if took := time.Since(start); took > 10*time.Second {
		t.Errorf("queuing %d batches took %v: the fan-out waited for a socket", n, took)
	}
	waitFor(t, 10*time.Second, "batches at the reading socket", func() bool { return batches.Load() == n })
	waitFor(t, 15*time.Second, "drop of the silent socket", func() bool { return roomSize(h) == 1 })
}

// A write that does not end within the stall limit drops its socket even
// while its queue has room.
func TestASocketWhoseWriteStallsIsDropped(t *testing.T) {
	h, batches := slowRoom(t, 300*time.Millisecond)
	const n = sendQueue / 2
	flushBatches(h, n, 1500) // 60 KB a batch: 30 MB, beyond any socket buffer
	waitFor(t, 10*time.Second, "batches at the reading socket", func() bool { return batches.Load() == n })
	waitFor(t, 5*time.Second, "drop of the stalled socket", func() bool { return roomSize(h) == 1 })
}
