package api

import (
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// A flood of /readyz calls runs the write probes once per probeEvery, not
// once per call: the probes take the database's write lock and sync a file.
func TestSecurityReadinessFloodRunsTheWriteProbeOnce(t *testing.T) {
	var p writeProbe
	var runs atomic.Int32
	probe := func() (string, error) {
		runs.Add(1)
		time.Sleep(20 * time.Millisecond)
		return "", nil
	}
	now := time.Now()
	var wg sync.WaitGroup
	for range 200 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p.run(now, probe)
		}()
	}
	wg.Wait()
	if n := runs.Load(); n != 1 {
		t.Fatalf("200 calls at once ran the probe %d times, want 1", n)
	}
	p.run(now.Add(probeEvery+time.Millisecond), probe)
	if n := runs.Load(); n != 2 {
		t.Fatalf("a call after %v did not probe again (%d runs)", probeEvery, n)
	}
}
