package api_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/strata-maps/strata/internal/store"
	"github.com/strata-maps/strata/internal/store/storetest"
)

// seatRefusal is a quota refusal with its problem's parameters.
type seatRefusal struct {
	Error struct {
		Code     string
		Message  string
		Problems map[string]struct {
			Code   string
			Params map[string]any
		}
	}
}

func wantSeatRefusal(t *testing.T, res *response, kind string, members, pending int) {
	t.Helper()
	res.wantError(409, "quota_exceeded", "quota")
	var r seatRefusal
	res.decode(&r)
	p := r.Error.Problems["quota"]
	if p.Params["kind"] != kind || p.Params["members"] != float64(members) || p.Params["pending"] != float64(pending) ||
		!strings.Contains(r.Error.Message, "pending invitations") || !strings.Contains(r.Error.Message, "Revoke an invitation") {
		t.Fatalf("refusal %+v, want %s with %d members and %d pending", r.Error, kind, members, pending)
	}
}

func invite(email, role string) map[string]any { return map[string]any{"email": email, "role": role} }

// An open invitation holds a seat: the admin is refused when sending the
// one past the limit, not its invitee when accepting it; a second
// invitation of the same address holds no second seat, and revoking one
// frees its seat.
func TestPendingInvitationsHoldSeats(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		adm := h.session(admin)
		const invitations = "/api/v1/clients/acme/invitations"
		h.setQuota("user", 5) // four members: one seat free
		adm.do("POST", invitations, invite("first@example.org", "editor")).want(201)
		wantSeatRefusal(t, adm.do("POST", invitations, invite("second@example.org", "guest")), "user", 4, 1)
		if len(h.mails("second@example.org")) != 0 {
			t.Fatal("the refused invitation was mailed")
		}
		adm.do("POST", invitations, invite("first@example.org", "student")).want(201)

		// The seat kinds count pending invitations too.
		h.setQuota("user", nil)
		h.setQuota("editing_user", 4) // student, editor, admin and first@'s invitation
		wantSeatRefusal(t, adm.do("POST", invitations, invite("third@example.org", "editor")), "editing_user", 3, 1)
		wantSeatRefusal(t, adm.do("PATCH", fmt.Sprintf("/api/v1/clients/acme/users/%d", h.users[guest].ID), map[string]any{"role": "student"}),
			"editing_user", 3, 1)
		h.setQuota("editing_user", nil)

		h.setQuota("user", 5)
		var open struct{ Invitations []struct{ ID string } }
		adm.do("GET", invitations, nil).want(200).decode(&open)
		for _, inv := range open.Invitations {
			adm.do("DELETE", invitations+"/"+inv.ID, nil).want(204)
		}
		adm.do("POST", invitations, invite("second@example.org", "guest")).want(201)
		token := tokenOf(h.lastLink("second@example.org", "/register"))
		h.anonymous().do("POST", "/api/v1/auth/register", map[string]any{"token": token, "password": "a long quiet lantern",
			"password_confirmation": "a long quiet lantern"}).want(200)
		if q := h.quotas(adm)["user"]; q.Count != 5 {
			t.Fatalf("user quota after accepting %+v", q)
		}
	})
}

// Invitations sent at once for the last seat: one is sent, the others
// refused, on both databases.
func TestConcurrentInvitationsTakeOnlyTheLastSeat(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		h.setQuota("user", 5) // four members: one seat free
		adm := h.session(admin)
		const n = 4
		statuses := make(chan int, n)
		start := make(chan struct{})
		for i := range n {
			// Plain requests: the harness's do may call t.Fatal, which only the test's goroutine may.
			body, err := json.Marshal(invite(fmt.Sprintf("race%d@example.org", i), "editor"))
			if err != nil {
				t.Fatal(err)
			}
			req, err := http.NewRequest("POST", h.srv.URL+"/api/v1/clients/acme/invitations", bytes.NewReader(body))
			if err != nil {
				t.Fatal(err)
			}
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Sec-Fetch-Site", "same-origin")
			req.Header.Set("Origin", h.srv.URL)
			go func() {
				<-start
				res, err := adm.http.Do(req)
				if err != nil {
					statuses <- 0
					return
				}
				res.Body.Close()
				statuses <- res.StatusCode
			}()
		}
		close(start)
		sent, refused := 0, 0
		for range n {
			switch <-statuses {
			case 201:
				sent++
			case 409:
				refused++
			}
		}
		var open struct{ Invitations []struct{ Email string } }
		adm.do("GET", "/api/v1/clients/acme/invitations", nil).want(200).decode(&open)
		if sent != 1 || refused != n-1 || len(open.Invitations) != 1 {
			t.Fatalf("%d sent, %d refused, %d open invitations", sent, refused, len(open.Invitations))
		}
	})
}

