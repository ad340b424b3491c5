// Command live measures the live channel under load (issues 5 and 18): N
// sockets over M maps sending pointer updates at R Hz. It runs the same
// clients and load against a plain Node WebSocket relay (bench/relay) and
// against Strata, each server pinned to core 0 and the clients to core 1,
// and reports each one's pointer delivery p50/p99 and CPU per delivered
// pointer against the bar (Strata no worse than the relay on either). A
// third run adds stored changes (a share of the sockets making one REST
// change a second) for their delivery latency and losses. The results are
// appended to docs/benchmarks.md.
//
// The servers run as their own processes (the strata binary, built first,
// and node), so that their memory and CPU are their own.
package main

import (
	"context"
	"flag"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"time"

	"github.com/strata-maps/strata/bench/internal/benchenv"
	"github.com/strata-maps/strata/internal/auth"
	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/store"
)

// pinnedEnv marks the benchmark process as already running on core 1.
const pinnedEnv = "STRATA_BENCH_LIVE_PINNED"

func main() {
	dbURL := flag.String("database-url", "postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable", `PostgreSQL server to create a scratch database on ("" for SQLite)`)
	maps := flag.Int("maps", 100, "maps")
	perMap := flag.Int("editors", 10, "editors per map")
	hz := flag.Float64("hz", 30, "pointer updates per second per socket")
	share := flag.Float64("writers", 0.1, "share of sockets that also make one stored change per second, in the third run (0: no third run)")
	seconds := flag.Int("seconds", 20, "how long each run's load lasts")
	relay := flag.String("relay", "bench/relay", "directory of the Node relay, its dependencies installed (npm ci)")
	pin := flag.Bool("pin", true, "pin the server under test to core 0 and the clients to core 1 (taskset)")
	out := flag.String("out", "docs/benchmarks.md", "file to append the results to")
	perf := flag.String("perf", "", "write a CPU profile of Strata's server over its pointer run to this file (perf record; read it with perf report -i)")
	flag.Parse()
	if *pin && os.Getenv(pinnedEnv) == "" {
		// The clients' core is set before the process starts: the Go
		// runtime's threads then all inherit it, and GOMAXPROCS follows it.
		if err := repin(); err != nil {
			fmt.Fprintln(os.Stderr, "bench live:", err)
			os.Exit(1)
		}
	}
	cfg := config{dbURL: *dbURL, maps: *maps, perMap: *perMap, hz: *hz, share: *share, dur: time.Duration(*seconds) * time.Second,
		relay: *relay, pin: *pin, out: *out, perf: *perf}
	if err := run(cfg); err != nil {
		fmt.Fprintln(os.Stderr, "bench live:", err)
		os.Exit(1)
	}
}

// repin runs this program again under taskset on core 1.
func repin() error {
	self, err := os.Executable()
	if err != nil {
		return err
	}
	taskset, err := exec.LookPath("taskset")
	if err != nil {
		return fmt.Errorf("taskset (util-linux) is needed to pin the processes, or -pin=false: %w", err)
	}
	return syscall.Exec(taskset, append([]string{"taskset", "-c", "1", self}, os.Args[1:]...), append(os.Environ(), pinnedEnv+"=1"))
}

type config struct {
	dbURL        string
	maps, perMap int
	hz, share    float64
	dur          time.Duration
	relay, out   string
	pin          bool
	perf         string
}

type editor struct {
	userID int64
	mapID  int64
	cookie string
	writer bool
	nodeID int64
}

