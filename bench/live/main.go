// Command live measures the live channel under load (issue 5): N sockets
// over M maps sending pointer updates at R Hz, a share of them also making
// stored changes through the REST API. It prints the p50/p99 delivery
// latency of pointers and of stored changes, the messages per second, the
// server's memory, and whether every stored change reached every editor,
// and appends them to docs/benchmarks.md.
//
// The server runs as its own process (the strata binary, built first), so
// that its memory and CPU are its own; the clients run here.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"

	"github.com/strata-maps/strata/bench/internal/benchenv"
	"github.com/strata-maps/strata/internal/auth"
	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/store"
)

func main() {
	dbURL := flag.String("database-url", "postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable", `PostgreSQL server to create a scratch database on ("" for SQLite)`)
	maps := flag.Int("maps", 100, "maps")
	perMap := flag.Int("editors", 10, "editors per map")
	hz := flag.Float64("hz", 30, "pointer updates per second per socket")
	share := flag.Float64("writers", 0.1, "share of sockets that also make one stored change per second")
	seconds := flag.Int("seconds", 20, "how long the load runs")
	out := flag.String("out", "docs/benchmarks.md", "file to append the results to")
	flag.Parse()
	if err := run(*dbURL, *maps, *perMap, *hz, *share, time.Duration(*seconds)*time.Second, *out); err != nil {
		fmt.Fprintln(os.Stderr, "bench live:", err)
		os.Exit(1)
	}
}

type editor struct {
	userID int64
	mapID  int64
	cookie string
	writer bool
	nodeID int64
}

