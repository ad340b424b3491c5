// Command durability measures what SQLite's synchronous=FULL costs over
// NORMAL (issue 28): small map edits (one node moved, PATCH
// /maps/{id}/elements) through the API on a fresh SQLite file, one editor
// at a time and several at once, for each mode in the same run, the modes
// taking turns so that the disk's mood weighs on both alike.
//
// FULL syncs the WAL at every commit, so an acknowledged write survives a
// power failure; NORMAL syncs only at checkpoints and may lose the last
// commits (a crash of the process loses nothing either way).
//
// Run it on the disk the data directory will live on (--dir): a tmpfs
// makes every sync free. The figures go to --out (docs/benchmarks.md).
package main

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
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
	edits := flag.Int("edits", 500, "edits per mode and load")
	editors := flag.Int("editors", 8, "editors at once for the concurrent load")
	rounds := flag.Int("rounds", 2, "turns each mode takes")
	dir := flag.String("dir", "", "where the SQLite files go (default: the system's temporary directory)")
	out := flag.String("out", "docs/benchmarks.md", `file to append the results to ("" prints only)`)
	flag.Parse()
	if err := run(context.Background(), *dir, *edits, *editors, *rounds, *out); err != nil {
		fmt.Fprintln(os.Stderr, "bench durability:", err)
		os.Exit(1)
	}
}

// result is one load's figures in one mode.
type result struct {
	n        int
	elapsed  time.Duration
	p50, p99 time.Duration
}

func (r result) perSecond() float64 { return float64(r.n) / r.elapsed.Seconds() }

