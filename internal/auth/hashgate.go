package auth

import (
	"context"
	"runtime"
	"time"

	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/gate"
)

// An argon2id hash takes 64 MiB and a core for a fraction of a second. Run
// unbounded, a burst of sign-ins (or registrations, resets, password
// changes) would take gigabytes and starve every other request. The gate
// admits about one hash per core; the rest wait briefly, then are refused
// with 503 and Retry-After. It is per process on purpose: what it protects
// is this process's memory and CPU, whatever the configuration.

// HashRetryAfter is what a caller refused by the gate is told to wait.
const HashRetryAfter = 2 * time.Second

// ErrHashBusy is returned when no hash slot freed up in time.
var ErrHashBusy = &domain.Error{Code: domain.CodeBusy, Message: "the server is busy signing others in; try again in a moment",
	RetryAfter: HashRetryAfter}

var hashGate = gate.New(runtime.GOMAXPROCS(0), 2*time.Second, ErrHashBusy)

// HashConcurrency is how many hashes may run at once.
func HashConcurrency() int { return hashGate.Capacity() }

// HashesStarted is how many password hashes this process has begun.
func HashesStarted() uint64 { return hashGate.Started() }

// HoldHashSlot takes one hash slot as a hash would, for as long as the
// caller holds it (tests use it to fill the gate).
func HoldHashSlot() (release func(), err error) { return hashGate.Acquire(context.Background()) }
