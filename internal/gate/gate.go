// Package gate bounds how many of one costly kind of work (a password
// hash, an image decode) run at once in this process. Callers past the
// bound wait briefly for a slot, then are refused with the gate's error,
// which the API answers 503 with Retry-After. A gate is per process on
// purpose: what it protects is this process's memory and CPU.
package gate

import (
	"context"
	"runtime"
	"sync/atomic"
	"time"
)

// Gate admits at most its capacity of callers at once.
type Gate struct {
	slots chan struct{}
	wait  time.Duration
	busy  error
	// started counts every slot taken, for tests and metrics.
	started atomic.Uint64
}

// New makes a gate of n slots (at least one) whose callers wait at most
// wait for a slot before they are refused with busy.
func New(n int, wait time.Duration, busy error) *Gate {
	return &Gate{slots: make(chan struct{}, max(n, 1)), wait: wait, busy: busy}
}

// Acquire takes a slot, waiting at most the gate's wait, and returns its
// release. The work a gate bounds leaves a large block of garbage (a
// hash's 64 MiB, an image's pixels): release collects it before the slot
// frees, so that the next caller reuses that memory; left to the pacer, a
// burst piled up several such blocks before it caught up.
func (g *Gate) Acquire(ctx context.Context) (release func(), err error) {
	select {
	case g.slots <- struct{}{}:
	default:
		t := time.NewTimer(g.wait)
		defer t.Stop()
		select {
		case g.slots <- struct{}{}:
		case <-t.C:
			return nil, g.busy
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	g.started.Add(1)
	return func() {
		runtime.GC()
		<-g.slots
	}, nil
}

// Capacity is how many callers may hold a slot at once.
func (g *Gate) Capacity() int { return cap(g.slots) }

// Started is how many slots were ever taken.
func (g *Gate) Started() uint64 { return g.started.Load() }
