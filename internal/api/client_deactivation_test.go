package api_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/strata-maps/strata/internal/live"
	"github.com/strata-maps/strata/internal/store"
	"github.com/strata-maps/strata/internal/store/storetest"
)

// A deactivated client is closed to its members, every role, on every call
// (client_deactivated, 403), while the superuser still opens it; its
// published map answers as unpublished; its members' live sockets close at
// once; and reactivating restores everything as it was, sessions included.
func TestDeactivatedClientIsClosedToItsMembers(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		root := h.session(super)
		members := map[string]*client{}
		for _, role := range []string{guest, student, editor, admin} {
			members[role] = h.session(role)
		}
		ed, adm := members[editor], members[admin]
		mp := fmt.Sprintf("/api/v1/maps/%d", h.mapID)

		// A published, live map with a node, and a per-map grant to keep.
		node := h.createNode(ed)
		ed.do("PATCH", mp+"/elements", map[string]any{"nodes": []any{map[string]any{"id": node,
			"content": map[string]any{"en": map[string]any{"title": "Open plan"}}}}}).want(200)
		ed.do("PATCH", mp+"/publication", map[string]any{"url": "acme-open", "access_mode": "accessible"}).want(200)
		ed.do("POST", mp+"/publish", nil).want(201)
		ed.do("PATCH", mp+"/live", map[string]any{"live": true}).want(200)
		grants := map[string]string{userPath(h.users[student].ID): "read"}
		adm.do("PATCH", mp+"/permissions", map[string]any{"users": grants}).want(200)
		public, publicNode := "/api/v1/public/maps/acme-open", fmt.Sprintf("/api/v1/public/maps/acme-open/nodes/%d", node)
		before := string(h.as(anon).do("GET", public, nil).want(200).body)
		h.as(anon).do("GET", publicNode, nil).want(200)
		publication := string(ed.do("GET", mp+"/publication", nil).want(200).body)

		wsEd, wsAdm := h.openLive(ed), h.openLive(adm)
		root.do("PATCH", "/api/v1/clients/acme", map[string]any{"active": false}).want(200)

		// Open editors learn at once: their sockets close, the admin's too.
		for who, ws := range map[string]*websocket.Conn{editor: wsEd, admin: wsAdm} {
			if code, reason := socketClosedWithin(t, ws, time.Second); code != live.CloseAccessRevoked {
				t.Fatalf("%s's socket closed with %d %q, want %d", who, code, reason, live.CloseAccessRevoked)
			}
		}

		// Every role is refused, reading and changing, maps and account area alike.
		closed := []struct{ method, path string }{
			{"GET", mp},
			{"GET", mp + "/changes?since=0"},
			{"GET", mp + "/publication"},
			{"GET", mp + "/versions"},
			{"GET", mp + "/glossary"},
			{"GET", fmt.Sprintf("%s/nodes/%d", mp, node)},
			{"PATCH", mp},
			{"POST", mp + "/nodes"},
			{"POST", mp + "/clone"},
			{"DELETE", mp},
			{"GET", "/api/v1/clients/acme/maps"},
			{"POST", "/api/v1/clients/acme/maps"},
			{"GET", "/api/v1/clients/acme/quotas"},
			{"GET", "/api/v1/clients/acme/features"},
			{"GET", "/api/v1/clients/acme/templates"},
			{"GET", "/api/v1/clients/acme/media"},
			{"POST", "/api/v1/clients/acme/access_requests"},
			{"GET", "/api/v1/clients/acme/users"},
			{"GET", "/api/v1/clients/acme/settings"},
			{"GET", "/api/v1/clients/acme/api_keys"},
			{"PATCH", "/api/v1/clients/acme"},
		}
		bodies := map[string]any{"PATCH": map[string]any{"description": "no"}, "POST": map[string]any{"name": "no"}}
		for role, c := range members {
			for _, call := range closed {
				body := bodies[call.method]
				if call.path == "/api/v1/clients/acme" {
					body = map[string]any{"active": true}
				}
				res := c.do(call.method, call.path, body)
				if res.status != 403 || !strings.Contains(string(res.body), `"code":"client_deactivated"`) {
					t.Fatalf("%s: %s %s answered %d %s, want 403 client_deactivated", role, call.method, call.path, res.status, res.body)
				}
			}
			if _, res, err := c.dialLive(h.mapID, nil); err == nil || res == nil || res.StatusCode != 403 {
				t.Fatalf("%s opened a live socket while the client is deactivated: %v", role, err)
			}
			// The client list still names it, deactivated, so that the app can say so.
			var list struct{ Clients []clientBody }
			c.do("GET", "/api/v1/clients", nil).want(200).decode(&list)
			if len(list.Clients) != 1 || list.Clients[0].Name != "acme" || list.Clients[0].Active {
				t.Fatalf("%s's clients: %+v", role, list.Clients)
			}
		}
		// Someone of another client still learns nothing.
		h.session(outsider).do("GET", mp, nil).wantError(404, "not_found")

		// Published maps are offline, as if unpublished, embedded or not.
		for _, c := range []*client{h.as(anon), ed, root} {
			c.do("GET", public, nil).wantError(404, "not_found")
			c.do("GET", publicNode, nil).wantError(404, "not_found")
		}
		for _, dest := range []string{"document", "iframe"} {
			if _, _, body := page(t, h.as(anon), "/m/acme-open", dest); strings.Contains(body, "Open plan") {
				t.Fatalf("the deactivated client's public page (%s) shows the map:\n%s", dest, body)
			}
		}

		// The superuser still opens it, to look, and reactivates it.
		root.do("GET", mp, nil).want(200)
		root.do("GET", "/api/v1/clients/acme/maps", nil).want(200)
		root.do("GET", "/api/v1/clients/acme/users", nil).want(200)
		root.do("PATCH", "/api/v1/clients/acme", map[string]any{"active": true}).want(200)

		// Everything is back as it was, in the same sessions.
		for role, c := range members {
			c.do("GET", mp, nil).want(200)
			c.do("GET", "/api/v1/clients/acme/maps", nil).want(200)
			ws, _, err := c.dialLive(h.mapID, nil)
			if err != nil {
				t.Fatalf("%s after reactivation: %v", role, err)
			}
			ws.CloseNow()
		}
		if got := string(h.as(anon).do("GET", public, nil).want(200).body); got != before {
			t.Fatalf("the published map changed:\n%s\nwas\n%s", got, before)
		}
		h.as(anon).do("GET", publicNode, nil).want(200)
		if _, _, body := page(t, h.as(anon), "/m/acme-open", "document"); !strings.Contains(body, "Open plan") {
			t.Fatalf("the public page after reactivation:\n%s", body)
		}
		if got := string(ed.do("GET", mp+"/publication", nil).want(200).body); got != publication {
			t.Fatalf("the publication changed:\n%s\nwas\n%s", got, publication)
		}
		members[student].do("PATCH", mp, map[string]any{"description": "x"}).wantError(403, "forbidden") // the grant stayed
		ed.do("PATCH", mp, map[string]any{"description": "back"}).want(200)
		adm.do("GET", "/api/v1/clients/acme/users", nil).want(200)
	})
}
