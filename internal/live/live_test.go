package live_test

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/redis/go-redis/v9"

	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/live"
)

// A test server admitting ?user=ID (editor), ?user=ID&role=admin or
// ?user=ID&role=reader to map 1, in front of a hub.
func newServer(t *testing.T, h *live.Hub) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id, _ := strconv.ParseInt(r.URL.Query().Get("user"), 10, 64)
		role := r.URL.Query().Get("role")
		m := live.Member{User: domain.User{ID: id, Name: fmt.Sprintf("User %d", id), Email: fmt.Sprintf("u%d@example.org", id)},
			Session: fmt.Sprintf("s%d", id), ClientID: 1, CanEdit: role != "reader", IsAdmin: role == "admin"}
		accessOf(h).admit(m)
		h.Serve(w, r, 1, m, 7)
	}))
	t.Cleanup(srv.Close)
	return srv
}

// newHubWith starts a hub with the options, a fake Access (accessOf) and
// invite_users granting everyone.
func newHubWith(t *testing.T, state live.State, bus live.Bus, opts live.Options) *live.Hub {
	t.Helper()
	opts.Grants = live.GrantsFunc(func(_ context.Context, _ int64, ids []int64) ([]int64, error) { return ids, nil })
	fake := &fakeAccess{rights: map[int64]live.Member{}, signedOut: map[string]bool{}, none: map[int64]bool{}}
	opts.Access = fake
	h := live.NewHub(state, bus, slog.New(slog.NewTextHandler(io.Discard, nil)), opts)
	accesses.Store(h, fake)
	t.Cleanup(h.Close)
	return h
}

type client struct {
	t  *testing.T
	ws *websocket.Conn
}

func dial(t *testing.T, srv *httptest.Server, query string) *client {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	ws, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(srv.URL, "http")+"/?"+query, nil)
	if err != nil {
		t.Fatalf("dial: %v", err)
	}
	ws.SetReadLimit(1 << 20)
	t.Cleanup(func() { ws.CloseNow() })
	return &client{t: t, ws: ws}
}

func (c *client) send(event string, data any) {
	c.t.Helper()
	b, _ := json.Marshal(map[string]any{"event": event, "data": data})
	if err := c.ws.Write(context.Background(), websocket.MessageText, b); err != nil {
		c.t.Fatalf("send %s: %v", event, err)
	}
}

type frame struct {
	Event string          `json:"event"`
	Data  json.RawMessage `json:"data"`
}

// expect reads frames until one of the event arrives, skipping others.
func (c *client) expect(event string) json.RawMessage {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	for {
		_, b, err := c.ws.Read(ctx)
		if err != nil {
			c.t.Fatalf("waiting for %s: %v", event, err)
		}
		var f frame
		if err := json.Unmarshal(b, &f); err != nil {
			c.t.Fatalf("bad frame %s", b)
		}
		// Every frame the tests see is held to its documented data type.
		if err := checkFrame(f.Event, f.Data); err != nil {
			c.t.Errorf("frame %s: %v", b, err)
		}
		if f.Event == event {
			return f.Data
		}
	}
}

// eachState runs the suite on the in-memory state and, when
// STRATA_TEST_REDIS_URL is set, on Redis.
func eachState(t *testing.T, fn func(t *testing.T, h *live.Hub)) {
	eachStateWith(t, live.Options{}, fn)
}

// eachStateWith is eachState with hubs of those options.
func eachStateWith(t *testing.T, opts live.Options, fn func(t *testing.T, h *live.Hub)) {
	t.Run("memory", func(t *testing.T) { fn(t, newHubWith(t, live.NewMemoryState(), live.NewMemoryBus(), opts)) })
	url := os.Getenv("STRATA_TEST_REDIS_URL")
	if url == "" {
		if os.Getenv("CI") != "" {
			t.Fatal("STRATA_TEST_REDIS_URL is not set in CI")
		}
		return
	}
	t.Run("redis", func(t *testing.T) {
		opt, err := redis.ParseURL(url)
		if err != nil {
			t.Fatal(err)
		}
		rdb := redis.NewClient(opt)
		t.Cleanup(func() { rdb.Close() })
		prefix := testPrefix(t)
		bus := live.NewRedisBus(rdb, prefix)
		t.Cleanup(func() { bus.Close() })
		fn(t, newHubWith(t, live.NewRedisState(rdb, prefix), bus, opts))
	})
}

// testPrefix is a Redis prefix of the test's own: its keys and channels
// start empty and meet no other test's, on a Redis that others share.
func testPrefix(t *testing.T) string {
	t.Helper()
	var b [6]byte
	if _, err := rand.Read(b[:]); err != nil {
		t.Fatal(err)
	}
	return "test-" + hex.EncodeToString(b[:])
}

