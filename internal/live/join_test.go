package live_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"

	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/live"
)

// Rights read for a socket's upgrade may change before the socket is in
// its room, where the recheck of that change finds no socket: the socket
// is told all the same, read-only or closed (4003), not left with the
// rights of its upgrade.
func TestSecurityRightsChangedWhileASocketJoinsReachIt(t *testing.T) {
	eachState(t, func(t *testing.T, h *live.Hub) {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			id, _ := strconv.ParseInt(r.URL.Query().Get("user"), 10, 64)
			m := live.Member{User: domain.User{ID: id, Name: fmt.Sprintf("User %d", id)},
				Session: fmt.Sprintf("s%d", id), ClientID: 1, CanEdit: true}
			accessOf(h).admit(m)
			// The change commits after the upgrade's check; its recheck comes
			// before the socket joined.
			switch r.URL.Query().Get("change") {
			case "read":
				accessOf(h).set(id, false, false)
			case "none":
				accessOf(h).deny(id)
			}
			h.Recheck(r.Context(), live.Users(id))
			h.Serve(w, r, 1, m, 7)
		}))
		t.Cleanup(srv.Close)

		lowered := dial(t, srv, "user=1&change=read")
		var changed struct {
			CanEdit bool `json:"can_edit"`
		}
		json.Unmarshal(lowered.expectWithin(live.EvAccessChanged, revocationDeadline), &changed)
		if changed.CanEdit {
			t.Fatal("access_changed still says can_edit")
		}
		lockNode(lowered, 10)
		lowered.wantError("forbidden")

		gone := dial(t, srv, "user=2&change=none")
		if code, reason := gone.closedWithin(revocationDeadline); code != live.CloseAccessRevoked || reason != live.ReasonAccessRevoked {
			t.Fatalf("closed with %d %q", code, reason)
		}

		// Rights as they were: the socket hears nothing of them.
		same := dial(t, srv, "user=3")
		same.expect(live.EvConnected)
		same.send(live.EvJoin, nil)
		for {
			_, b, err := same.ws.Read(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			var f frame
			json.Unmarshal(b, &f)
			if f.Event == live.EvAccessChanged {
				t.Fatalf("unchanged rights announced: %s", b)
			}
			if f.Event == live.EvConnected {
				break
			}
		}
	})
}