func run(dbURL string, nMaps, perMap int, hz, share float64, dur time.Duration, out string) error {
	ctx := context.Background()
	s, cleanup, target, err := benchenv.FreshDatabase(ctx, dbURL)
	if err != nil {
		return err
	}
	defer cleanup()
	fmt.Printf("seeding %d maps × %d editors…\n", nMaps, perMap)
	editors, err := seed(ctx, s, nMaps, perMap, share)
	if err != nil {
		return err
	}
	s.Close()

	bin := filepath.Join(os.TempDir(), "strata-bench-live")
	if out, err := exec.Command("go", "build", "-o", bin, "./cmd/strata").CombinedOutput(); err != nil {
		return fmt.Errorf("build strata: %v\n%s", err, out)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	addr := ln.Addr().String()
	ln.Close()
	dataDir, _ := os.MkdirTemp("", "strata-bench-live-")
	defer os.RemoveAll(dataDir)
	srv := exec.Command(bin, "serve", "--addr", addr, "--database-url", target, "--data-dir", dataDir, "--log-level", "warn", "--public-url", "http://"+addr)
	srv.Stderr = os.Stderr
	if err := srv.Start(); err != nil {
		return err
	}
	defer func() { srv.Process.Signal(os.Interrupt); srv.Wait() }()
	base := "http://" + addr
	if err := waitReady(base); err != nil {
		return err
	}

	start := time.Now()
	ep := &stats{}
	var wg sync.WaitGroup
	conns := make([]*websocket.Conn, len(editors))
	for i, e := range editors {
		ws, _, err := websocket.Dial(ctx, fmt.Sprintf("ws://%s/api/v1/live?map_id=%d", addr, e.mapID),
			&websocket.DialOptions{HTTPHeader: http.Header{"Cookie": {auth.SessionCookie + "=" + e.cookie}}})
		if err != nil {
			return fmt.Errorf("dial %d: %w", i, err)
		}
		ws.SetReadLimit(1 << 20)
		conns[i] = ws
	}
	fmt.Printf("%d sockets open in %s; loading for %s…\n", len(conns), time.Since(start).Round(time.Millisecond), dur)
	epoch := time.Now()
	deadline := epoch.Add(dur)
	loadCtx, stop := context.WithTimeout(ctx, dur+5*time.Second)
	defer stop()
	for i, e := range editors {
		wg.Add(1)
		go func() { defer wg.Done(); ep.read(loadCtx, conns[i], e, epoch) }()
		wg.Add(1)
		go func() { defer wg.Done(); ep.pointers(loadCtx, conns[i], hz, epoch, deadline) }()
		if e.writer {
			wg.Add(1)
			go func() { defer wg.Done(); ep.changes(base, e, epoch, deadline) }()
		}
	}
	cpu0 := serverCPU(srv.Process.Pid)
	time.Sleep(dur)
	cpu := serverCPU(srv.Process.Pid) - cpu0
	rss := serverRSS(srv.Process.Pid)
	time.Sleep(2 * time.Second) // the last changes arrive
	stop()
	for _, c := range conns {
		c.CloseNow()
	}
	wg.Wait()

	expected := ep.committed.Load() * int64(perMap)
	received := ep.syncs.Load()
	msgs := float64(ep.in.Load()+ep.out.Load()) / dur.Seconds()
	pp50, pp99 := benchenv.Percentile(ep.pointerLat, 50), benchenv.Percentile(ep.pointerLat, 99)
	cp50, cp99 := benchenv.Percentile(ep.changeLat, 50), benchenv.Percentile(ep.changeLat, 99)

	var b strings.Builder
	fmt.Fprintf(&b, "## Live channel load (issue 5) — %s\n\n", time.Now().UTC().Format("2006-01-02 15:04 MST"))
	fmt.Fprintf(&b, "Machine: %s. The server is the strata binary in its own process (in-memory live state, PostgreSQL store); the %d client sockets run in the benchmark process on the same 2 cores.\n", benchenv.Machine(), len(editors))
	fmt.Fprintf(&b, "Load: %d maps × %d editors, pointer updates at %.0f Hz per socket, %.0f%% of sockets also making one stored change (a node move, REST PATCH) per second, for %s.\n\n", nMaps, perMap, hz, share*100, dur)
	b.WriteString("| measure | figure | bar | verdict |\n|---|---|---|---|\n")
	fmt.Fprintf(&b, "| pointer delivery, sender → other editors, p50 / p99 (includes the 50 ms coalescing window) | %s / %s | p99 ≤ 50 ms | %s |\n",
		benchenv.Ms(pp50), benchenv.Ms(pp99), verdict(pp99 <= 50*time.Millisecond))
	fmt.Fprintf(&b, "| stored change delivery, REST answer → `sync_map_edit` at every editor, p50 / p99 | %s / %s | p99 ≤ 50 ms | %s |\n",
		benchenv.Ms(cp50), benchenv.Ms(cp99), verdict(cp99 <= 50*time.Millisecond))
	fmt.Fprintf(&b, "| stored changes lost | %d of %d deliveries (%d changes × %d editors) | none | %s |\n",
		expected-received, expected, ep.committed.Load(), perMap, verdict(received >= expected))
	fmt.Fprintf(&b, "| messages per second, in + out at the server | %.0f (%d in, %d out) | – | |\n", msgs, ep.in.Load(), ep.out.Load())
	fmt.Fprintf(&b, "| server memory (RSS) under load | %.0f MB | – | |\n", float64(rss)/1e6)
	fmt.Fprintf(&b, "| server CPU under load | %.0f%% of one core | – | |\n", 100*cpu.Seconds()/dur.Seconds())
	return benchenv.Report(out, b.String())
}

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

// serverCPU reads the user and system CPU time a process has used.
func serverCPU(pid int) time.Duration {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	// The fields after the command name, which is in parentheses.
	fields := strings.Fields(string(b[strings.LastIndexByte(string(b), ')')+2:]))
	var utime, stime int64
	fmt.Sscan(fields[11], &utime)
	fmt.Sscan(fields[12], &stime)
	return time.Duration(utime+stime) * time.Second / 100 // clock ticks, 100 per second on Linux
}

// serverRSS reads the resident memory of a process from /proc.
func serverRSS(pid int) int64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(line, "VmRSS:") {
			var kb int64
			fmt.Sscanf(strings.TrimSpace(strings.TrimPrefix(line, "VmRSS:")), "%d", &kb)
			return kb * 1000
		}
	}
	return 0
}