type connected struct {
	Visitor  live.Visitor   `json:"visitor"`
	Visitors []live.Visitor `json:"visitors"`
	Locks    []live.Lock    `json:"locks"`
	Revision int64          `json:"revision"`
}

func TestJoinGivesColoursInRotationAndTellsOthers(t *testing.T) {
	eachState(t, func(t *testing.T, h *live.Hub) {
		srv := newServer(t, h)
		a := dial(t, srv, "user=1")
		var ca connected
		json.Unmarshal(a.expect(live.EvConnected), &ca)
		if ca.Visitor.Colour != "orange" || ca.Visitor.Pointer != live.DefaultPointer || ca.Revision != 7 || ca.Visitor.Initials != "U1" {
			t.Fatalf("first visitor %+v rev %d", ca.Visitor, ca.Revision)
		}
		b := dial(t, srv, "user=2")
		var cb connected
		json.Unmarshal(b.expect(live.EvConnected), &cb)
		if cb.Visitor.Colour != "blue-grey" || len(cb.Visitors) != 2 {
			t.Fatalf("second visitor %+v, visitors %d", cb.Visitor, len(cb.Visitors))
		}
		var joined live.Visitor
		json.Unmarshal(a.expect(live.EvUserJoined), &joined)
		if joined.ID != 2 {
			t.Fatalf("joined %+v", joined)
		}
		// The first colour frees up when its visitor leaves.
		a.ws.Close(websocket.StatusNormalClosure, "")
		b.expect(live.EvUserLeft)
		c := dial(t, srv, "user=3")
		var cc connected
		json.Unmarshal(c.expect(live.EvConnected), &cc)
		if cc.Visitor.Colour != "orange" {
			t.Fatalf("third visitor got %s, want the freed orange", cc.Visitor.Colour)
		}
	})
}

func TestASecondConnectionOfTheSameUserGetsDuplicateUserError(t *testing.T) {
	eachState(t, func(t *testing.T, h *live.Hub) {
		srv := newServer(t, h)
		a := dial(t, srv, "user=1")
		a.expect(live.EvConnected)
		b := dial(t, srv, "user=1")
		b.expect(live.EvDuplicateUser)
	})
}

func TestPointersAreCoalescedAndBatched(t *testing.T) {
	eachState(t, func(t *testing.T, h *live.Hub) {
		srv := newServer(t, h)
		a := dial(t, srv, "user=1")
		a.expect(live.EvConnected)
		b := dial(t, srv, "user=2")
		b.expect(live.EvConnected)
		for i := 0; i < 20; i++ {
			a.send(live.EvUpdateUserState, map[string]float64{"x": float64(i), "y": 5})
		}
		var got struct {
			Users []struct {
				ID   int64
				X, Y float64
			} `json:"users"`
		}
		// Twenty updates within one interval arrive as one batch with the last.
		deadline := time.Now().Add(3 * time.Second)
		for time.Now().Before(deadline) {
			json.Unmarshal(b.expect(live.EvUpdatedUserState), &got)
			if len(got.Users) == 1 && got.Users[0].X == 19 {
				return
			}
		}
		t.Fatalf("last pointer never arrived: %+v", got)
	})
}

func TestLocks(t *testing.T) {
	eachState(t, func(t *testing.T, h *live.Hub) {
		srv := newServer(t, h)
		a := dial(t, srv, "user=1")
		a.expect(live.EvConnected)
		b := dial(t, srv, "user=2")
		b.expect(live.EvConnected)

		a.send(live.EvStartEditing, map[string]any{"elem_type": "node", "elem_id": 10, "lock_extent": "content"})
		var blocked live.Lock
		json.Unmarshal(b.expect(live.EvBlockElement), &blocked)
		if blocked.Key() != "node:10" || blocked.UserID != 1 || blocked.LockExtent != "content" || blocked.Colour != "orange" {
			t.Fatalf("block %+v", blocked)
		}
		b.send(live.EvStartEditing, map[string]any{"elem_type": "node", "elem_id": "10"})
		var refused struct {
			Code string    `json:"code"`
			Lock live.Lock `json:"lock"`
		}
		json.Unmarshal(b.expect(live.EvError), &refused)
		if refused.Code != "element_locked" || refused.Lock.UserID != 1 {
			t.Fatalf("refusal %+v", refused)
		}
		if l, _ := h.LockedByOther(context.Background(), 1, 2, []string{live.NodeKey(10)}); l == nil {
			t.Fatal("REST check does not see the lock")
		}
		if l, _ := h.LockedByOther(context.Background(), 1, 1, []string{live.NodeKey(10)}); l != nil {
			t.Fatal("one's own lock must not block one's own changes")
		}
		// Starting another node releases the first.
		a.send(live.EvStartEditing, map[string]any{"elem_type": "node", "elem_id": 11})
		var unblocked live.Lock
		json.Unmarshal(b.expect(live.EvUnblockElement), &unblocked)
		if unblocked.Key() != "node:10" {
			t.Fatalf("unblock %+v", unblocked)
		}
		b.expect(live.EvBlockElement)
		a.send(live.EvStopEditing, map[string]any{"elem_type": "node", "elem_id": 11})
		json.Unmarshal(b.expect(live.EvUnblockElement), &unblocked)
		if unblocked.Key() != "node:11" {
			t.Fatalf("unblock %+v", unblocked)
		}
		// A reader may not lock.
		r := dial(t, srv, "user=3&role=reader")
		r.expect(live.EvConnected)
		r.send(live.EvStartEditing, map[string]any{"elem_type": "map", "elem_id": 1})
		var e struct{ Code string }
		json.Unmarshal(r.expect(live.EvError), &e)
		if e.Code != "forbidden" {
			t.Fatalf("reader lock: %+v", e)
		}
	})
}

