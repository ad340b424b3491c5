package main

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/strata-maps/strata/bench/internal/benchenv"
	"github.com/strata-maps/strata/internal/demo"
	"github.com/strata-maps/strata/internal/store"
)

// getOnce reads the map's document compressed, as a browser does, and
// answers how long it took and its compressed size.
func getOnce(c *benchenv.Client, mapID int64) (time.Duration, int, error) {
	start := time.Now()
	status, body, err := c.Do("GET", fmt.Sprintf("/api/v1/maps/%d", mapID), nil, map[string]string{"Accept-Encoding": "gzip"})
	d := time.Since(start)
	if err != nil {
		return 0, 0, err
	}
	if status != 200 {
		return 0, 0, fmt.Errorf("GET map: %d", status)
	}
	return d, len(body), nil // gzip: the transport does not decompress when the header is set by hand
}

// loadedGet is what reading the document under the single-change load
// measured.
type loadedGet struct {
	p50, p95, slowest time.Duration
	reads             int
	// The changes' own latency during the same run.
	changeP50, changeP99 time.Duration
	changes              int
}

// readsPerSecond paces the reader under load: a map opened ten times a
// second is a busy map, and a reader as fast as it is answered would
// measure how many reads the machine's two cores serve beside the editors,
// not how long one waits.
const readsPerSecond = 10

// measureGetUnderLoad reads the document readsPerSecond times a second
// while the editors make single node changes (issue 18's load: the
// revision moves about editors × rate times a second).
func measureGetUnderLoad(reader *benchenv.Client, editors []*benchenv.Client, mapID int64, ids []int64, rate float64, dur time.Duration) (loadedGet, error) {
	var (
		res      loadedGet
		ds       []time.Duration
		loadErr  error
		wg       sync.WaitGroup
		deadline = time.Now().Add(dur)
	)
	wg.Add(1)
	go func() {
		defer wg.Done()
		res.changeP50, res.changeP99, res.changes, loadErr = measureSingle(editors, mapID, ids, rate, dur)
	}()
	time.Sleep(time.Second) // the load under way first
	tick := time.NewTicker(time.Second / readsPerSecond)
	defer tick.Stop()
	for ; time.Now().Before(deadline); <-tick.C {
		d, _, err := getOnce(reader, mapID)
		if err != nil {
			wg.Wait()
			return res, err
		}
		ds = append(ds, d)
	}
	wg.Wait()
	if loadErr != nil {
		return res, loadErr
	}
	res.p50, res.p95, res.slowest, res.reads = benchenv.Percentile(ds, 50), benchenv.Percentile(ds, 95), benchenv.Percentile(ds, 100), len(ds)
	return res, nil
}

// largeGet is what reading a 100,000-node map measured.
type largeGet struct {
	nodes, edges int
	generate     time.Duration
	// first is the first read, which builds the prepared document from
	// the rows; warm is the p50 of the reads after it.
	first, warm time.Duration
	size        int
}

// measureLarge generates a map of n nodes, every one on every level, and
// reads its document.
func measureLarge(ctx context.Context, s *store.Store, clientID int64, reader *benchenv.Client, n int) (largeGet, error) {
	var res largeGet
	fmt.Printf("generating a map of %d nodes, every one on every level…\n", n)
	start := time.Now()
	m, err := demo.Generate(ctx, s, clientID, "Large", demo.Generation{Nodes: n, EveryLevel: true})
	if err != nil {
		return res, err
	}
	res.generate = time.Since(start)
	edges, err := s.EdgesOfMap(ctx, m.ID)
	if err != nil {
		return res, err
	}
	res.nodes, res.edges = n, len(edges)
	if res.first, res.size, err = getOnce(reader, m.ID); err != nil {
		return res, err
	}
	var ds []time.Duration
	for range 5 {
		d, _, err := getOnce(reader, m.ID)
		if err != nil {
			return res, err
		}
		ds = append(ds, d)
	}
	res.warm = benchenv.Percentile(ds, 50)
	return res, nil
}
