package auth

import (
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestSecurityHashGateBoundsConcurrency: however many hashes are asked for
// at once, no more than the gate's slots run together; a caller that finds
// it full past the wait is refused with ErrHashBusy.
func TestSecurityHashGateBoundsConcurrency(t *testing.T) {
	g := newGate(2, 20*time.Millisecond)
	var running, peak atomic.Int32
	var busy atomic.Int32
	var wg sync.WaitGroup
	for i := 0; i < 12; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			release, err := g.acquire()
			if err != nil {
				if err != ErrHashBusy {
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
		t.Fatalf("peak %d hashes at once with 2 slots; %d refused", peak.Load(), busy.Load())
	}
	if got := g.started.Load(); got != uint64(12-busy.Load()) {
		t.Fatalf("started %d, want %d", got, 12-busy.Load())
	}
}
