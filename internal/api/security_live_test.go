package api_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/strata-maps/strata/internal/live"
	"github.com/strata-maps/strata/internal/store"
	"github.com/strata-maps/strata/internal/store/storetest"
)

const newPassword = "Quartz-lantern-2291"

// Every change that narrows a user's rights reaches their open sockets
// within a second: closed when the session ended or the map is out of
// reach, read-only when they may no longer edit; their locks freed at once
// either way.
func TestSecurityRevocationReachesTheLiveChannel(t *testing.T) {
	members := func(h *harness) string { return fmt.Sprintf("/api/v1/clients/acme/users/%d", h.users[editor].ID) }
	permissions := func(h *harness, acc string) (string, any) {
		return fmt.Sprintf("/api/v1/maps/%d/permissions", h.mapID),
			map[string]any{"users": map[string]string{fmt.Sprintf("/api/v1/users/%d", h.users[editor].ID): acc}}
	}
	for _, tc := range []struct {
		name string
		act  func(h *harness, ed *client)
		// code closes the socket; 0 makes it read-only.
		code websocket.StatusCode
	}{
		{"logout", func(h *harness, ed *client) { ed.do("POST", "/api/v1/auth/logout", nil).want(204) }, live.CloseSignedOut},
		{"password changed in another session", func(h *harness, _ *client) {
			h.as(editor).do("POST", fmt.Sprintf("/api/v1/users/%d/password", h.users[editor].ID), map[string]any{
				"current_password": testPassword, "password": newPassword, "password_confirmation": newPassword}).want(204)
		}, live.CloseSignedOut},
		{"password reset", func(h *harness, _ *client) {
			anon := h.anonymous()
			anon.do("POST", "/api/v1/auth/password_reset/tokens", map[string]any{"email": "editor@example.org"}).want(202)
			link := h.lastLink("editor@example.org", "/reset-password?token=")
			anon.do("POST", "/api/v1/auth/password_reset/tokens/"+tokenOf(link),
				map[string]any{"password": newPassword, "password_confirmation": newPassword}).want(204)
		}, live.CloseSignedOut},
		{"registered with an invitation token", func(h *harness, _ *client) {
			h.as(admin).do("POST", "/api/v1/clients/acme/invitations", map[string]any{"email": "editor@example.org", "role": "admin"}).want(201)
			h.anonymous().do("POST", "/api/v1/auth/register", map[string]any{"token": tokenOf(h.lastLink("editor@example.org", "/register?token=")),
				"password": newPassword, "password_confirmation": newPassword}).want(200)
		}, live.CloseSignedOut},
		{"member removed", func(h *harness, _ *client) { h.as(admin).do("DELETE", members(h), nil).want(204) }, live.CloseAccessRevoked},
		{"map access none", func(h *harness, _ *client) {
			path, body := permissions(h, "none")
			h.as(admin).do("PATCH", path, body).want(200)
		}, live.CloseAccessRevoked},
		{"map deleted", func(h *harness, _ *client) {
			h.as(admin).do("DELETE", fmt.Sprintf("/api/v1/maps/%d", h.mapID), nil).want(204)
		}, live.CloseAccessRevoked},
		{"role lowered to guest", func(h *harness, _ *client) {
			h.as(admin).do("PATCH", members(h), map[string]any{"role": "guest"}).want(200)
		}, 0},
		{"member's map access lowered to read", func(h *harness, _ *client) {
			h.as(admin).do("PATCH", members(h), map[string]any{"map_access": map[string]string{fmt.Sprint(h.mapID): "read"}}).want(200)
		}, 0},
		{"map access read", func(h *harness, _ *client) {
			path, body := permissions(h, "read")
			h.as(admin).do("PATCH", path, body).want(200)
		}, 0},
		{"client deactivated", func(h *harness, _ *client) {
			h.as(super).do("PATCH", "/api/v1/clients/acme", map[string]any{"active": false}).want(200)
		}, live.CloseAccessRevoked},
	} {
		t.Run(tc.name, func(t *testing.T) {
			storetest.Each(t, func(t *testing.T, s *store.Store) {
				h := newHarness(t, s)
				ed, adm := h.as(editor), h.as(admin)
				node := h.createNode(adm)
				wsEd := h.openLive(ed)
				wsAdm := h.openLive(adm)
				send(t, wsEd, "start_editing_element", map[string]any{"elem_type": "node", "elem_id": node})
				read(t, wsAdm, "block_element")

				tc.act(h, ed)
				done := time.Now()
				if tc.code != 0 {
					if code, reason := socketClosedWithin(t, wsEd, time.Second); code != tc.code {
						t.Fatalf("socket closed with %d %q, want %d", code, reason, tc.code)
					}
				} else {
					var changed struct {
						CanEdit bool `json:"can_edit"`
					}
					json.Unmarshal(readWithin(t, wsEd, "access_changed", time.Second), &changed)
					if changed.CanEdit {
						t.Fatal("access_changed says can_edit")
					}
					send(t, wsEd, "start_editing_element", map[string]any{"elem_type": "node", "elem_id": node})
					var e struct{ Code string }
					json.Unmarshal(read(t, wsEd, "error"), &e)
					if e.Code != "forbidden" {
						t.Fatalf("a read-only socket's lock: %+v", e)
					}
				}
				// The admin's socket watches the lock go, unless it is closed too
				// (a deactivated client closes every member's).
				if tc.name == "client deactivated" {
					socketClosedWithin(t, wsAdm, time.Second-time.Since(done))
				}
				if tc.name != "map deleted" {
					if tc.name != "client deactivated" {
						readWithin(t, wsAdm, "unblock_element", time.Second-time.Since(done))
					}
					if l, _ := h.hub.LockedByOther(context.Background(), h.mapID, h.users[admin].ID, []string{live.NodeKey(node)}); l != nil {
						t.Fatalf("lock still held: %+v", l)
					}
				}
			})
		})
	}
}

