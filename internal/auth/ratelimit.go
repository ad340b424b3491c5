package auth

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"
)

// Limiter counts events per key in a window and says when a key has had
// too many. It guards sign-in against password guessing, and other calls
// against floods. Its counts live in memory for one instance, or in Redis
// so that several instances share one limit.
type Limiter struct {
	max    int
	window time.Duration
	counts counts
}

// counts is where a limiter keeps its events.
type counts interface {
	// take records one event unless max are recorded already; it reports
	// whether it did and, when not, how long until one is allowed again.
	take(ctx context.Context, key string, max int, window time.Duration) (bool, time.Duration, error)
	// peek reports the number of events in the window and how long until the oldest leaves it.
	peek(ctx context.Context, key string, window time.Duration) (int, time.Duration, error)
	undo(ctx context.Context, key string) error
	reset(ctx context.Context, key string) error
}

// NewLimiter allows max events per key within window, counted in memory.
// now is the clock (nil for time.Now).
func NewLimiter(max int, window time.Duration, now func() time.Time) *Limiter {
	if now == nil {
		now = time.Now
	}
	return &Limiter{max: max, window: window, counts: &memoryCounts{now: now, events: map[string][]time.Time{}}}
}

// NewRedisLimiter allows max events per key within window, counted in
// Redis under the deployment's prefix and name, shared by every instance
// of the deployment.
func NewRedisLimiter(rdb redis.Cmdable, prefix, name string, max int, window time.Duration) *Limiter {
	return &Limiter{max: max, window: window, counts: &redisCounts{rdb: rdb, prefix: prefix + ":limit:" + name + ":"}}
}

// Take records an attempt for key unless the limit is reached: counting
// before the work (a password hash) is what keeps parallel attempts from
// outrunning the limit. A refused attempt is not recorded; retryAfter says
// when to come back.
func (l *Limiter) Take(ctx context.Context, key string) (ok bool, retryAfter time.Duration, err error) {
	ok, retryAfter, err = l.counts.take(ctx, key, l.max, l.window)
	if err != nil {
		return false, 0, fmt.Errorf("rate limit %s: %w", key, err)
	}
	return ok, retryAfter, nil
}

// Check reports whether key has reached the limit and, if so, when it
// will not be.
func (l *Limiter) Check(ctx context.Context, key string) (blocked bool, retryAfter time.Duration, err error) {
	n, retry, err := l.counts.peek(ctx, key, l.window)
	if err != nil {
		return true, 0, fmt.Errorf("rate limit %s: %w", key, err)
	}
	return n >= l.max, retry, nil
}

// Undo takes back one attempt recorded by Take, as when it succeeded or
// was not the client's doing.
func (l *Limiter) Undo(ctx context.Context, key string) error {
	if err := l.counts.undo(ctx, key); err != nil {
		return fmt.Errorf("rate limit %s: %w", key, err)
	}
	return nil
}

// Forget drops every event of key, as after a successful sign-in.
func (l *Limiter) Forget(ctx context.Context, key string) error {
	if err := l.counts.reset(ctx, key); err != nil {
		return fmt.Errorf("rate limit %s: %w", key, err)
	}
	return nil
}

// memoryCounts is a sliding window per key.
type memoryCounts struct {
	now    func() time.Time
	mu     sync.Mutex
	events map[string][]time.Time
	swept  time.Time
}

func (m *memoryCounts) take(_ context.Context, key string, max int, window time.Duration) (bool, time.Duration, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	now := m.now()
	ts := m.recent(key, now, window)
	if len(ts) >= max {
		return false, ts[len(ts)-max].Add(window).Sub(now), nil
	}
	m.record(key, append(ts, now), now, window)
	return true, 0, nil
}

func (m *memoryCounts) peek(_ context.Context, key string, window time.Duration) (int, time.Duration, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	now := m.now()
	ts := m.recent(key, now, window)
	if len(ts) == 0 {
		return 0, 0, nil
	}
	return len(ts), ts[0].Add(window).Sub(now), nil
}

func (m *memoryCounts) undo(_ context.Context, key string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if ts := m.events[key]; len(ts) > 0 {
		m.events[key] = ts[:len(ts)-1]
	}
	return nil
}

func (m *memoryCounts) reset(_ context.Context, key string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	delete(m.events, key)
	return nil
}

func (m *memoryCounts) record(key string, ts []time.Time, now time.Time, window time.Duration) {
	m.events[key] = ts
	if now.Sub(m.swept) > window {
		m.sweep(now, window)
	}
}

func (m *memoryCounts) recent(key string, now time.Time, window time.Duration) []time.Time {
	ts := m.events[key]
	i := 0
	for i < len(ts) && now.Sub(ts[i]) >= window {
		i++
	}
	return ts[i:]
}

// sweep drops keys with no recent event so that memory stays bounded.
func (m *memoryCounts) sweep(now time.Time, window time.Duration) {
	for k := range m.events {
		if len(m.recent(k, now, window)) == 0 {
			delete(m.events, k)
		}
	}
	m.swept = now
}

// redisCounts is a fixed window per key: a counter that expires one window
// after its first event. Each step is one script, so that instances racing
// on a key cannot both take the last attempt.
type redisCounts struct {
	rdb    redis.Cmdable
	prefix string
}

var takeScript = redis.NewScript(`
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if n > tonumber(ARGV[2]) then
  redis.call('DECR', KEYS[1])
  return {0, ttl}
end
return {1, ttl}`)

var undoScript = redis.NewScript(`
local n = tonumber(redis.call('GET', KEYS[1]) or '0')
if n > 0 then redis.call('DECR', KEYS[1]) end
return n`)

func (r *redisCounts) take(ctx context.Context, key string, max int, window time.Duration) (bool, time.Duration, error) {
	res, err := takeScript.Run(ctx, r.rdb, []string{r.prefix + key}, window.Milliseconds(), max).Int64Slice()
	if err != nil {
		return false, 0, err
	}
	return res[0] == 1, time.Duration(res[1]) * time.Millisecond, nil
}

func (r *redisCounts) peek(ctx context.Context, key string, _ time.Duration) (int, time.Duration, error) {
	n, err := r.rdb.Get(ctx, r.prefix+key).Int()
	if errors.Is(err, redis.Nil) {
		return 0, 0, nil
	}
	if err != nil {
		return 0, 0, err
	}
	ttl, err := r.rdb.PTTL(ctx, r.prefix+key).Result()
	if err != nil {
		return 0, 0, err
	}
	return n, max(ttl, 0), nil
}

func (r *redisCounts) undo(ctx context.Context, key string) error {
	return undoScript.Run(ctx, r.rdb, []string{r.prefix + key}).Err()
}

func (r *redisCounts) reset(ctx context.Context, key string) error {
	return r.rdb.Del(ctx, r.prefix+key).Err()
}

// Limiters makes the limiters of a deployment: counted in Redis under its
// prefix when rdb is set, so that every instance shares them, else in
// this process's memory. The services take it as their NewLimiter.
func Limiters(rdb redis.Cmdable, prefix string) func(name string, max int, window time.Duration) *Limiter {
	return func(name string, max int, window time.Duration) *Limiter {
		if rdb != nil {
			return NewRedisLimiter(rdb, prefix, name, max, window)
		}
		return NewLimiter(max, window, nil)
	}
}
