package auth

import (
	"runtime"
	"sync/atomic"
	"time"

	"github.com/strata-maps/strata/internal/domain"
)

// An argon2id hash takes 64 MiB and a core for a fraction of a second. Run
// unbounded, a burst of sign-ins (or registrations, resets, password
// changes) would take gigabytes and starve every other request. The gate
// admits about one hash per core; the rest wait briefly, then are refused
// with 503 and Retry-After. It is per process on purpose: what it protects
// is this process's memory and CPU, whatever the configuration.
var hashGate = newGate(runtime.GOMAXPROCS(0), 2*time.Second)

// HashRetryAfter is what a caller refused by the gate is told to wait.
const HashRetryAfter = 2 * time.Second

// ErrHashBusy is returned when no hash slot freed up in time.
var ErrHashBusy = &domain.Error{Code: domain.CodeBusy, Message: "the server is busy signing others in; try again in a moment",
	RetryAfter: HashRetryAfter}

type gate struct {
	slots chan struct{}
	wait  time.Duration
	// started counts every hash begun, for tests and metrics.
	started atomic.Uint64
}

func newGate(n int, wait time.Duration) *gate {
	return &gate{slots: make(chan struct{}, max(n, 1)), wait: wait}
}

// acquire takes a slot, waiting at most g.wait, and returns its release.
func (g *gate) acquire() (func(), error) {
	select {
	case g.slots <- struct{}{}:
	default:
		t := time.NewTimer(g.wait)
		defer t.Stop()
		select {
		case g.slots <- struct{}{}:
		case <-t.C:
			return nil, ErrHashBusy
		}
	}
	g.started.Add(1)
	return func() {
		// The hash's 64 MiB is garbage now. Collected before the slot frees,
		// the next hash reuses it; left to the pacer, a burst piled up five
		// or six such blocks (350 MB on two cores) before it caught up.
		runtime.GC()
		<-g.slots
	}, nil
}

// HashConcurrency is how many hashes may run at once.
func HashConcurrency() int { return cap(hashGate.slots) }

// HashesStarted is how many password hashes this process has begun.
func HashesStarted() uint64 { return hashGate.started.Load() }

// HoldHashSlot takes one hash slot as a hash would, for as long as the
// caller holds it (tests use it to fill the gate).
func HoldHashSlot() (release func(), err error) { return hashGate.acquire() }