func TestADroppedConnectionsLocksGoAfterTheGracePeriod(t *testing.T) {
	eachStateWith(t, live.Options{LockGrace: testGrace}, func(t *testing.T, h *live.Hub) {
		srv := newServer(t, h)
		a := dial(t, srv, "user=1")
		a.expect(live.EvConnected)
		b := dial(t, srv, "user=2")
		b.expect(live.EvConnected)
		a.send(live.EvStartEditing, map[string]any{"elem_type": "edge", "elem_id": 4})
		b.expect(live.EvBlockElement)
		a.ws.CloseNow()
		b.expect(live.EvUserLeft)
		start := time.Now()
		ctx, cancel := context.WithTimeout(context.Background(), testGrace+5*time.Second)
		defer cancel()
		for {
			_, data, err := b.ws.Read(ctx)
			if err != nil {
				t.Fatalf("no unblock within the grace period: %v", err)
			}
			if strings.Contains(string(data), live.EvUnblockElement) {
				break
			}
		}
		if d := time.Since(start); d < testGrace-100*time.Millisecond {
			t.Fatalf("released after %v, before the grace period", d)
		}
	})
}

func TestChangesReachEveryEditorTheAuthorIncluded(t *testing.T) {
	eachState(t, func(t *testing.T, h *live.Hub) {
		srv := newServer(t, h)
		a := dial(t, srv, "user=1")
		a.expect(live.EvConnected)
		b := dial(t, srv, "user=2")
		b.expect(live.EvConnected)
		uid := int64(1)
		h.Publish(context.Background(), 1, []domain.Change{{MapID: 1, Revision: 8, UserID: &uid, Type: "node_created", Data: []byte(`{"nodes":[{"id":5}]}`)}})
		for _, c := range []*client{a, b} {
			var got struct {
				Revision int64           `json:"revision"`
				UserID   int64           `json:"user_id"`
				Type     string          `json:"type"`
				Data     json.RawMessage `json:"data"`
			}
			json.Unmarshal(c.expect(live.EvSyncMapEdit), &got)
			if got.Revision != 8 || got.UserID != 1 || got.Type != "node_created" || !strings.Contains(string(got.Data), `"id":5`) {
				t.Fatalf("sync %+v", got)
			}
		}
	})
}

func TestTransientEditsAreRelayedToOthersOnly(t *testing.T) {
	eachState(t, func(t *testing.T, h *live.Hub) {
		srv := newServer(t, h)
		a := dial(t, srv, "user=1")
		a.expect(live.EvConnected)
		b := dial(t, srv, "user=2")
		b.expect(live.EvConnected)
		a.send(live.EvSubmitEdit, map[string]any{"type": "node_dragging", "data": map[string]any{"id": 3, "x": 1, "y": 2}})
		if got := string(b.expect(live.EvSubmitEdit)); !strings.Contains(got, `"user_id":1`) || !strings.Contains(got, `"node_dragging"`) {
			t.Fatalf("relay %s", got)
		}
		// Stored state is never relayed.
		a.send(live.EvSubmitEdit, map[string]any{"type": "node_design", "data": map[string]any{}})
		a.expect(live.EvError)
	})
}

