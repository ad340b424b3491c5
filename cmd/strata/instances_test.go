package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/cookiejar"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/redis/go-redis/v9"

	"github.com/strata-maps/strata/internal/store/storetest"
)

// Two strata processes on one PostgreSQL and one Redis behave as one: editors
// on different instances see each other's pointers, locks and changes, and
// the locks of an instance that is killed are freed within 30 s.
func TestTwoInstancesOverRedis(t *testing.T) {
	a, b := startTwoInstances(t, 3)

	editor := signIn(t, a.url, "editor@demo.example.org", "demo-editor")
	admin := signIn(t, b.url, "admin@demo.example.org", "demo-admin")
	var maps struct {
		Maps []struct{ ID int64 } `json:"maps"`
	}
	getJSON(t, admin, b.url+"/api/v1/clients/demo/maps", &maps)
	mapID := maps.Maps[0].ID

	onA := dialLive(t, editor, a.url, mapID)
	onA.expect(t, "connected")
	onB := dialLive(t, admin, b.url, mapID)
	onB.expect(t, "connected")
	onA.expect(t, "user_joined_map_editors") // B's join crossed over to A

	// Pointers cross instances.
	onA.send(t, "update_user_state", map[string]float64{"x": 42, "y": 7})
	if got := onB.expect(t, "updated_user_state"); !strings.Contains(got, `"x":42`) {
		t.Fatalf("pointer on B: %s", got)
	}

	// A change made through B reaches the editor on A.
	res := postJSON(t, admin, b.url+fmt.Sprintf("/api/v1/maps/%d/nodes", mapID), map[string]any{
		"design": map[string]any{"shape": "circle"}, "geometry": map[string]any{"center": map[string]float64{"x": 100, "y": 100}},
		"visibility": map[string]any{"min_level": 1, "max_level": 3, "hidden": false}})
	var node struct{ ID int64 }
	json.Unmarshal(res, &node)
	if got := onA.expect(t, "sync_map_edit"); !strings.Contains(got, "node_created") {
		t.Fatalf("sync on A: %s", got)
	}

	// A lock taken on A is seen on B.
	onA.send(t, "start_editing_element", map[string]any{"elem_type": "node", "elem_id": node.ID, "lock_extent": "appearance"})
	if got := onB.expect(t, "block_element"); !strings.Contains(got, fmt.Sprintf(`"elem_id":"%d"`, node.ID)) {
		t.Fatalf("block on B: %s", got)
	}

	// Instance A dies without a word: its editor's lock is gone for B
	// within 30 s.
	killed := time.Now()
	a.cmd.Process.Signal(syscall.SIGKILL)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	for {
		_, data, err := onB.ws.Read(ctx)
		if err != nil {
			t.Fatalf("the lock was not freed within 30 s of the kill: %v", err)
		}
		s := string(data)
		if strings.Contains(s, "update_active_edits") && !strings.Contains(s, fmt.Sprintf(`"elem_id":"%d"`, node.ID)) {
			t.Logf("lock freed %v after the kill", time.Since(killed).Round(time.Second))
			return
		}
	}
}