func run(ctx context.Context, dir string, edits, editors, rounds int, out string) error {
	modes := []string{"NORMAL", "FULL"}
	serial, parallel := map[string][]result{}, map[string][]result{}
	for round := 0; round < rounds; round++ {
		for _, mode := range modes {
			s, p, err := measure(ctx, dir, mode, edits, editors)
			if err != nil {
				return fmt.Errorf("%s: %w", mode, err)
			}
			fmt.Printf("round %d %-6s one editor: %.0f edits/s, p50 %s p99 %s; %d editors: %.0f edits/s, p50 %s p99 %s\n",
				round+1, mode, s.perSecond(), benchenv.Ms(s.p50), benchenv.Ms(s.p99), editors, p.perSecond(), benchenv.Ms(p.p50), benchenv.Ms(p.p99))
			serial[mode] = append(serial[mode], s)
			parallel[mode] = append(parallel[mode], p)
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "## Durability: SQLite synchronous=FULL against NORMAL (%s)\n\n", time.Now().UTC().Format("2006-01-02"))
	fmt.Fprintf(&b, "`go run ./bench/durability` on %s; a fresh SQLite file in WAL mode per mode and round, on %s. "+
		"Each edit moves one node of a 100-node map through `PATCH /maps/{id}/elements` (HTTP on loopback, the session's checks, "+
		"the change log, one commit). %d edits per load; the modes take turns, %d rounds each after a few untimed edits; the figures are the rounds' medians (the machine was shared with other work: compare the modes, not the runs).\n\n",
		benchenv.Machine(), describeDir(dir), edits, rounds)
	b.WriteString("| load | NORMAL: edits/s, p50 / p99 | FULL: edits/s, p50 / p99 | FULL's cost |\n|---|---|---|---|\n")
	for _, load := range []struct {
		name string
		rs   map[string][]result
	}{{"one editor at a time", serial}, {fmt.Sprintf("%d editors at once", editors), parallel}} {
		n, f := median(load.rs["NORMAL"]), median(load.rs["FULL"])
		fmt.Fprintf(&b, "| %s | %.0f, %s / %s | %.0f, %s / %s | %+.0f%% time per edit (p50 %+.1f ms) |\n", load.name,
			n.perSecond(), benchenv.Ms(n.p50), benchenv.Ms(n.p99), f.perSecond(), benchenv.Ms(f.p50), benchenv.Ms(f.p99),
			(n.perSecond()/f.perSecond()-1)*100, float64((f.p50-n.p50).Microseconds())/1000)
	}
	b.WriteString("\n")
	return benchenv.Report(out, b.String())
}

// median is the result of median throughput among the rounds.
func median(rs []result) result {
	s := append([]result(nil), rs...)
	for i := range s {
		for j := i + 1; j < len(s); j++ {
			if s[j].perSecond() < s[i].perSecond() {
				s[i], s[j] = s[j], s[i]
			}
		}
	}
	return s[len(s)/2]
}

func describeDir(dir string) string {
	if dir == "" {
		dir = os.TempDir()
	}
	return "`" + dir + "`"
}

// measure runs both loads on a fresh database opened with the mode.
func measure(ctx context.Context, dir, mode string, edits, editors int) (serial, parallel result, err error) {
	tmp, err := os.MkdirTemp(dir, "strata-durability-")
	if err != nil {
		return result{}, result{}, err
	}
	defer os.RemoveAll(tmp)
	target, err := store.ResolveTarget("", tmp)
	if err != nil {
		return result{}, result{}, err
	}
	// The served DSN names FULL; the bench swaps in the mode to compare.
	const served = "synchronous%28FULL%29"
	if !strings.Contains(target.DSN, served) {
		return result{}, result{}, fmt.Errorf("the SQLite DSN no longer names %s: %s", served, target.DSN)
	}
	target.DSN = strings.Replace(target.DSN, served, "synchronous%28"+mode+"%29", 1)
	s, err := store.Open(ctx, target)
	if err != nil {
		return result{}, result{}, err
	}
	defer s.Close()
	if _, err := s.Migrate(ctx); err != nil {
		return result{}, result{}, err
	}
	c, err := s.CreateClient(ctx, "bench", "Bench")
	if err != nil {
		return result{}, result{}, err
	}
	m, err := demo.GenerateMap(ctx, s, c.ID, "Bench", 100)
	if err != nil {
		return result{}, result{}, err
	}
	nodes, err := s.NodesOfMap(ctx, m.ID)
	if err != nil {
		return result{}, result{}, err
	}
	hash, err := auth.HashPassword("bench-password")
	if err != nil {
		return result{}, result{}, err
	}
	base, stop, err := benchenv.Serve(s, editing.New(s, nil))
	if err != nil {
		return result{}, result{}, err
	}
	defer stop()
	clients := make([]*benchenv.Client, editors)
	for i := range clients {
		email := fmt.Sprintf("editor%d@bench.example.org", i)
		u, err := s.CreateUser(ctx, store.NewUser{Email: email, PasswordHash: hash})
		if err == nil {
			err = s.AddMembership(ctx, u.ID, c.ID, domain.RoleEditor)
		}
		if err == nil {
			clients[i], err = benchenv.Login(base, email, "bench-password")
		}
		if err != nil {
			return result{}, result{}, err
		}
	}
	path := fmt.Sprintf("/api/v1/maps/%d/elements", m.ID)
	// Untimed: the first edits warm the caches and the connections.
	if _, err := load(clients, path, nodes, 4*editors); err != nil {
		return result{}, result{}, err
	}
	if serial, err = load(clients[:1], path, nodes, edits); err != nil {
		return result{}, result{}, err
	}
	parallel, err = load(clients, path, nodes, edits)
	return serial, parallel, err
}

// load sends edits node moves, shared among the clients, each client one
// at a time, and times them.
func load(clients []*benchenv.Client, path string, nodes []domain.Node, edits int) (result, error) {
	var (
		mu    sync.Mutex
		ds    []time.Duration
		first error
		wg    sync.WaitGroup
	)
	start := time.Now()
	for w, c := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(w), 28))
			for i := w; i < edits; i += len(clients) {
				id := nodes[(w+i*len(clients))%len(nodes)].ID // editors keep to nodes of their own
				body := map[string]any{"nodes": []map[string]any{{"id": id,
					"geometry": map[string]any{"center": map[string]float64{"x": rng.Float64() * 2000, "y": rng.Float64() * 2000}}}}}
				t := time.Now()
				status, resp, err := c.Do("PATCH", path, body, nil)
				d := time.Since(t)
				if err == nil && status != 200 {
					err = fmt.Errorf("PATCH: %d %s", status, resp)
				}
				mu.Lock()
				ds = append(ds, d)
				if err != nil && first == nil {
					first = err
				}
				mu.Unlock()
				if err != nil {
					return
				}
			}
		}()
	}
	wg.Wait()
	return result{n: len(ds), elapsed: time.Since(start), p50: benchenv.Percentile(ds, 50), p99: benchenv.Percentile(ds, 99)}, first
}