type stats struct {
	mu         sync.Mutex
	pointerLat []time.Duration
	changeLat  []time.Duration
	in, out    atomic.Int64
	syncs      atomic.Int64
	committed  atomic.Int64
	// commits maps a change's revision key to when the REST call answered.
	commits sync.Map
}

// The pointer's x carries the time it was sent (ms since the epoch of the
// run), so that a receiver knows how old it is.
func (s *stats) pointers(ctx context.Context, ws *websocket.Conn, hz float64, epoch, deadline time.Time) {
	t := time.NewTicker(time.Duration(float64(time.Second) / hz))
	defer t.Stop()
	for now := range t.C {
		if now.After(deadline) || ctx.Err() != nil {
			return
		}
		ms := float64(time.Since(epoch).Microseconds()) / 1000
		frame := fmt.Sprintf(`{"event":"update_user_state","data":{"x":%f,"y":1}}`, ms)
		if ws.Write(ctx, websocket.MessageText, []byte(frame)) != nil {
			return
		}
		s.in.Add(1)
	}
}

func (s *stats) changes(base string, e editor, epoch, deadline time.Time) {
	client := &http.Client{}
	for time.Now().Before(deadline) {
		time.Sleep(time.Second)
		body := fmt.Sprintf(`{"nodes":[{"id":%d,"geometry":{"center":{"x":%d,"y":5}}}]}`, e.nodeID, time.Now().UnixNano()%1000)
		req, _ := http.NewRequest("PATCH", fmt.Sprintf("%s/api/v1/maps/%d/elements", base, e.mapID), strings.NewReader(body))
		req.Header.Set("Cookie", auth.SessionCookie+"="+e.cookie)
		req.Header.Set("Content-Type", "application/json")
		res, err := client.Do(req)
		if err != nil {
			continue
		}
		rev := res.Header.Get("X-Map-Revision")
		res.Body.Close()
		if res.StatusCode == 200 {
			s.commits.Store(fmt.Sprintf("%d/%s", e.mapID, rev), time.Now())
			s.committed.Add(1)
		}
	}
}

func (s *stats) read(ctx context.Context, ws *websocket.Conn, e editor, epoch time.Time) {
	for {
		_, data, err := ws.Read(ctx)
		if err != nil {
			return
		}
		s.out.Add(1)
		now := time.Now()
		var f struct {
			Event string          `json:"event"`
			Data  json.RawMessage `json:"data"`
		}
		if json.Unmarshal(data, &f) != nil {
			continue
		}
		switch f.Event {
		case "updated_user_state":
			var d struct {
				Users []struct {
					ID int64   `json:"id"`
					X  float64 `json:"x"`
				} `json:"users"`
			}
			json.Unmarshal(f.Data, &d)
			var lats []time.Duration
			for _, u := range d.Users {
				if u.ID == e.userID {
					continue
				}
				sent := epoch.Add(time.Duration(u.X * float64(time.Millisecond)))
				lats = append(lats, now.Sub(sent))
			}
			s.mu.Lock()
			s.pointerLat = append(s.pointerLat, lats...)
			s.mu.Unlock()
		case "sync_map_edit":
			var d struct {
				Revision int64 `json:"revision"`
			}
			json.Unmarshal(f.Data, &d)
			s.syncs.Add(1)
			// The REST answer and the broadcast race; a sync that beats the
			// answer counts as 0 ms.
			key := fmt.Sprintf("%d/%d", e.mapID, d.Revision)
			lat := time.Duration(0)
			if at, ok := s.commits.Load(key); ok {
				lat = max(0, now.Sub(at.(time.Time)))
			}
			s.mu.Lock()
			s.changeLat = append(s.changeLat, lat)
			s.mu.Unlock()
		}
	}
}
