// Command document measures the map document's bars (issue 4):
//
//	(a) persisted node changes per second through the batched PATCH,
//	(b) p99 of a single node change with 100 concurrent editors,
//	(c) GET /maps/{id} of a 10,000-node, 20,000-edge map: time and
//	    compressed size,
//
// and issue 18's bars of reading it:
//
//	(d) GET /maps/{id} of that map while 100 editors each change a node
//	    once a second (p50 ≤ 50 ms on PostgreSQL),
//	(e) GET /maps/{id} of a 100,000-node map, every node on every level
//	    (≤ 1 s, ≤ 12 MB compressed).
//
// It runs against a fresh PostgreSQL database (or SQLite with
// --database-url "") and appends its figures to docs/benchmarks.md.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"runtime/pprof"
	"strings"
	"sync"
	"time"

	"github.com/strata-maps/strata/bench/internal/benchenv"
	"github.com/strata-maps/strata/internal/auth"
	"github.com/strata-maps/strata/internal/demo"
	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/editing"
	"github.com/strata-maps/strata/internal/store"
)

func main() {
	dbURL := flag.String("database-url", "postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable", `PostgreSQL server to create a scratch database on ("" for SQLite)`)
	nodes := flag.Int("nodes", 10000, "nodes of the generated map")
	editors := flag.Int("editors", 100, "concurrent editors for the single-change latency")
	rate := flag.Float64("rate", 1, "changes per second each editor makes")
	seconds := flag.Int("seconds", 20, "how long each load runs")
	out := flag.String("out", "docs/benchmarks.md", "file to append the results to")
	profile := flag.String("cpuprofile", "", "write a CPU profile of the whole run to this file")
	only := flag.String("only", "", "run only one measure: get, batched, single, loaded, large or versions")
	large := flag.Int("large", 100000, "nodes of the large map read whole (0 skips it)")
	flag.Parse()
	if *profile != "" {
		f, err := os.Create(*profile)
		if err == nil {
			err = pprof.StartCPUProfile(f)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "bench document:", err)
			os.Exit(1)
		}
		defer pprof.StopCPUProfile()
	}
	onlyMeasure = *only
	if err := run(context.Background(), *dbURL, *nodes, *large, *editors, *rate, time.Duration(*seconds)*time.Second, *out); err != nil {
		pprof.StopCPUProfile()
		fmt.Fprintln(os.Stderr, "bench document:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, dbURL string, n, largeNodes, editors int, rate float64, dur time.Duration, out string) error {
	s, cleanup, err := benchenv.FreshStore(ctx, dbURL)
	if err != nil {
		return err
	}
	defer cleanup()
	dbName := "PostgreSQL"
	if s.Dialect() == store.SQLite {
		dbName = "SQLite"
	}
	fmt.Printf("generating a map of %d nodes on %s…\n", n, dbName)
	c, err := s.CreateClient(ctx, "bench", "Bench")
	if err != nil {
		return err
	}
	m, err := demo.GenerateMap(ctx, s, c.ID, "Bench", n)
	if err != nil {
		return err
	}
	hash, err := auth.HashPassword("bench-password")
	if err != nil {
		return err
	}
	base, stop, err := benchenv.Serve(s, editing.New(s, nil))
	if err != nil {
		return err
	}
	defer stop()
	clients := make([]*benchenv.Client, editors)
	for i := range clients {
		email := fmt.Sprintf("editor%d@bench.example.org", i)
		u, err := s.CreateUser(ctx, store.NewUser{Email: email, PasswordHash: hash})
		if err != nil {
			return err
		}
		if err := s.AddMembership(ctx, u.ID, c.ID, domain.RoleEditor); err != nil {
			return err
		}
		if clients[i], err = benchenv.Login(base, email, "bench-password"); err != nil {
			return err
		}
	}
	all, err := s.NodesOfMap(ctx, m.ID)
	if err != nil {
		return err
	}
	ids := make([]int64, len(all))
	for i, nd := range all {
		ids[i] = nd.ID
	}
	edges, err := s.EdgesOfMap(ctx, m.ID)
	if err != nil {
		return err
	}

	switch onlyMeasure {
	case "get":
		p50, p95, size, err := measureGet(clients[0], m.ID)
		fmt.Printf("GET p50 %s p95 %s size %d\n", benchenv.Ms(p50), benchenv.Ms(p95), size)
		return err
	case "batched":
		_, _, err := measureBatched(clients[:4], m.ID, ids, dur)
		return err
	case "loaded":
		l, err := measureGetUnderLoad(clients[0], clients, m.ID, ids, rate, dur)
		fmt.Printf("GET under load p50 %s p95 %s of %d; changes p99 %s\n", benchenv.Ms(l.p50), benchenv.Ms(l.p95), l.reads, benchenv.Ms(l.changeP99))
		return err
	case "large":
		l, err := measureLarge(ctx, s, c.ID, clients[0], largeNodes)
		fmt.Printf("%d nodes: first %s, then %s, %d bytes\n", l.nodes, benchenv.Ms(l.first), benchenv.Ms(l.warm), l.size)
		return err
	case "single":
		p50, p99, n, err := measureSingle(clients, m.ID, ids, rate, dur)
		fmt.Printf("single p50 %s p99 %s of %d\n", benchenv.Ms(p50), benchenv.Ms(p99), n)
		return err
	case "versions":
		publish, restore, err := measureVersions(clients[0], m.ID)
		if err != nil {
			return err
		}
		fmt.Printf("publish p50 %s, restore p50 %s\n", benchenv.Ms(publish), benchenv.Ms(restore))
		return benchenv.Report(out, fmt.Sprintf(`### Versions of a %d-node map (%s, %s)

%s

- publish (snapshot of the document and every node's content, in the map's transaction): p50 %s over 5 runs
- restore a version (every node, edge and template written back with its id): p50 %s over 5 runs

These are not bars of an issue; they say how long an editor waits and how long the map is held.
`, n, dbName, time.Now().Format("2006-01-02"), benchenv.Machine(), benchenv.Ms(publish), benchenv.Ms(restore)))
	}
	getP50, getP95, size, err := measureGet(clients[0], m.ID)
	if err != nil {
		return err
	}
	perSec, batches, err := measureBatched(clients[:4], m.ID, ids, dur)
	if err != nil {
		return err
	}
	p50, p99, count, err := measureSingle(clients, m.ID, ids, rate, dur)
	if err != nil {
		return err
	}
	loaded, err := measureGetUnderLoad(clients[0], clients, m.ID, ids, rate, dur)
	if err != nil {
		return err
	}
	var large largeGet
	if largeNodes > 0 {
		if large, err = measureLarge(ctx, s, c.ID, clients[0], largeNodes); err != nil {
			return err
		}
	}

	var b strings.Builder
	fmt.Fprintf(&b, "## Map document (issue 4) — %s\n\n", time.Now().UTC().Format("2006-01-02 15:04 MST"))
	fmt.Fprintf(&b, "Machine: %s. Database: %s on this machine. Server in-process on a loopback port, driven over HTTP.\n", benchenv.Machine(), dbName)
	fmt.Fprintf(&b, "Map: %d nodes, %d edges, 5 levels, 5 templates, content in en/de/fr (`strata demo --nodes %d`).\n\n", n, len(edges), n)
	b.WriteString("| measure | figure | bar | verdict |\n|---|---|---|---|\n")
	fmt.Fprintf(&b, "| (a) node changes persisted per second, batched PATCH of 100 positions, 4 editors | %.0f /s (%d batches in %s) | ≥ 5,000 /s | %s |\n",
		perSec, batches, dur, verdict(perSec >= 5000))
	fmt.Fprintf(&b, "| (b) single node change, %d editors at %.1f change/s each (%d changes): p50 / p99 | %s / %s | p99 ≤ 20 ms | %s |\n",
		editors, rate, count, benchenv.Ms(p50), benchenv.Ms(p99), verdict(p99 <= 20*time.Millisecond))
	fmt.Fprintf(&b, "| (c) GET /maps/{id}, gzip: p50 / p95 of 20 | %s / %s | ≤ 100 ms | %s |\n", benchenv.Ms(getP50), benchenv.Ms(getP95), verdict(getP50 <= 100*time.Millisecond))
	fmt.Fprintf(&b, "| (c) its compressed size | %.2f MB | ≤ 1.5 MB | %s |\n", float64(size)/1e6, verdict(size <= 1_500_000))
	fmt.Fprintf(&b, "| (d) GET /maps/{id}, gzip, %d a second, while %d editors each change a node %.1f×/s (issue 18): p50 / p95 / slowest of %d reads | %s / %s / %s | p50 ≤ 50 ms | %s |\n",
		readsPerSecond, editors, rate, loaded.reads, benchenv.Ms(loaded.p50), benchenv.Ms(loaded.p95), benchenv.Ms(loaded.slowest), verdict(loaded.p50 <= 50*time.Millisecond))
	fmt.Fprintf(&b, "| (d) the single changes meanwhile (%d): p50 / p99 | %s / %s | (b)'s p99 ≤ 20 ms | %s |\n",
		loaded.changes, benchenv.Ms(loaded.changeP50), benchenv.Ms(loaded.changeP99), verdict(loaded.changeP99 <= 20*time.Millisecond))
	if largeNodes > 0 {
		fmt.Fprintf(&b, "| (e) GET /maps/{id} of %d nodes and %d edges, every one on every level: the first read, from the rows | %s | ≤ 1 s | %s |\n",
			large.nodes, large.edges, benchenv.Ms(large.first), verdict(large.first <= time.Second))
		fmt.Fprintf(&b, "| (e) the reads after it, prepared: p50 of 5 | %s | ≤ 1 s | %s |\n", benchenv.Ms(large.warm), verdict(large.warm <= time.Second))
		fmt.Fprintf(&b, "| (e) its compressed size | %.2f MB | ≤ 12 MB | %s |\n", float64(large.size)/1e6, verdict(large.size <= 12_000_000))
		fmt.Fprintf(&b, "\nThe %d-node map took %s to generate (`strata demo --nodes %d --every-level`).\n", large.nodes, large.generate.Round(time.Second), large.nodes)
	}
	return benchenv.Report(out, b.String())
}

// onlyMeasure limits a profiling run to one measure; its figures are then
// not written down.
var onlyMeasure string

func verdict(ok bool) string {
	if ok {
		return "met"
	}
	return "**missed**"
}

func measureGet(c *benchenv.Client, mapID int64) (p50, p95 time.Duration, size int, err error) {
	var ds []time.Duration
	for i := 0; i < 21; i++ {
		start := time.Now()
		status, body, err := c.Do("GET", fmt.Sprintf("/api/v1/maps/%d", mapID), nil, map[string]string{"Accept-Encoding": "gzip"})
		if err != nil {
			return 0, 0, 0, err
		}
		if status != 200 {
			return 0, 0, 0, fmt.Errorf("GET map: %d", status)
		}
		if i > 0 { // the first warms the caches
			ds = append(ds, time.Since(start))
		}
		size = len(body) // gzip: the transport does not decompress when the header is set by hand
	}
	return benchenv.Percentile(ds, 50), benchenv.Percentile(ds, 95), size, nil
}

// measureVersions times publishing the map and restoring a version of it.
func measureVersions(c *benchenv.Client, mapID int64) (publish, restore time.Duration, err error) {
	var pubs, restores []time.Duration
	for i := 0; i < 5; i++ {
		start := time.Now()
		status, body, err := c.Do("POST", fmt.Sprintf("/api/v1/maps/%d/publish", mapID), map[string]string{"name": "bench"}, nil)
		if err != nil || status != 201 {
			return 0, 0, fmt.Errorf("publish: %d %s %v", status, body, err)
		}
		pubs = append(pubs, time.Since(start))
		var p struct {
			Live struct{ ID int64 } `json:"live"`
		}
		if err := json.Unmarshal(body, &p); err != nil {
			return 0, 0, err
		}
		start = time.Now()
		status, body, err = c.Do("POST", fmt.Sprintf("/api/v1/maps/%d/versions/%d/restore", mapID, p.Live.ID), nil, nil)
		if err != nil || status != 200 {
			return 0, 0, fmt.Errorf("restore: %d %s %v", status, body, err)
		}
		restores = append(restores, time.Since(start))
	}
	return benchenv.Percentile(pubs, 50), benchenv.Percentile(restores, 50), nil
}

// measureBatched sends PATCHes of 100 node positions from a few editors, as
// fast as they are answered, and counts the nodes persisted per second.
func measureBatched(clients []*benchenv.Client, mapID int64, ids []int64, dur time.Duration) (float64, int, error) {
	const batch = 100
	var (
		mu      sync.Mutex
		total   int
		batches int
		first   error
		wg      sync.WaitGroup
	)
	deadline := time.Now().Add(dur)
	start := time.Now()
	for w, c := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(w), 1))
			for time.Now().Before(deadline) {
				nodes := make([]map[string]any, batch)
				off := rng.IntN(len(ids) - batch)
				for i := range nodes {
					nodes[i] = map[string]any{"id": ids[off+i], "geometry": map[string]any{"center": map[string]float64{"x": rng.Float64() * 10000, "y": rng.Float64() * 10000}}}
				}
				status, body, err := c.Do("PATCH", fmt.Sprintf("/api/v1/maps/%d/elements", mapID), map[string]any{"nodes": nodes}, nil)
				mu.Lock()
				if err == nil && status != 200 {
					err = fmt.Errorf("batched PATCH: %d %s", status, body)
				}
				if err != nil && first == nil {
					first = err
				}
				if err == nil {
					total += batch
					batches++
				}
				mu.Unlock()
				if err != nil {
					return
				}
			}
		}()
	}
	wg.Wait()
	return float64(total) / time.Since(start).Seconds(), batches, first
}

