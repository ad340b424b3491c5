package live_test

import (
	"encoding/json"
	"testing"

	"github.com/redis/go-redis/v9"

	"github.com/strata-maps/strata/internal/auth"
	"github.com/strata-maps/strata/internal/live"
)

// countInvitationRequests has the reader send n request_invitation frames
// and returns how many reached the admin and how many the reader was told
// were refused for the rate.
func countInvitationRequests(t *testing.T, reader, admin *client, n int) (requested, refused int) {
	t.Helper()
	for range n {
		reader.send(live.EvRequestInvitation, map[string]any{})
	}
	for refused < n-live.InvitationRequestsAllowed {
		var e live.ErrorFrame
		json.Unmarshal(reader.expect(live.EvError), &e)
		if e.Code != live.CodeRateLimited || e.RetryAfter <= 0 || e.RetryAfter > int(live.InvitationRequestWindow.Seconds()) {
			t.Fatalf("refused with %+v, want rate_limited and when to ask again", e)
		}
		refused++
	}
	// The admin's own lock comes after every request that went out.
	lockNode(admin, 5)
	for _, f := range admin.readUntil(live.EvBlockElement, func(d json.RawMessage) bool { return lockOf(d).UserID == 1 }) {
		if f.Event == live.EvRequestedInvitation {
			requested++
		}
	}
	return requested, refused
}

// 300 request_invitation frames reach the map's admins as at most
// InvitationRequestsAllowed requests; the rest are answered rate_limited.
func TestSecurityInvitationRequestsAreRateLimited(t *testing.T) {
	eachState(t, func(t *testing.T, h *live.Hub) {
		srv := newServer(t, h)
		adm := dial(t, srv, "user=1&role=admin")
		adm.expect(live.EvConnected)
		rd := dial(t, srv, "user=3&role=reader")
		rd.expect(live.EvConnected)
		requested, refused := countInvitationRequests(t, rd, adm, 300)
		if requested != live.InvitationRequestsAllowed || refused != 300-live.InvitationRequestsAllowed {
			t.Fatalf("300 frames: %d requests reached the admin, %d refused; want %d and %d",
				requested, refused, live.InvitationRequestsAllowed, 300-live.InvitationRequestsAllowed)
		}
	})
}

// The allowance is the user's on the map, not the socket's: reconnecting
// to another instance does not renew it.
func TestSecurityInvitationRequestLimitHoldsAcrossInstances(t *testing.T) {
	opt := redisOptions(t)
	prefix := testPrefix(t)
	limits := redis.NewClient(opt)
	t.Cleanup(func() { limits.Close() })
	shared := live.Options{InvitationRequests: auth.NewRedisLimiter(limits, prefix, "invitation-requests",
		live.InvitationRequestsAllowed, live.InvitationRequestWindow)}
	a, _ := redisHub(t, opt, prefix, shared)
	b, _ := redisHub(t, opt, prefix, shared)
	adm := dial(t, newServer(t, b), "user=1&role=admin")
	adm.expect(live.EvConnected)
	rd := dial(t, newServer(t, a), "user=3&role=reader")
	rd.expect(live.EvConnected)
	if requested, _ := countInvitationRequests(t, rd, adm, live.InvitationRequestsAllowed+1); requested != live.InvitationRequestsAllowed {
		t.Fatalf("%d requests reached the admin, want %d", requested, live.InvitationRequestsAllowed)
	}
	rd.ws.CloseNow()
	adm.expect(live.EvUserLeft)
	again := dial(t, newServer(t, b), "user=3&role=reader")
	again.expect(live.EvConnected)
	again.send(live.EvRequestInvitation, map[string]any{})
	again.wantError("rate_limited")
}