// An instance shut down (SIGTERM, as in a rolling deploy) while an editor
// is in a room takes the editor out of it before it lets go of Redis: the
// editors on the other instance see them leave at once rather than a ghost
// until the entry expires (20 s), and the editor's locks go when the grace
// period ends (unless they reconnect elsewhere), not with the TTL.
func TestShutdownLeavesEveryRoomBeforeRedisCloses(t *testing.T) {
	a, b := startTwoInstances(t, 5, "--lock-grace", "1s")

	editor := signIn(t, a.url, "editor@demo.example.org", "demo-editor")
	admin := signIn(t, b.url, "admin@demo.example.org", "demo-admin")
	var maps struct {
		Maps []struct{ ID int64 } `json:"maps"`
	}
	getJSON(t, admin, b.url+"/api/v1/clients/demo/maps", &maps)
	mapID := maps.Maps[0].ID
	var me struct{ ID int64 }
	getJSON(t, editor, a.url+"/api/v1/auth/session", &me)
	res := postJSON(t, admin, b.url+fmt.Sprintf("/api/v1/maps/%d/nodes", mapID), map[string]any{
		"design": map[string]any{"shape": "circle"}, "geometry": map[string]any{"center": map[string]float64{"x": 100, "y": 100}}})
	var node struct{ ID int64 }
	json.Unmarshal(res, &node)

	onA := dialLive(t, editor, a.url, mapID)
	onA.expect(t, "connected")
	onB := dialLive(t, admin, b.url, mapID)
	onB.expect(t, "connected")
	onA.expect(t, "user_joined_map_editors")
	// A second editor on A whose client will not answer the close (its
	// machine went to sleep): the room is left all the same.
	student := signIn(t, a.url, "student@demo.example.org", "demo-student")
	var asleep struct{ ID int64 }
	getJSON(t, student, a.url+"/api/v1/auth/session", &asleep)
	dialLive(t, student, a.url, mapID)
	onB.expect(t, "user_joined_map_editors")
	onA.send(t, "start_editing_element", map[string]any{"elem_type": "node", "elem_id": node.ID})
	onB.expect(t, "block_element")
	// The editor's browser answers the server's close, as browsers do.
	go func() {
		for {
			if _, _, err := onA.ws.Read(context.Background()); err != nil {
				return
			}
		}
	}()

	stopped := time.Now()
	if err := a.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	left := map[string]bool{fmt.Sprintf(`"id":%d`, me.ID): false, fmt.Sprintf(`"id":%d`, asleep.ID): false}
	lock := fmt.Sprintf(`"elem_id":"%d"`, node.ID)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	var sawLeave time.Duration
	for {
		_, data, err := onB.ws.Read(ctx)
		if err != nil {
			t.Fatalf("after the shutdown: left after %v, lock not freed within 10 s: %v", sawLeave, err)
		}
		s := string(data)
		for who, seen := range left {
			if !seen && strings.Contains(s, "user_left_map_editors") && strings.Contains(s, who) {
				left[who] = true
				if sawLeave = time.Since(stopped); sawLeave > 3*time.Second {
					t.Fatalf("editor %s left %v after the shutdown, want within 3 s", who, sawLeave)
				}
			}
		}
		if strings.Contains(s, "update_active_edits") && !strings.Contains(s, lock) {
			freed := time.Since(stopped)
			t.Logf("left after %v, lock freed after %v", sawLeave.Round(time.Millisecond), freed.Round(time.Millisecond))
			for who, seen := range left {
				if !seen {
					t.Fatalf("the lock was freed but editor %s never left", who)
				}
			}
			break
		}
	}
	if err := a.cmd.Wait(); err != nil {
		t.Fatalf("the instance did not stop cleanly: %v", err)
	}
}

type instance struct {
	url string
	cmd *exec.Cmd
}

// startTwoInstances builds strata, seeds the demo on a fresh PostgreSQL
// database and starts two instances on it that share Redis database
// redisDB (emptied first; each test that starts instances has its own),
// each with the extra settings. Without PostgreSQL and Redis it skips, but
// fails in CI.
func startTwoInstances(t *testing.T, redisDB int, extra ...string) (a, b instance) {
	t.Helper()
	redisURL := os.Getenv("STRATA_TEST_REDIS_URL")
	if os.Getenv(storetest.PostgresEnv) == "" || redisURL == "" {
		if os.Getenv("CI") != "" {
			t.Fatal("CI must set STRATA_TEST_POSTGRES_URL and STRATA_TEST_REDIS_URL")
		}
		t.Skip("needs STRATA_TEST_POSTGRES_URL and STRATA_TEST_REDIS_URL (CI sets both)")
	}
	dbURL := storetest.CreatePostgresDatabase(t)
	opt, err := redis.ParseURL(redisURL)
	if err != nil {
		t.Fatal(err)
	}
	opt.DB = redisDB
	rdb := redis.NewClient(opt)
	defer rdb.Close()
	if err := rdb.FlushDB(context.Background()).Err(); err != nil {
		t.Fatal(err)
	}
	redisURL = fmt.Sprintf("redis://%s/%d", opt.Addr, redisDB)

	bin := filepath.Join(t.TempDir(), "strata")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	if out, err := exec.Command(bin, "demo", "--database-url", dbURL, "--log-level", "warn").CombinedOutput(); err != nil {
		t.Fatalf("demo: %v\n%s", err, out)
	}
	return startInstance(t, bin, dbURL, redisURL, extra...), startInstance(t, bin, dbURL, redisURL, extra...)
}