func run(cfg config) error {
	ctx := context.Background()
	if _, err := os.Stat(filepath.Join(cfg.relay, "node_modules", "ws")); err != nil {
		return fmt.Errorf("the relay's dependencies are missing: run npm ci in %s (make bench does)", cfg.relay)
	}
	s, cleanup, target, err := benchenv.FreshDatabase(ctx, cfg.dbURL)
	if err != nil {
		return err
	}
	defer cleanup()
	fmt.Printf("seeding %d maps × %d editors…\n", cfg.maps, cfg.perMap)
	editors, err := seed(ctx, s, cfg.maps, cfg.perMap, cfg.share)
	if err != nil {
		return err
	}
	s.Close()
	bin := filepath.Join(os.TempDir(), "strata-bench-live")
	if out, err := exec.Command("go", "build", "-o", bin, "./cmd/strata").CombinedOutput(); err != nil {
		return fmt.Errorf("build strata: %v\n%s", err, out)
	}
	dataDir, err := os.MkdirTemp("", "strata-bench-live-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dataDir)

	strata := func(addr string) func(e editor) (string, http.Header) {
		return func(e editor) (string, http.Header) {
			return fmt.Sprintf("ws://%s/api/v1/live?map_id=%d", addr, e.mapID), http.Header{"Cookie": {auth.SessionCookie + "=" + e.cookie}}
		}
	}
	runStrata := func(name string, writers bool) (result, error) {
		srv, err := startServer(cfg.pin, bin, "serve", "--addr", "{addr}", "--database-url", target, "--data-dir", dataDir,
			"--log-level", "warn", "--public-url", "http://{addr}")
		if err != nil {
			return result{}, err
		}
		defer srv.stop()
		if err := waitReady("http://" + srv.addr); err != nil {
			return result{}, err
		}
		l := load{editors: editors, hz: cfg.hz, dur: cfg.dur, dial: strata(srv.addr)}
		if writers {
			l.base = "http://" + srv.addr
		} else {
			l.perf = cfg.perf
		}
		fmt.Printf("%s: %d sockets, %s…\n", name, len(editors), cfg.dur)
		return l.run(ctx, srv)
	}

	relay, err := startServer(cfg.pin, "node", filepath.Join(cfg.relay, "relay.mjs"), "{port}")
	if err != nil {
		return err
	}
	if err := relay.waitListening(); err != nil {
		relay.stop()
		return err
	}
	fmt.Printf("relay: %d sockets, %s…\n", len(editors), cfg.dur)
	relayRes, err := load{editors: editors, hz: cfg.hz, dur: cfg.dur, dial: func(e editor) (string, http.Header) {
		return fmt.Sprintf("ws://%s/?map_id=%d&user=%d", relay.addr, e.mapID, e.userID), nil
	}}.run(ctx, relay)
	relay.stop()
	if err != nil {
		return err
	}
	strataRes, err := runStrata("strata", false)
	if err != nil {
		return err
	}
	var changesRes *result
	if cfg.share > 0 {
		r, err := runStrata("strata with stored changes", true)
		if err != nil {
			return err
		}
		changesRes = &r
	}
	return benchenv.Report(cfg.out, report(cfg, len(editors), relayRes, strataRes, changesRes))
}

func report(cfg config, sockets int, relay, strata result, changes *result) string {
	var b strings.Builder
	fmt.Fprintf(&b, "## Live channel load against a relay (issues 5, 18) — %s\n\n", time.Now().UTC().Format("2006-01-02 15:04 MST"))
	where := "each server on core 0 (`taskset -c 0`), the benchmark's clients on core 1"
	if !cfg.pin {
		where = "nothing pinned"
	}
	fmt.Fprintf(&b, "Machine: %s; %s (GOMAXPROCS %d). Load: %d sockets, %d maps × %d editors, pointer updates at %.0f Hz per socket, for %s per server, the same clients and frames for both. ",
		benchenv.Machine(), where, runtime.GOMAXPROCS(0), sockets, cfg.maps, cfg.perMap, cfg.hz, cfg.dur)
	b.WriteString("The relay is `bench/relay/relay.mjs` (Node, `ws`): rooms by map, each sender's latest pointer of a 50 ms window forwarded to the room as the same `updated_user_state` frame Strata sends. ")
	b.WriteString("A delivery is one other editor's pointer update received by a socket; CPU is the server process's utime + stime from /proc over the load.\n\n")
	b.WriteString("| measure | relay | Strata | bar | verdict |\n|---|---|---|---|---|\n")
	rp99, sp99 := benchenv.Percentile(relay.pointerLat, 99), benchenv.Percentile(strata.pointerLat, 99)
	fmt.Fprintf(&b, "| pointer delivery, sender → other editors, p50 / p99 (includes the 50 ms window) | %s / %s | %s / %s | Strata's p99 ≤ the relay's | %s |\n",
		benchenv.Ms(benchenv.Percentile(relay.pointerLat, 50)), benchenv.Ms(rp99),
		benchenv.Ms(benchenv.Percentile(strata.pointerLat, 50)), benchenv.Ms(sp99), verdict(sp99 <= rp99))
	fmt.Fprintf(&b, "| server CPU per delivered pointer | %s | %s | Strata's ≤ the relay's | %s |\n",
		micros(relay.perDelivery()), micros(strata.perDelivery()), verdict(strata.perDelivery() <= relay.perDelivery()))
	for _, row := range []struct {
		name string
		f    func(r result) string
	}{
		{"pointer deliveries / frames received / mean frame", func(r result) string {
			return fmt.Sprintf("%d / %d / %d B", r.deliveries, r.frames, r.frameBytes/max(1, r.frames))
		}},
		{"pointer frames sent by the clients", func(r result) string { return fmt.Sprint(r.sent) }},
		{"server read calls per frame in / write calls per frame out (/proc/<pid>/io)", func(r result) string {
			return fmt.Sprintf("%.2f / %.2f", float64(r.reads)/float64(max(1, r.sent)), float64(r.writes)/float64(max(1, r.frames)))
		}},
		{"server CPU under load", func(r result) string { return fmt.Sprintf("%.0f%% of one core", 100*r.cpu.Seconds()/r.dur.Seconds()) }},
		{"the benchmark's clients' CPU (all on one core when pinned)", func(r result) string {
			return fmt.Sprintf("%.0f%% of one core", 100*r.clientsCPU.Seconds()/r.dur.Seconds())
		}},
		{"server memory (RSS) under load", func(r result) string { return fmt.Sprintf("%.0f MB", float64(r.rss)/1e6) }},
	} {
		fmt.Fprintf(&b, "| %s | %s | %s | – | |\n", row.name, row.f(relay), row.f(strata))
	}
	if changes == nil {
		return b.String()
	}
	c := *changes
	expected := c.committed * int64(cfg.perMap)
	pp99 := benchenv.Percentile(c.pointerLat, 99)
	cp99 := benchenv.Percentile(c.changeLat, 99)
	fmt.Fprintf(&b, "\nStrata again with %.0f%% of the sockets also making one stored change (a node move, REST PATCH) per second (PostgreSQL store, in-memory live state):\n\n", cfg.share*100)
	b.WriteString("| measure | figure | bar | verdict |\n|---|---|---|---|\n")
	fmt.Fprintf(&b, "| pointer delivery, p50 / p99 | %s / %s | p99 ≤ 50 ms (issue 5) | %s |\n",
		benchenv.Ms(benchenv.Percentile(c.pointerLat, 50)), benchenv.Ms(pp99), verdict(pp99 <= 50*time.Millisecond))
	fmt.Fprintf(&b, "| stored change delivery, REST answer → `sync_map_edit` at every editor, p50 / p99 | %s / %s | p99 ≤ 50 ms | %s |\n",
		benchenv.Ms(benchenv.Percentile(c.changeLat, 50)), benchenv.Ms(cp99), verdict(cp99 <= 50*time.Millisecond))
	fmt.Fprintf(&b, "| stored changes lost | %d of %d deliveries (%d changes × %d editors; %d refused) | none | %s |\n",
		expected-c.syncs, expected, c.committed, cfg.perMap, c.refused, verdict(c.committed > 0 && c.refused == 0 && c.syncs >= expected))
	fmt.Fprintf(&b, "| server CPU under load | %.0f%% of one core | – | |\n", 100*c.cpu.Seconds()/c.dur.Seconds())
	return b.String()
}

func micros(d time.Duration) string { return fmt.Sprintf("%.2f µs", float64(d.Nanoseconds())/1000) }

func verdict(ok bool) string {
	if ok {
		return "met"
	}
	return "**missed**"
}

func seed(ctx context.Context, s *store.Store, nMaps, perMap int, share float64) ([]editor, error) {
	var editors []editor
	err := s.Tx(ctx, func(tx *store.Store) error {
		c, err := tx.CreateClient(ctx, "load", "Load")
		if err != nil {
			return err
		}
		writersPerMap := int(float64(perMap)*share + 0.5)
		for m := 0; m < nMaps; m++ {
			mp, err := tx.CreateMap(ctx, domain.NewMap(c.ID, fmt.Sprintf("Map %d", m), "", 4000, 3000, 3))
			if err != nil {
				return err
			}
			for e := 0; e < perMap; e++ {
				u, err := tx.CreateUser(ctx, store.NewUser{Email: fmt.Sprintf("u%d-%d@load.example.org", m, e), Name: fmt.Sprintf("User %d %d", m, e)})
				if err != nil {
					return err
				}
				if err := tx.AddMembership(ctx, u.ID, c.ID, domain.RoleEditor); err != nil {
					return err
				}
				// Sessions are made here rather than by signing in 1,000
				// times: password hashing is not what this measures.
				token, hash := auth.NewToken()
				if err := tx.CreateSession(ctx, store.Session{TokenHash: hash, UserID: u.ID, ExpiresAt: time.Now().Add(time.Hour)}); err != nil {
					return err
				}
				ed := editor{userID: u.ID, mapID: mp.ID, cookie: token, writer: e < writersPerMap}
				if ed.writer {
					n, err := tx.InsertNode(ctx, mp.ID, domain.Node{Template: "0", Design: domain.Design{"shape": "circle"}, PopupType: "popup-small",
						Visibility: domain.Visibility{MinLevel: 1, MaxLevel: 3}})
					if err != nil {
						return err
					}
					ed.nodeID = n.ID
				}
				editors = append(editors, ed)
			}
		}
		return nil
	})
	return editors, err
}

func waitReady(base string) error {
	for i := 0; i < 200; i++ {
		if res, err := http.Get(base + "/readyz"); err == nil {
			res.Body.Close()
			if res.StatusCode == 200 {
				return nil
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	return fmt.Errorf("server not ready")
}