func TestInvitations(t *testing.T) {
	eachState(t, func(t *testing.T, h *live.Hub) {
		srv := newServer(t, h)
		adm := dial(t, srv, "user=1&role=admin")
		adm.expect(live.EvConnected)
		ed := dial(t, srv, "user=2")
		ed.expect(live.EvConnected)
		rd := dial(t, srv, "user=3&role=reader")
		rd.expect(live.EvConnected)
		rd.send(live.EvRequestInvitation, map[string]any{})
		if got := string(adm.expect(live.EvRequestedInvitation)); !strings.Contains(got, `"id":3`) {
			t.Fatalf("requested %s", got)
		}
		ed.send(live.EvInviteUsers, map[string]any{"user_ids": []int64{3}})
		ed.expect(live.EvError) // not an admin
		adm.send(live.EvInviteUsers, map[string]any{"user_ids": []int64{3}})
		rd.expect(live.EvInvited)
	})
}

func TestBadFrames(t *testing.T) {
	eachState(t, func(t *testing.T, h *live.Hub) {
		srv := newServer(t, h)
		a := dial(t, srv, "user=1")
		a.expect(live.EvConnected)
		a.ws.Write(context.Background(), websocket.MessageText, []byte(`{not json`))
		a.expect(live.EvError)
		a.send("fly_to_the_moon", nil)
		a.expect(live.EvError)
		// The connection stays after an error.
		a.send(live.EvJoin, nil)
		a.expect(live.EvConnected)

		// Repeated abuse closes it with the policy code.
		for i := 0; i < 12; i++ {
			a.ws.Write(context.Background(), websocket.MessageText, []byte(`[]`))
		}
		if code := readUntilClosed(a); code != websocket.StatusPolicyViolation {
			t.Fatalf("abuse closed with %v, want policy violation", code)
		}

		// A frame over 64 KiB closes with "message too big".
		b := dial(t, srv, "user=2")
		b.expect(live.EvConnected)
		big := `{"event":"update_user_state","data":{"x":1,"pad":"` + strings.Repeat("x", live.MaxFrame) + `"}}`
		b.ws.Write(context.Background(), websocket.MessageText, []byte(big))
		if code := readUntilClosed(b); code != websocket.StatusMessageTooBig {
			t.Fatalf("oversized frame closed with %v, want 1009", code)
		}
	})
}

func readUntilClosed(c *client) websocket.StatusCode {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	for {
		if _, _, err := c.ws.Read(ctx); err != nil {
			return websocket.CloseStatus(err)
		}
	}
}

// Pointers reach the map's editors on another instance, and the sender's
// own instance sends its batch once, not again when the bus brings it
// back: two hubs on one in-process bus, and over Redis.
func TestPointersCrossInstancesOnce(t *testing.T) {
	run := func(t *testing.T, a, b *live.Hub) {
		mover := dial(t, newServer(t, a), "user=1")
		mover.expect(live.EvConnected)
		watcher := dial(t, newServer(t, b), "user=2")
		watcher.expect(live.EvConnected)
		mover.send(live.EvUpdateUserState, map[string]float64{"x": 42, "y": 5})
		var got struct {
			Users []live.PointerUpdate `json:"users"`
		}
		json.Unmarshal(watcher.expect(live.EvUpdatedUserState), &got)
		if len(got.Users) != 1 || got.Users[0].ID != 1 || got.Users[0].X != 42 {
			t.Fatalf("the other instance's socket got %+v", got)
		}
		own := 0
		ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
		defer cancel()
		for {
			_, msg, err := mover.ws.Read(ctx)
			if err != nil {
				break
			}
			if strings.Contains(string(msg), live.EvUpdatedUserState) {
				own++
			}
		}
		if own != 1 {
			t.Fatalf("the sender's socket got its batch %d times", own)
		}
	}
	t.Run("memory", func(t *testing.T) {
		state, bus := live.NewMemoryState(), live.NewMemoryBus()
		run(t, newHubWith(t, state, bus, live.Options{}), newHubWith(t, state, bus, live.Options{}))
	})
	url := os.Getenv("STRATA_TEST_REDIS_URL")
	if url == "" {
		if os.Getenv("CI") != "" {
			t.Fatal("STRATA_TEST_REDIS_URL is not set in CI")
		}
		return
	}
	t.Run("redis", func(t *testing.T) {
		opt, err := redis.ParseURL(url)
		if err != nil {
			t.Fatal(err)
		}
		prefix := testPrefix(t)
		instance := func() *live.Hub {
			rdb := redis.NewClient(opt)
			t.Cleanup(func() { rdb.Close() })
			bus := live.NewRedisBus(rdb, prefix)
			t.Cleanup(func() { bus.Close() })
			return newHubWith(t, live.NewRedisState(rdb, prefix), bus, live.Options{})
		}
		a, b := instance(), instance()
		run(t, a, b)
	})
}