func startInstance(t *testing.T, bin, dbURL, redisURL string, extra ...string) instance {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	cmd := exec.Command(bin, append([]string{"serve", "--addr", addr, "--database-url", dbURL, "--redis-url", redisURL,
		"--data-dir", t.TempDir(), "--public-url", "http://" + addr, "--log-level", "warn"}, extra...)...)
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	url := "http://" + addr
	for i := 0; i < 100; i++ {
		if res, err := http.Get(url + "/readyz"); err == nil {
			res.Body.Close()
			if res.StatusCode == 200 {
				return instance{url: url, cmd: cmd}
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatalf("instance on %s did not become ready", addr)
	return instance{}
}

func signIn(t *testing.T, base, email, password string) *http.Client {
	t.Helper()
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Jar: jar}
	postJSONWith(t, c, base+"/api/v1/auth/login", map[string]any{"email": email, "password": password}, 200)
	return c
}

func postJSON(t *testing.T, c *http.Client, url string, body any) []byte {
	t.Helper()
	return postJSONWith(t, c, url, body, 201)
}

func postJSONWith(t *testing.T, c *http.Client, url string, body any, want int) []byte {
	t.Helper()
	b, _ := json.Marshal(body)
	req, _ := http.NewRequest("POST", url, strings.NewReader(string(b)))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Origin", req.URL.Scheme+"://"+req.URL.Host) // as a browser does; cookie writes without it are refused
	res, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var out json.RawMessage
	json.NewDecoder(res.Body).Decode(&out)
	if res.StatusCode != want {
		t.Fatalf("POST %s = %d %s", url, res.StatusCode, out)
	}
	return out
}

func getJSON(t *testing.T, c *http.Client, url string, v any) {
	t.Helper()
	res, err := c.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if res.StatusCode != 200 {
		t.Fatalf("GET %s = %d", url, res.StatusCode)
	}
	if err := json.NewDecoder(res.Body).Decode(v); err != nil {
		t.Fatal(err)
	}
}

type socket struct{ ws *websocket.Conn }

func dialLive(t *testing.T, c *http.Client, base string, mapID int64) *socket {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	u := fmt.Sprintf("ws%s/api/v1/live?map_id=%d&client_slug=demo", strings.TrimPrefix(base, "http"), mapID)
	ws, _, err := websocket.Dial(ctx, u, &websocket.DialOptions{HTTPClient: c})
	if err != nil {
		t.Fatalf("dial %s: %v", u, err)
	}
	t.Cleanup(func() { ws.CloseNow() })
	return &socket{ws: ws}
}

func (s *socket) send(t *testing.T, event string, data any) {
	t.Helper()
	b, _ := json.Marshal(map[string]any{"event": event, "data": data})
	if err := s.ws.Write(context.Background(), websocket.MessageText, b); err != nil {
		t.Fatal(err)
	}
}

func (s *socket) expect(t *testing.T, event string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for {
		_, data, err := s.ws.Read(ctx)
		if err != nil {
			t.Fatalf("waiting for %s: %v", event, err)
		}
		var f struct{ Event string }
		json.Unmarshal(data, &f)
		if f.Event == event {
			return string(data)
		}
	}
}
