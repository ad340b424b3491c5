package auth

import (
	"sync"
	"time"
)

// Limiter counts events per key in a sliding window and says when a key
// has had too many. It guards sign-in against password guessing. It lives
// in one process; with several instances each counts its own share.
type Limiter struct {
	max    int
	window time.Duration
	now    func() time.Time

	mu     sync.Mutex
	events map[string][]time.Time
	swept  time.Time
}

// NewLimiter allows max events per key within window.
func NewLimiter(max int, window time.Duration, now func() time.Time) *Limiter {
	if now == nil {
		now = time.Now
	}
	return &Limiter{max: max, window: window, now: now, events: map[string][]time.Time{}}
}

// Blocked reports whether key has reached the limit.
func (l *Limiter) Blocked(key string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.recent(key, l.now())) >= l.max
}

// Add records one event for key.
func (l *Limiter) Add(key string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	l.events[key] = append(l.recent(key, now), now)
	if now.Sub(l.swept) > l.window {
		l.sweep(now)
	}
}

// Reset forgets key, as after a successful sign-in.
func (l *Limiter) Reset(key string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	delete(l.events, key)
}

func (l *Limiter) recent(key string, now time.Time) []time.Time {
	ts := l.events[key]
	i := 0
	for i < len(ts) && now.Sub(ts[i]) >= l.window {
		i++
	}
	return ts[i:]
}

// sweep drops keys with no recent event so that memory stays bounded.
func (l *Limiter) sweep(now time.Time) {
	for k := range l.events {
		if len(l.recent(k, now)) == 0 {
			delete(l.events, k)
		}
	}
	l.swept = now
}
