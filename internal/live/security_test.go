package live_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/redis/go-redis/v9"

	"github.com/strata-maps/strata/internal/live"
)

// testGrace stands for the ten seconds of LockGrace.
const testGrace = 500 * time.Millisecond

// revocationDeadline is how soon a recheck must reach a socket.
const revocationDeadline = time.Second

// fakeAccess is the application's side of a test hub: rights by user,
// which a test lowers before asking for a recheck. Elements with ids
// below 100 exist.
type fakeAccess struct {
	mu        sync.Mutex
	rights    map[int64]live.Member
	none      map[int64]bool
	signedOut map[string]bool
}

var accesses sync.Map // *live.Hub → *fakeAccess

func accessOf(h *live.Hub) *fakeAccess {
	f, _ := accesses.Load(h)
	return f.(*fakeAccess)
}

// admit records the rights of a socket being opened, unless a test set them.
func (f *fakeAccess) admit(m live.Member) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if _, ok := f.rights[m.User.ID]; !ok {
		f.rights[m.User.ID] = m
	}
}

func (f *fakeAccess) set(userID int64, canEdit, isAdmin bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	m := f.rights[userID]
	m.CanEdit, m.IsAdmin = canEdit, isAdmin
	f.rights[userID] = m
}

func (f *fakeAccess) deny(userID int64) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.none[userID] = true
}

func (f *fakeAccess) signOut(session string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.signedOut[session] = true
}

func (f *fakeAccess) Member(_ context.Context, session string, _ int64) (live.Member, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	id, err := strconv.ParseInt(strings.TrimPrefix(session, "s"), 10, 64)
	if err != nil || f.signedOut[session] {
		return live.Member{}, live.ErrSignedOut
	}
	if f.none[id] {
		return live.Member{}, live.ErrNoAccess
	}
	return f.rights[id], nil
}

func (f *fakeAccess) Exists(_ context.Context, _ int64, _ string, elemID string) (bool, error) {
	id, err := strconv.ParseInt(elemID, 10, 64)
	return err == nil && id < 100, nil
}

// expectWithin is expect with a deadline.
func (c *client) expectWithin(event string, d time.Duration) json.RawMessage {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	for {
		_, b, err := c.ws.Read(ctx)
		if err != nil {
			c.t.Fatalf("no %s within %v: %v", event, d, err)
		}
		var f frame
		if err := json.Unmarshal(b, &f); err != nil {
			c.t.Fatalf("bad frame %s", b)
		}
		if f.Event == event {
			return f.Data
		}
	}
}

// closedWithin reads until the socket closes, returning its status and reason.
func (c *client) closedWithin(d time.Duration) (websocket.StatusCode, string) {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	for {
		if _, _, err := c.ws.Read(ctx); err != nil {
			var ce websocket.CloseError
			if !errors.As(err, &ce) {
				c.t.Fatalf("socket not closed within %v: %v", d, err)
			}
			return ce.Code, ce.Reason
		}
	}
}

func (c *client) wantError(code string) {
	c.t.Helper()
	var e struct{ Code string }
	json.Unmarshal(c.expect(live.EvError), &e)
	if e.Code != code {
		c.t.Fatalf("error %q, want %q", e.Code, code)
	}
}

func lockNode(c *client, id int) {
	c.send(live.EvStartEditing, map[string]any{"elem_type": "node", "elem_id": id})
}

// Lowering a user's rights to read makes their socket read-only within a
// second: their locks go at once (not after the grace period), they are
// told, and they can take no other lock.
func TestSecurityDowngradedSocketIsReadOnlyAndLosesItsLocks(t *testing.T) {
	eachState(t, func(t *testing.T, h *live.Hub) {
		srv := newServer(t, h)
		ed := dial(t, srv, "user=1")
		ed.expect(live.EvConnected)
		other := dial(t, srv, "user=2")
		other.expect(live.EvConnected)
		lockNode(ed, 10)
		other.expect(live.EvBlockElement)

		accessOf(h).set(1, false, false)
		h.Recheck(context.Background(), live.Users(1))
		var freed live.Lock
		json.Unmarshal(other.expectWithin(live.EvUnblockElement, revocationDeadline), &freed)
		if freed.Key() != "node:10" || freed.UserID != 1 {
			t.Fatalf("freed %+v", freed)
		}
		var changed struct {
			CanEdit bool `json:"can_edit"`
		}
		json.Unmarshal(ed.expectWithin(live.EvAccessChanged, revocationDeadline), &changed)
		if changed.CanEdit {
			t.Fatal("access_changed still says can_edit")
		}
		lockNode(ed, 11)
		ed.wantError("forbidden")
		if l, _ := h.LockedByOther(context.Background(), 1, 2, []string{live.NodeKey(10), live.NodeKey(11)}); l != nil {
			t.Fatalf("a read-only socket holds %+v", l)
		}
	})
}

