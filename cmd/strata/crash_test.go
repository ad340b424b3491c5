package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/strata-maps/strata/internal/store/storetest"
)

// A burst of writes from several editors (two users, three sessions each:
// node creations, moves and content edits, all on one map), the server
// killed with SIGKILL in the middle of it and started again on the same
// data: every write the server acknowledged (a 2xx answer received before
// the kill) is there, and the change log runs from revision 1 to the map's
// revision without a gap, each acknowledged revision holding what was sent.
// On SQLite and on PostgreSQL.
func TestCrashKeepsEveryAcknowledgedWrite(t *testing.T) {
	bin := buildStrata(t)
	t.Run("sqlite", func(t *testing.T) {
		dataDir := t.TempDir()
		crashBurst(t, bin, []string{"--data-dir", dataDir})
	})
	if os.Getenv(storetest.PostgresEnv) == "" {
		if os.Getenv("CI") != "" {
			t.Fatalf("%s is not set in CI: the PostgreSQL run of the crash test cannot be left out", storetest.PostgresEnv)
		}
		return
	}
	t.Run("postgres", func(t *testing.T) {
		crashBurst(t, bin, []string{"--database-url", storetest.CreatePostgresDatabase(t), "--data-dir", t.TempDir()})
	})
}

// buildStrata builds the binary once per test run.
func buildStrata(t *testing.T) string {
	t.Helper()
	strataBuild.Do(func() {
		dir, err := os.MkdirTemp("", "strata-bin-")
		if err != nil {
			strataBuild.err = err
			return
		}
		strataBuild.bin = filepath.Join(dir, "strata")
		if out, err := exec.Command("go", "build", "-o", strataBuild.bin, ".").CombinedOutput(); err != nil {
			strataBuild.err = fmt.Errorf("build: %v\n%s", err, out)
		}
	})
	if strataBuild.err != nil {
		t.Fatal(strataBuild.err)
	}
	return strataBuild.bin
}

var strataBuild struct {
	sync.Once
	bin string
	err error
}