// An invitee whose seat went meanwhile (the limit was lowered) is refused
// with the quota's code and the spec's text, signed in or registering, and
// the invitation stays usable once a seat is free.
func TestAcceptingPastTheLimitIsAQuotaRefusal(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		adm := h.session(admin)
		adm.do("POST", "/api/v1/clients/acme/invitations", invite("outsider@example.org", "guest")).want(201)
		token := tokenOf(h.lastLink("outsider@example.org", "token="))
		h.setQuota("user", 4)
		wantQuota(t, h.session(outsider).do("POST", "/api/v1/auth/accept", map[string]any{"token": token}), "user",
			"You have reached the maximum number of users; contact sales or upgrade")
		h.setQuota("user", 5)
		h.session(outsider).do("POST", "/api/v1/auth/accept", map[string]any{"token": token}).want(200)
	})
}

// A guest raised to edit one map edits it, and holds an editing-user seat
// rather than an active reader's while raised; cleared, the role decides
// again. The member's open editor learns both at once.
func TestGuestRaisedToEditTakesAnEditingSeat(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		adm, gst := h.session(admin), h.session(guest)
		mp := fmt.Sprintf("/api/v1/maps/%d", h.mapID)
		member := fmt.Sprintf("/api/v1/clients/acme/users/%d", h.users[guest].ID)
		key := fmt.Sprint(h.mapID)
		ws := h.openLive(h.as(guest))

		h.setQuota("editing_user", 3) // student, editor, admin
		wantSeatRefusal(t, adm.do("PATCH", member, map[string]any{"map_access": map[string]string{key: "edit"}}), "editing_user", 3, 0)
		gst.do("PATCH", mp, map[string]any{"description": "x"}).wantError(403, "forbidden")
		h.setQuota("editing_user", 4)

		adm.do("PATCH", member, map[string]any{"map_access": map[string]string{key: "edit"}}).want(200)
		var changed struct {
			CanEdit bool `json:"can_edit"`
		}
		json.Unmarshal(readWithin(t, ws, "access_changed", time.Second), &changed)
		if !changed.CanEdit {
			t.Fatal("the raised guest's open editor was not told it may edit")
		}
		gst.do("PATCH", mp, map[string]any{"description": "by the raised guest"}).want(200)
		// As a student edits it: its sections too, but no new map and no table of contents.
		gst.do("PUT", mp+"/editors_note", map[string]any{"shown": true, "title": map[string]any{"en": "By the guest"}}).want(200)
		gst.do("PUT", mp+"/toc", map[string]any{}).wantError(403, "forbidden")
		gst.do("POST", mp+"/clone", nil).wantError(403, "forbidden")
		if q := h.quotas(adm); q["editing_user"].Count != 4 || q["active_readers"].Count != 0 {
			t.Fatalf("quotas while raised: %+v", q)
		}

		var listed struct {
			MapAccess map[string]string `json:"map_access"`
		}
		adm.do("PATCH", member, map[string]any{"map_access": map[string]any{key: nil}}).want(200).decode(&listed)
		if _, set := listed.MapAccess[key]; set {
			t.Fatalf("a cleared access is still listed: %v", listed.MapAccess)
		}
		json.Unmarshal(readWithin(t, ws, "access_changed", time.Second), &changed)
		if changed.CanEdit {
			t.Fatal("the cleared guest's open editor may still edit")
		}
		gst.do("PATCH", mp, map[string]any{"description": "x"}).wantError(403, "forbidden")
		if q := h.quotas(adm); q["editing_user"].Count != 3 || q["active_readers"].Count != 1 {
			t.Fatalf("quotas once cleared: %+v", q)
		}
	})
}