// Locks are taken only on what exists on the map.
func TestSecurityLiveLockOnMissingElementIsRefused(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		ed := h.as(editor)
		node := h.createNode(ed)
		ws := h.openLive(ed)
		for _, req := range []map[string]any{
			{"elem_type": "node", "elem_id": node + 1000},
			{"elem_type": "edge", "elem_id": 1},
			{"elem_type": "object_template", "elem_id": 1},
			{"elem_type": "seo", "elem_id": h.mapID + 1},
		} {
			send(t, ws, "start_editing_element", req)
			var e struct{ Code string }
			json.Unmarshal(read(t, ws, "error"), &e)
			if e.Code != "not_found" {
				t.Fatalf("%v: %+v", req, e)
			}
		}
		send(t, ws, "start_editing_element", map[string]any{"elem_type": "node", "elem_id": node})
		read(t, ws, "block_element")
	})
}

// A guest reading the map sees who edits it by name and colour, never
// their addresses.
func TestSecurityGuestSeesNoEditorAddresses(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		h.openLive(h.as(editor))
		ws, _, err := h.as(guest).dialLive(h.mapID, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer ws.CloseNow()
		raw := string(read(t, ws, "connected"))
		if !strings.Contains(raw, "Test editor") || strings.Contains(raw, "@") {
			t.Fatalf("a guest's visitor list: %s", raw)
		}
	})
}

func (h *harness) createNode(c *client) int64 {
	var node struct{ ID int64 }
	c.do("POST", fmt.Sprintf("/api/v1/maps/%d/nodes", h.mapID), map[string]any{
		"design": map[string]any{"shape": "rectangle"}, "geometry": map[string]any{"center": map[string]float64{"x": 1, "y": 2}},
	}).want(201).decode(&node)
	return node.ID
}

// openLive opens a socket to the harness's map and waits for connected.
func (h *harness) openLive(c *client) *websocket.Conn {
	h.t.Helper()
	ws, _, err := c.dialLive(h.mapID, nil)
	if err != nil {
		h.t.Fatal(err)
	}
	h.t.Cleanup(func() { ws.CloseNow() })
	read(h.t, ws, "connected")
	return ws
}

func readWithin(t *testing.T, ws *websocket.Conn, event string, d time.Duration) json.RawMessage {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	for {
		_, b, err := ws.Read(ctx)
		if err != nil {
			t.Fatalf("no %s within %v: %v", event, d, err)
		}
		var f struct {
			Event string          `json:"event"`
			Data  json.RawMessage `json:"data"`
		}
		json.Unmarshal(b, &f)
		if f.Event == event {
			return f.Data
		}
	}
}

func socketClosedWithin(t *testing.T, ws *websocket.Conn, d time.Duration) (websocket.StatusCode, string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	for {
		if _, _, err := ws.Read(ctx); err != nil {
			var ce websocket.CloseError
			if !errors.As(err, &ce) {
				t.Fatalf("socket not closed within %v: %v", d, err)
			}
			return ce.Code, ce.Reason
		}
	}
}
