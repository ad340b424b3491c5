package live

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"math"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/strata-maps/strata/internal/domain"
)

// The hand-written batch is the protocol's frame byte for byte, for any
// finite coordinates: those of the shortest, exponent and negative forms
// and random bit patterns.
func TestPointerBatchIsEncodedAsTheProtocolSays(t *testing.T) {
	values := []float64{0, math.Copysign(0, -1), 1, -1, 0.5, 1e-6, 9.99e-7, 1e-7, 1.5e-300, 1e20, 1e21, 1.2345e21, -3e-9,
		math.MaxFloat64, math.SmallestNonzeroFloat64, 123456.789, 1.0 / 3}
	rng := rand.New(rand.NewPCG(1, 2))
	for len(values) < 2000 {
		f := math.Float64frombits(rng.Uint64())
		if !math.IsNaN(f) && !math.IsInf(f, 0) {
			values = append(values, f)
		}
	}
	var buf []byte
	for i := 0; i+1 < len(values); i += 2 {
		ups := []PointerUpdate{{ID: int64(i), X: values[i], Y: values[i+1]}, {ID: -7, X: values[i+1], Y: 2}}
		buf = appendPointersFrame(buf[:0], ups)
		if want := encodeFrame(EvUpdatedUserState, PointersFrame{Users: ups}); !bytes.Equal(buf, want) {
			t.Fatalf("batch\n got %s\nwant %s", buf, want)
		}
	}
}

// The quick reading of pointer frames agrees with the general one wherever
// it answers, and leaves every other shape to it.
func TestPointerFramesAreReadAsTheGeneralReadingWould(t *testing.T) {
	var c conn
	taken := []string{
		`{"event":"update_user_state","data":{"x":1.5,"y":-2}}`,
		`{ "data" : { "y" : 1e3 , "x" : 0 } , "event" : "update_user_state" }`,
		`{"event":"update_user_state","data":{"x":1e-7,"y":123456789.123456789}}`,
	}
	for _, s := range taken {
		p, ok := c.pointerFrame([]byte(s))
		var f Frame
		var want Pointer
		if err := errorsJoin(json.Unmarshal([]byte(s), &f), json.Unmarshal(f.Data, &want)); err != nil {
			t.Fatal(err)
		}
		if !ok || p != want {
			t.Errorf("%s: got %v %v, want %v", s, p, ok, want)
		}
	}
	left := []string{
		`{"event":"update_user_state","data":{"X":1,"Y":2}}`,       // letter case: the general reading matches it
		`{"event":"update_user_state","data":{"x":1,"x":2,"y":3}}`, // duplicates: the general reading takes the last
		`{"event":"update_user_state","data":{"x":"1","y":2}}`,
		`{"event":"update_user_state","data":{"x":1}}`,
		`{"event":"update_user_state","data":{"x":1e400,"y":2}}`,
		`{"event":"update_user_state","data":null}`,
		`{"event":"update_user_state","data":{"x":1,"y":2},"more":1}`,
		`{"event":"start_editing_element","data":{"x":1,"y":2}}`,
		`{"event":"update_user_state","data":{"x":1,"y":2}`,
		`[1,2]`,
	}
	for _, s := range left {
		if p, ok := c.pointerFrame([]byte(s)); ok {
			t.Errorf("%s: read as %v; it is the general reading's to judge", s, p)
		}
	}
}

func errorsJoin(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// Reading a pointer frame allocates nothing.
func BenchmarkPointerFrameRead(b *testing.B) {
	var c conn
	frame := []byte(`{"event":"update_user_state","data":{"x":1234.567,"y":89.5}}`)
	b.ReportAllocs()
	for b.Loop() {
		if _, ok := c.pointerFrame(frame); !ok {
			b.Fatal("not read")
		}
	}
}

// allowAll admits every socket with edit rights.
type allowAll struct{}

func (allowAll) Member(context.Context, string, int64) (Member, error) {
	return Member{CanEdit: true}, nil
}
func (allowAll) Exists(context.Context, int64, string, string) (bool, error) {
	return true, nil
}

// BenchmarkPointerFanOut is one map's batch of ten pointers going out to
// its ten sockets, from the batch's encoding to the bytes on each socket
// (read by clients that drop them): allocs/op must stay 0.
func BenchmarkPointerFanOut(b *testing.B) {
	const editors = 10
	h := NewHub(NewMemoryState(), NewMemoryBus(), slog.New(slog.NewTextHandler(io.Discard, nil)), Options{Access: allowAll{}})
	defer h.Close()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var id int64
		fmt.Sscan(r.URL.Query().Get("user"), &id)
		h.Serve(w, r, 1, Member{User: domain.User{ID: id, Name: "U"}, CanEdit: true}, 1)
	}))
	defer srv.Close()
	got := make(chan struct{}, 16*editors)
	for i := 1; i <= editors; i++ {
		ws, _, err := websocket.Dial(context.Background(), "ws"+strings.TrimPrefix(srv.URL, "http")+fmt.Sprintf("/?user=%d", i), nil)
		if err != nil {
			b.Fatal(err)
		}
		defer ws.CloseNow()
		// Frames up to the first batch (connected, joins) are skipped.
		for {
			_, msg, err := ws.Read(context.Background())
			if err != nil {
				b.Fatal(err)
			}
			if bytes.Contains(msg, []byte(EvConnected)) {
				break
			}
		}
		go func() {
			for {
				_, r, err := ws.Reader(context.Background())
				if err != nil {
					return
				}
				if _, err := io.Copy(io.Discard, r); err != nil {
					return
				}
				got <- struct{}{}
			}
		}()
	}
	// The others' joins still under way are let through and dropped
	// before the timing starts.
	time.Sleep(200 * time.Millisecond)
	for len(got) > 0 {
		<-got
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		h.mu.Lock()
		r := h.rooms[1]
		for u := int64(1); u <= editors; u++ {
			r.pointers[u] = Pointer{X: float64(i), Y: float64(u)}
		}
		h.mu.Unlock()
		h.flushPointers(everySlot)
		for range editors {
			<-got
		}
	}
}