// A socket whose session ended (logout, password change or reset) is
// closed with 4001 signed_out; one whose user may no longer read the map
// with 4003 access_revoked; both within a second, their locks freed.
func TestSecurityRevokedSocketsCloseAndFreeTheirLocks(t *testing.T) {
	eachState(t, func(t *testing.T, h *live.Hub) {
		srv := newServer(t, h)
		out := dial(t, srv, "user=1")
		out.expect(live.EvConnected)
		gone := dial(t, srv, "user=2")
		gone.expect(live.EvConnected)
		watcher := dial(t, srv, "user=3")
		watcher.expect(live.EvConnected)
		lockNode(out, 10)
		watcher.expect(live.EvBlockElement)
		lockNode(gone, 20)
		watcher.expect(live.EvBlockElement)

		accessOf(h).signOut("s1")
		h.Recheck(context.Background(), live.Sessions("s1"))
		if code, reason := out.closedWithin(revocationDeadline); code != live.CloseSignedOut || reason != live.ReasonSignedOut {
			t.Fatalf("signed out: closed with %d %q", code, reason)
		}
		var freed live.Lock
		json.Unmarshal(watcher.expectWithin(live.EvUnblockElement, revocationDeadline), &freed)
		if freed.Key() != "node:10" {
			t.Fatalf("freed %+v", freed)
		}

		accessOf(h).deny(2)
		h.Recheck(context.Background(), live.Target{Clients: []int64{1}})
		if code, reason := gone.closedWithin(revocationDeadline); code != live.CloseAccessRevoked || reason != live.ReasonAccessRevoked {
			t.Fatalf("access revoked: closed with %d %q", code, reason)
		}
		json.Unmarshal(watcher.expectWithin(live.EvUnblockElement, revocationDeadline), &freed)
		if freed.Key() != "node:20" {
			t.Fatalf("freed %+v", freed)
		}
		// The others keep their socket.
		watcher.send(live.EvJoin, nil)
		watcher.expect(live.EvConnected)
	})
}

// A recheck on one instance reaches the socket on another, through Redis.
func TestSecurityRevocationReachesOtherInstancesOverRedis(t *testing.T) {
	url := os.Getenv("STRATA_TEST_REDIS_URL")
	if url == "" {
		if os.Getenv("CI") != "" {
			t.Fatal("STRATA_TEST_REDIS_URL is not set in CI")
		}
		t.Skip("STRATA_TEST_REDIS_URL is not set")
	}
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
	ed := dial(t, newServer(t, b), "user=1")
	ed.expect(live.EvConnected)
	lockNode(ed, 10)
	ed.expect(live.EvBlockElement)
	watcher := dial(t, newServer(t, a), "user=2")
	watcher.expect(live.EvConnected)

	// Instance B's application answers B's recheck.
	accessOf(b).deny(1)
	a.Recheck(context.Background(), live.Users(1))
	if code, _ := ed.closedWithin(revocationDeadline); code != live.CloseAccessRevoked {
		t.Fatalf("socket on the other instance closed with %d", code)
	}
	var freed live.Lock
	json.Unmarshal(watcher.expectWithin(live.EvUnblockElement, revocationDeadline), &freed)
	if freed.Key() != "node:10" {
		t.Fatalf("freed %+v", freed)
	}
}

// Locks name elements and sections that exist: a node, edge or template
// not on the map, or a section of another map, is refused.
func TestSecurityLockOnMissingElementIsRefused(t *testing.T) {
	eachState(t, func(t *testing.T, h *live.Hub) {
		srv := newServer(t, h)
		ed := dial(t, srv, "user=1")
		ed.expect(live.EvConnected)
		for _, req := range []map[string]any{
			{"elem_type": "node", "elem_id": 999},
			{"elem_type": "edge", "elem_id": "4a"},
			{"elem_type": "object_template", "elem_id": 500},
			{"elem_type": "glossary", "elem_id": 2}, // map 2's, on map 1's socket
			{"elem_type": "seo", "elem_id": "anything"},
		} {
			ed.send(live.EvStartEditing, req)
			ed.wantError("not_found")
		}
		if locks, _ := h.LockedByOther(context.Background(), 1, 2, []string{"node:999", "object_template:500", "glossary:2"}); locks != nil {
			t.Fatalf("lock taken: %+v", locks)
		}
		ed.send(live.EvStartEditing, map[string]any{"elem_type": "glossary", "elem_id": 1})
		ed.expect(live.EvBlockElement)
	})
}