// crashBurst runs the burst, the kill and the checks on the database that
// db (flags of strata) names.
func crashBurst(t *testing.T, bin string, db []string) {
	if out, err := exec.Command(bin, append([]string{"demo", "--log-level", "warn"}, db...)...).CombinedOutput(); err != nil {
		t.Fatalf("demo: %v\n%s", err, out)
	}
	srv, _ := startServer(t, bin, db)
	admin := signIn(t, srv.url, "admin@demo.example.org", "demo-admin")
	res := postJSON(t, admin, srv.url+"/api/v1/clients/demo/maps", map[string]any{
		"name": "Crash", "measurement": map[string]int{"width": 2000, "height": 1000}, "visibility_levels": 3})
	var m struct{ ID int64 }
	if err := json.Unmarshal(res, &m); err != nil || m.ID == 0 {
		t.Fatalf("new map: %s", res)
	}

	// Six editors: two users, three sessions each.
	type editor struct {
		c      *http.Client
		userID int64
	}
	var editors []editor
	for _, u := range []struct{ email, password string }{
		{"admin@demo.example.org", "demo-admin"}, {"editor@demo.example.org", "demo-editor"},
	} {
		for range 3 {
			c := signIn(t, srv.url, u.email, u.password)
			var me struct{ ID int64 }
			getJSON(t, c, srv.url+"/api/v1/auth/session", &me)
			c.Timeout = 10 * time.Second
			editors = append(editors, editor{c, me.ID})
		}
	}

	var (
		mu       sync.Mutex
		acks     []ack
		inFlight atomic.Int64 // requests sent and not yet answered at the kill
		stop     atomic.Bool
		wg       sync.WaitGroup
	)
	base := fmt.Sprintf("%s/api/v1/maps/%d", srv.url, m.ID)
	for i, e := range editors {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rnd := rand.New(rand.NewPCG(uint64(i), 15))
			var mine []int64 // nodes this editor created
			for n := 0; !stop.Load(); n++ {
				a := ack{userID: e.userID, x: float64(rnd.IntN(1900) + 50), y: float64(rnd.IntN(900) + 50)}
				var method, url string
				var body any
				switch {
				case len(mine) == 0 || n%3 == 0:
					a.kind = "node_created"
					method, url = "POST", base+"/nodes"
					body = map[string]any{"design": map[string]any{"shape": "circle"},
						"geometry":   map[string]any{"center": map[string]float64{"x": a.x, "y": a.y}},
						"visibility": map[string]any{"min_level": 1, "max_level": 3, "hidden": false}}
				case n%3 == 1:
					a.kind, a.nodeID = "node_position", mine[rnd.IntN(len(mine))]
					method, url = "PATCH", base+"/elements"
					body = map[string]any{"nodes": []any{map[string]any{"id": a.nodeID,
						"geometry": map[string]any{"center": map[string]float64{"x": a.x, "y": a.y}}}}}
				default:
					a.kind, a.nodeID = "node_content", mine[rnd.IntN(len(mine))]
					a.title = fmt.Sprintf("editor %d, write %d", i, n)
					method, url = "PATCH", base+"/elements"
					body = map[string]any{"nodes": []any{map[string]any{"id": a.nodeID,
						"content": map[string]any{"en": map[string]string{"title": a.title}}}}}
				}
				inFlight.Add(1)
				status, header, answer, err := send(e.c, method, url, body)
				inFlight.Add(-1)
				if err != nil && status == 0 {
					return // the server is gone
				}
				if status/100 != 2 {
					t.Errorf("%s %s = %d %s", method, url, status, answer)
					return
				}
				// A 2xx status line is the acknowledgement, whatever
				// became of the rest of the answer.
				if a.revision, err = strconv.ParseInt(header.Get("X-Map-Revision"), 10, 64); err != nil {
					t.Errorf("%s %s: no X-Map-Revision in a 2xx answer", method, url)
					return
				}
				if a.kind == "node_created" {
					var node struct{ ID int64 }
					// The id may be lost with the kill; the write is
					// acknowledged all the same.
					if json.Unmarshal(answer, &node) == nil && node.ID != 0 {
						a.nodeID = node.ID
						mine = append(mine, node.ID)
					}
				}
				mu.Lock()
				acks = append(acks, a)
				mu.Unlock()
			}
		}()
	}

	// Kill once the burst is well under way, at a moment that varies.
	started := time.Now()
	want := 150 + rand.IntN(100)
	for {
		mu.Lock()
		n := len(acks)
		mu.Unlock()
		if n >= want || time.Since(started) > 20*time.Second || t.Failed() {
			break
		}
		time.Sleep(5 * time.Millisecond)
	}
	if err := srv.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	pending := inFlight.Load()
	burst := time.Since(started)
	srv.cmd.Wait()
	stop.Store(true)
	wg.Wait()
	if t.Failed() {
		return
	}
	mu.Lock()
	defer mu.Unlock()
	if len(acks) < 100 {
		t.Fatalf("only %d writes acknowledged in %v before the kill", len(acks), burst)
	}

	srv, restart := startServer(t, bin, db)
	t.Logf("%d writes acknowledged in %v by %d editors, %d in flight at the kill; restarted and ready in %v",
		len(acks), burst.Round(time.Millisecond), len(editors), pending, restart.Round(time.Millisecond))
	checkAfterCrash(t, signIn(t, srv.url, "admin@demo.example.org", "demo-admin"), fmt.Sprintf("%s/api/v1/maps/%d", srv.url, m.ID), acks)
}

// ack is a write the server acknowledged.
type ack struct {
	userID   int64
	kind     string // the change type it must have written
	revision int64
	nodeID   int64
	x, y     float64 // the centre sent (node_created, node_position)
	title    string  // node_content
}