// measureSingle has every editor change one node of its own at about rate
// per second (exponential gaps, as people do) and records each latency.
func measureSingle(clients []*benchenv.Client, mapID int64, ids []int64, rate float64, dur time.Duration) (p50, p99 time.Duration, n int, err error) {
	var (
		mu    sync.Mutex
		ds    []time.Duration
		first error
		wg    sync.WaitGroup
	)
	deadline := time.Now().Add(dur)
	for w, c := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(w), 2))
			id := ids[w*len(ids)/len(clients)]
			for {
				time.Sleep(time.Duration(rng.ExpFloat64() / rate * float64(time.Second)))
				if time.Now().After(deadline) {
					return
				}
				body := map[string]any{"nodes": []map[string]any{{"id": id, "geometry": map[string]any{"center": map[string]float64{"x": rng.Float64() * 5000, "y": rng.Float64() * 5000}}}}}
				start := time.Now()
				status, resp, err := c.Do("PATCH", fmt.Sprintf("/api/v1/maps/%d/elements", mapID), body, nil)
				d := time.Since(start)
				mu.Lock()
				if err == nil && status != 200 {
					err = fmt.Errorf("single PATCH: %d %s", status, resp)
				}
				if err != nil && first == nil {
					first = err
				}
				ds = append(ds, d)
				mu.Unlock()
				if err != nil {
					return
				}
			}
		}()
	}
	wg.Wait()
	return benchenv.Percentile(ds, 50), benchenv.Percentile(ds, 99), len(ds), first
}