// An admin breaks another editor's lock: everyone sees it go and the
// holder is told who broke it. An editor may not.
func TestSecurityAdminBreaksALockAndTheHolderIsTold(t *testing.T) {
	eachState(t, func(t *testing.T, h *live.Hub) {
		srv := newServer(t, h)
		holder := dial(t, srv, "user=1")
		holder.expect(live.EvConnected)
		ed := dial(t, srv, "user=2")
		ed.expect(live.EvConnected)
		adm := dial(t, srv, "user=3&role=admin")
		adm.expect(live.EvConnected)
		lockNode(holder, 10)
		adm.expect(live.EvBlockElement)

		ed.send(live.EvBreakLock, map[string]any{"elem_type": "node", "elem_id": 10})
		ed.wantError("forbidden")
		adm.send(live.EvBreakLock, map[string]any{"elem_type": "node", "elem_id": 10})
		var told struct {
			Lock   live.Lock `json:"lock"`
			Reason string    `json:"reason"`
			By     struct {
				ID   int64  `json:"id"`
				Name string `json:"name"`
			} `json:"by"`
		}
		json.Unmarshal(holder.expect(live.EvLockReleased), &told)
		if told.Lock.Key() != "node:10" || told.Reason != "broken" || told.By.ID != 3 || told.By.Name != "User 3" {
			t.Fatalf("holder told %+v", told)
		}
		ed.expect(live.EvUnblockElement)
		if l, _ := h.LockedByOther(context.Background(), 1, 2, []string{live.NodeKey(10)}); l != nil {
			t.Fatalf("lock still held: %+v", l)
		}
		ed.send(live.EvBreakLock, map[string]any{"elem_type": "node", "elem_id": 10})
		ed.wantError("forbidden")
		adm.send(live.EvBreakLock, map[string]any{"elem_type": "node", "elem_id": 10})
		adm.wantError("not_found")
	})
}

// A lock whose holder does nothing for the idle period is released, and
// they are told; one whose holder keeps working is not.
func TestSecurityIdleLockIsReleased(t *testing.T) {
	const idle = 400 * time.Millisecond
	eachStateWith(t, live.Options{LockIdle: idle}, func(t *testing.T, h *live.Hub) {
		srv := newServer(t, h)
		busy := dial(t, srv, "user=1")
		busy.expect(live.EvConnected)
		away := dial(t, srv, "user=2")
		away.expect(live.EvConnected)
		lockNode(busy, 10)
		away.expect(live.EvBlockElement)
		lockNode(away, 20)
		busy.expect(live.EvBlockElement)
		start := time.Now()
		stop := time.After(3 * idle)
		tick := time.NewTicker(idle / 4)
		defer tick.Stop()
		go func() {
			for {
				select {
				case <-stop:
					return
				case <-tick.C:
					busy.send(live.EvUpdateUserState, map[string]float64{"x": 1, "y": 1})
				}
			}
		}()
		var told struct {
			Lock   live.Lock `json:"lock"`
			Reason string    `json:"reason"`
		}
		json.Unmarshal(away.expectWithin(live.EvLockReleased, 3*idle), &told)
		if told.Lock.Key() != "node:20" || told.Reason != "idle" || time.Since(start) < idle {
			t.Fatalf("told %+v after %v", told, time.Since(start))
		}
		<-time.After(3*idle - time.Since(start))
		if l, _ := h.LockedByOther(context.Background(), 1, 2, []string{live.NodeKey(10)}); l == nil {
			t.Fatal("the busy editor's lock went")
		}
	})
}

// Every reader of a map sees its visitors, guests included: names and
// colours, no addresses.
func TestSecurityVisitorListCarriesNoAddresses(t *testing.T) {
	eachState(t, func(t *testing.T, h *live.Hub) {
		srv := newServer(t, h)
		ed := dial(t, srv, "user=1")
		ed.expect(live.EvConnected)
		guest := dial(t, srv, "user=2&role=reader")
		for _, raw := range []json.RawMessage{guest.expect(live.EvConnected), ed.expect(live.EvUserJoined)} {
			if strings.Contains(string(raw), "example.org") || strings.Contains(string(raw), "email") {
				t.Fatalf("visitor frame carries an address: %s", raw)
			}
		}
		guest.send(live.EvJoin, nil)
		if raw := guest.expect(live.EvConnected); strings.Contains(string(raw), "@") {
			t.Fatalf("resync carries an address: %s", raw)
		}
	})
}

// Closing a socket waits for its peer's close frame; peers that read
// nothing must not hold up the others' revocation. Five of six revoked
// peers here read nothing, so a recheck that closed them one after another
// would reach the reading one late five times in six.
func TestSecurityRevocationIsNotHeldUpBySilentPeers(t *testing.T) {
	eachState(t, func(t *testing.T, h *live.Hub) {
		srv := newServer(t, h)
		var silent []*client
		for user := 1; user <= 5; user++ {
			c := dial(t, srv, fmt.Sprintf("user=%d", user))
			c.expect(live.EvConnected)
			silent = append(silent, c)
		}
		reader := dial(t, srv, "user=6")
		reader.expect(live.EvConnected)
		for user := int64(1); user <= 6; user++ {
			accessOf(h).deny(user)
		}
		h.Recheck(context.Background(), live.Target{Clients: []int64{1}})
		if code, _ := reader.closedWithin(revocationDeadline); code != live.CloseAccessRevoked {
			t.Fatalf("closed with %d", code)
		}
		_ = silent // read nothing until the test ends
	})
}