// checkAfterCrash reads the change log and the document of the restarted
// server and holds them against the acknowledged writes.
func checkAfterCrash(t *testing.T, c *http.Client, mapURL string, acks []ack) {
	t.Helper()
	type change struct {
		Revision int64
		UserID   *int64 `json:"user_id"`
		Type     string
		Data     changeData
	}
	var log struct {
		Revision int64
		Changes  []change
	}
	// The log is read a page at a time, to its last page.
	for cursor := ""; ; {
		var page struct {
			Revision   int64
			Changes    []change
			NextCursor *string `json:"next_cursor"`
		}
		getJSON(t, c, mapURL+"/changes?since=0&limit=200&cursor="+url.QueryEscape(cursor), &page)
		log.Revision, log.Changes = page.Revision, append(log.Changes, page.Changes...)
		if page.NextCursor == nil {
			break
		}
		cursor = *page.NextCursor
	}
	byRevision := map[int64]int{}
	for i, ch := range log.Changes {
		if ch.Revision != int64(i+1) {
			t.Fatalf("the change log has a gap: its change %d has revision %d", i+1, ch.Revision)
		}
		byRevision[ch.Revision] = i
	}
	if int64(len(log.Changes)) != log.Revision {
		t.Fatalf("the map is at revision %d but its log holds %d changes", log.Revision, len(log.Changes))
	}
	lost := 0
	for _, a := range acks {
		i, ok := byRevision[a.revision]
		if !ok {
			lost++
			t.Errorf("acknowledged %s of node %d at revision %d is not in the log (at revision %d)", a.kind, a.nodeID, a.revision, log.Revision)
			continue
		}
		ch := log.Changes[i]
		if ch.Type != a.kind || ch.UserID == nil || *ch.UserID != a.userID || !ch.Data.holds(a) {
			t.Errorf("revision %d is %s by %v %+v, but %s by user %d was acknowledged there: %+v", a.revision, ch.Type, ch.UserID, ch.Data, a.kind, a.userID, a)
		}
	}
	if lost > 0 {
		t.Fatalf("%d of %d acknowledged writes lost", lost, len(acks))
	}

	// The document is what the log says it is: each node where its last
	// position put it, with its last title.
	type state struct {
		x, y  float64
		title string
	}
	want := map[int64]state{}
	for _, ch := range log.Changes {
		for _, p := range ch.Data.Positions {
			s := want[p.ID]
			s.x, s.y = p.Center.X, p.Center.Y
			want[p.ID] = s
		}
		for _, n := range ch.Data.Nodes {
			want[n.ID] = state{n.Geometry.Center.X, n.Geometry.Center.Y, n.Content["en"].Title}
		}
	}
	var doc struct{ Nodes []node }
	getJSON(t, c, mapURL, &doc)
	if len(doc.Nodes) != len(want) {
		t.Errorf("the map has %d nodes, its log created %d", len(doc.Nodes), len(want))
	}
	for _, n := range doc.Nodes {
		w, ok := want[n.ID]
		if got := (state{n.Geometry.Center.X, n.Geometry.Center.Y, n.Content["en"].Title}); !ok || got != w {
			t.Errorf("node %d is %+v, its log says %+v", n.ID, got, w)
		}
	}
}

type node struct {
	ID       int64
	Geometry struct{ Center point }
	Content  map[string]struct{ Title string }
}

type point struct{ X, Y float64 }

// changeData is the part of a change's data the checks read.
type changeData struct {
	Nodes     []node
	Positions []struct {
		ID     int64
		Center point
	}
}

// holds reports whether the data is the acknowledged write's.
func (d changeData) holds(a ack) bool {
	switch a.kind {
	case "node_position":
		return len(d.Positions) == 1 && d.Positions[0].ID == a.nodeID && d.Positions[0].Center == point{a.x, a.y}
	case "node_created":
		return len(d.Nodes) == 1 && (a.nodeID == 0 || d.Nodes[0].ID == a.nodeID) && d.Nodes[0].Geometry.Center == point{a.x, a.y}
	case "node_content":
		return len(d.Nodes) == 1 && d.Nodes[0].ID == a.nodeID && d.Nodes[0].Content["en"].Title == a.title
	}
	return false
}

// send makes one JSON request. A status of 0 means no answer came.
func send(c *http.Client, method, url string, body any) (int, http.Header, []byte, error) {
	b, err := json.Marshal(body)
	if err != nil {
		return 0, nil, nil, err
	}
	req, err := http.NewRequest(method, url, strings.NewReader(string(b)))
	if err != nil {
		return 0, nil, nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Origin", req.URL.Scheme+"://"+req.URL.Host) // as a browser does
	res, err := c.Do(req)
	if err != nil {
		return 0, nil, nil, err
	}
	defer res.Body.Close()
	answer, err := io.ReadAll(res.Body)
	return res.StatusCode, res.Header, answer, err
}

// startServer starts strata serve on the database db and waits until it is
// ready, returning how long that took.
func startServer(t *testing.T, bin string, db []string) (instance, time.Duration) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	started := time.Now()
	cmd := exec.Command(bin, append([]string{"serve", "--addr", addr, "--public-url", "http://" + addr, "--log-level", "error"}, db...)...)
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	url := "http://" + addr
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	for ctx.Err() == nil {
		if res, err := http.Get(url + "/readyz"); err == nil {
			res.Body.Close()
			if res.StatusCode == 200 {
				return instance{url: url, cmd: cmd}, time.Since(started)
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("strata on %s was not ready within 20 s", addr)
	return instance{}, 0
}
