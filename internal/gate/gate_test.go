package gate

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

var errBusy = errors.New("busy")

// However many callers ask at once, no more than the gate's slots run
// together; a caller that finds it full past the wait is refused with the
// gate's error.
func TestSecurityGateBoundsConcurrency(t *testing.T) {
	g := New(2, 20*time.Millisecond, errBusy)
	var running, peak, busy atomic.Int32
	var wg sync.WaitGroup
	for range 12 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			release, err := g.Acquire(context.Background())
			if err != nil {
				if err != errBusy {
					t.Error(err)
				}
				busy.Add(1)
				return
			}
			n := running.Add(1)
			for p := peak.Load(); n > p && !peak.CompareAndSwap(p, n); p = peak.Load() {
			}
			time.Sleep(30 * time.Millisecond)
			running.Add(-1)
			release()
		}()
	}
	wg.Wait()
	if peak.Load() > 2 || busy.Load() == 0 {
		t.Fatalf("peak %d at once with 2 slots; %d refused", peak.Load(), busy.Load())
	}
	if got := g.Started(); got != uint64(12-busy.Load()) {
		t.Fatalf("started %d, want %d", got, 12-busy.Load())
	}
}

// A caller whose request ends while it waits gives up at once.
func TestGateWaitEndsWithTheContext(t *testing.T) {
	g := New(1, time.Minute, errBusy)
	release, err := g.Acquire(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer release()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	if _, err := g.Acquire(ctx); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err %v, want the context's", err)
	}
}
