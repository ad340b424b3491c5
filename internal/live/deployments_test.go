package live_test

import (
	"context"
	"encoding/json"
	"os"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/strata-maps/strata/internal/live"
)

// redisOptions are the test Redis's, or skip (fail in CI) without one.
func redisOptions(t *testing.T) *redis.Options {
	t.Helper()
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
	return opt
}

// redisHub is an instance of the deployment named by prefix; its Redis
// client closes after the hub has shut down, as in cmd/strata.
func redisHub(t *testing.T, opt *redis.Options, prefix string, opts live.Options) (*live.Hub, *redis.Client) {
	t.Helper()
	rdb := redis.NewClient(opt)
	t.Cleanup(func() { rdb.Close() })
	bus := live.NewRedisBus(rdb, prefix)
	t.Cleanup(func() { bus.Close() })
	return newHubWith(t, live.NewRedisState(rdb, prefix), bus, opts), rdb
}

// readUntil reads frames until one of the event for which match holds,
// returning the frames before it.
func (c *client) readUntil(event string, match func(json.RawMessage) bool) []frame {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	var before []frame
	for {
		_, b, err := c.ws.Read(ctx)
		if err != nil {
			c.t.Fatalf("waiting for %s: %v (after %v)", event, err, before)
		}
		var f frame
		if err := json.Unmarshal(b, &f); err != nil {
			c.t.Fatalf("bad frame %s", b)
		}
		if f.Event == event && match(f.Data) {
			return before
		}
		before = append(before, f)
	}
}

func lockOf(data json.RawMessage) live.Lock {
	var l live.Lock
	json.Unmarshal(data, &l)
	return l
}

// Two deployments on one Redis (and one database number: pub/sub ignores
// it) never meet: neither sees the other's editors, pointers or locks,
// while two instances of one deployment share all three.
func TestSecurityDeploymentsApartOnOneRedis(t *testing.T) {
	opt := redisOptions(t)
	one, other := testPrefix(t), testPrefix(t)
	a1, _ := redisHub(t, opt, one, live.Options{})
	a2, _ := redisHub(t, opt, one, live.Options{})
	b, _ := redisHub(t, opt, other, live.Options{})

	u1 := dial(t, newServer(t, a1), "user=1")
	u1.expect(live.EvConnected)
	u3 := dial(t, newServer(t, a2), "user=3")
	var c3 connected
	json.Unmarshal(u3.expect(live.EvConnected), &c3)
	if len(c3.Visitors) != 2 {
		t.Fatalf("an instance of the same deployment sees visitors %+v, want users 1 and 3", c3.Visitors)
	}
	u1.expect(live.EvUserJoined)

	u2 := dial(t, newServer(t, b), "user=2")
	var c2 connected
	json.Unmarshal(u2.expect(live.EvConnected), &c2)
	if len(c2.Visitors) != 1 || c2.Visitors[0].ID != 2 || c2.Visitor.Colour != live.Colours[0] {
		t.Fatalf("the other deployment sees visitors %+v (colour %s), want itself alone with the first colour", c2.Visitors, c2.Visitor.Colour)
	}

	// A lock and a pointer on the first deployment cross its instances...
	lockNode(u1, 5)
	u3.readUntil(live.EvBlockElement, func(d json.RawMessage) bool { return lockOf(d).UserID == 1 })
	u1.send(live.EvUpdateUserState, map[string]float64{"x": 42, "y": 7})
	u3.expect(live.EvUpdatedUserState)
	lockNode(u3, 5)
	u3.wantError("element_locked")

	// ...but not into the other: its editor takes the same lock, and saw
	// nothing of the first deployment before.
	lockNode(u2, 5)
	if seen := u2.readUntil(live.EvBlockElement, func(d json.RawMessage) bool { return lockOf(d).UserID == 2 }); len(seen) > 0 {
		t.Fatalf("the other deployment's editor got %v", seen)
	}
	// Nor the other way: user 3's lock, taken after user 2's, reaches
	// user 1 with nothing of user 2 before it.
	lockNode(u3, 6)
	for _, f := range u1.readUntil(live.EvBlockElement, func(d json.RawMessage) bool { return lockOf(d).UserID == 3 }) {
		var who struct {
			ID     int64 `json:"id"`
			UserID int64 `json:"user_id"`
		}
		json.Unmarshal(f.Data, &who)
		if who.ID == 2 || who.UserID == 2 {
			t.Fatalf("the first deployment's editor got %s %s", f.Event, f.Data)
		}
	}
}
