package api

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"sync"
	"time"

	"github.com/strata-maps/strata/internal/domain"
)

// healthz answers while the process is up.
func (s *Server) healthz(w http.ResponseWriter, _ *http.Request) {
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
}

// readyz answers 200 only while this instance can do its work: the
// database answers and takes writes, the data directory takes files, and
// Redis, when configured, answers (without it no live channel, no shared
// rate limit).
// A load balancer then sends no users to an instance whose every save
// would fail. The probes change nothing lasting.
func (s *Server) readyz(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	fail := func(what string, err error) {
		s.log.Warn("readiness check failed", "check", what, "err", err)
		writeError(w, r, s.log, domain.Errorf(domain.CodeUnavailable, "%s", what))
	}
	if err := s.store.Ping(ctx); err != nil {
		fail("the database does not answer", err)
		return
	}
	if s.redis != nil {
		// Its own, shorter bound: a Redis that does not answer must not
		// hold the load balancer's probe up to its timeout.
		rctx, cancel := context.WithTimeout(ctx, redisPingTimeout)
		err := s.redis.Ping(rctx).Err()
		cancel()
		if err != nil {
			fail("Redis does not answer", err)
			return
		}
	}
	if what, err := s.writeProbe.run(time.Now(), func() (string, error) {
		// Not the request's context: the answer is shared with other
		// callers, whom this one going away must not fail.
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		if err := s.store.CheckWritable(ctx); err != nil {
			return "the database does not take writes", err
		}
		if s.dataDir != "" {
			if err := checkDirWritable(s.dataDir); err != nil {
				return "the data directory does not take files", err
			}
		}
		return "", nil
	}); err != nil {
		fail(what, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
}

// redisPingTimeout bounds /readyz's PING to Redis.
const redisPingTimeout = time.Second

// probeEvery is how long the write probes' answer holds.
const probeEvery = time.Second

// writeProbe runs the write probes at most once per probeEvery, however
// often /readyz is called: each takes the database's write lock and syncs a
// file, which a flood of anonymous calls must not turn into load on the
// editors' saves. Callers meanwhile wait for the running probe and share
// its answer.
type writeProbe struct {
	mu   sync.Mutex
	at   time.Time
	what string
	err  error
}

func (p *writeProbe) run(now time.Time, probe func() (string, error)) (string, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.at.IsZero() && now.Sub(p.at) < probeEvery {
		return p.what, p.err
	}
	p.what, p.err = probe()
	p.at = now
	return p.what, p.err
}

// checkDirWritable creates, syncs and removes a small file in dir: a
// read-only or full file system, lost permissions, or a directory that is
// gone each make it fail.
func checkDirWritable(dir string) error {
	f, err := os.CreateTemp(dir, ".readyz-*")
	if err != nil {
		return fmt.Errorf("create a file in %s: %w", dir, err)
	}
	_, werr := f.Write([]byte("ok\n"))
	if werr == nil {
		werr = f.Sync()
	}
	cerr := f.Close()
	rerr := os.Remove(f.Name())
	for _, err := range []error{werr, cerr, rerr} {
		if err != nil {
			return fmt.Errorf("write a file in %s: %w", dir, err)
		}
	}
	return nil
}
