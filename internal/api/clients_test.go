package api_test

import (
	"context"
	"strings"
	"testing"

	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/store"
	"github.com/strata-maps/strata/internal/store/storetest"
)

type clientBody struct {
	Name       string  `json:"name"`
	Title      string  `json:"title"`
	Active     bool    `json:"active"`
	MapsCount  int     `json:"maps_count"`
	UsersCount int     `json:"users_count"`
	Role       *string `json:"role"`
}

func TestClientLifecycle(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		root, adm := h.as(super), h.as(admin)

		var list struct{ Clients []clientBody }
		adm.do("GET", "/api/v1/clients", nil).want(200).decode(&list)
		if len(list.Clients) != 1 || list.Clients[0].Name != "acme" || list.Clients[0].MapsCount != 1 ||
			list.Clients[0].UsersCount != 4 || *list.Clients[0].Role != "admin" {
			t.Fatalf("admin's clients: %+v", list.Clients)
		}
		root.do("GET", "/api/v1/clients", nil).want(200).decode(&list)
		if len(list.Clients) != 2 {
			t.Fatalf("a superuser sees every client: %+v", list.Clients)
		}

		root.do("POST", "/api/v1/clients", map[string]any{"name": "Bad Name", "title": ""}).wantError(400, "validation_failed", "name", "title")
		root.do("POST", "/api/v1/clients", map[string]any{"name": "acme", "title": "Again"}).wantError(409, "conflict", "name")

		adm.do("PATCH", "/api/v1/clients/acme", map[string]any{"active": false}).wantError(403, "forbidden")
		adm.do("PATCH", "/api/v1/clients/acme", map[string]any{"title": "  "}).wantError(400, "validation_failed", "title")
		root.do("DELETE", "/api/v1/clients/acme", nil).wantError(409, "conflict")

		var c clientBody
		root.do("PATCH", "/api/v1/clients/acme", map[string]any{"active": false}).want(200).decode(&c)
		if c.Active {
			t.Fatal("still active")
		}
		adm.do("POST", "/api/v1/clients/acme/invitations", map[string]any{"email": "x@example.org", "role": "guest"}).wantError(403, "client_deactivated")
		root.do("PATCH", "/api/v1/clients/acme", map[string]any{"active": true}).want(200).decode(&c)
		if !c.Active {
			t.Fatal("not reactivated")
		}
		root.do("PATCH", "/api/v1/clients/acme", map[string]any{"active": false}).want(200)
		adm.do("DELETE", "/api/v1/clients/acme", nil).wantError(403, "client_deactivated")
		root.do("DELETE", "/api/v1/clients/acme", nil).want(204)

		ctx := context.Background()
		if _, err := s.ClientByName(ctx, "acme"); domain.ErrorCode(err) != domain.CodeNotFound {
			t.Fatalf("client survived deletion: %v", err)
		}
		if maps, err := s.MapsOfClient(ctx, h.acme.ID); err != nil || len(maps) != 0 {
			t.Fatalf("maps survived their client: %v %v", maps, err)
		}
		if ms, err := s.Memberships(ctx, h.users[editor].ID); err != nil || len(ms) != 0 {
			t.Fatalf("memberships survived their client: %v %v", ms, err)
		}
		adm.do("GET", "/api/v1/clients/acme/maps", nil).wantError(404, "not_found")
	})
}

func TestAccessRequestMailsTheAdmins(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		h.as(guest).do("POST", "/api/v1/clients/acme/access_requests", map[string]any{"message": "May I edit the Q3 map?"}).want(202)
		ms := h.mails("admin@example.org")
		if len(ms) != 1 || !strings.Contains(ms[0], "May I edit the Q3 map?") || !strings.Contains(ms[0], "guest@example.org") {
			t.Fatalf("admin's mail: %v", ms)
		}
		if len(h.mails("editor@example.org")) != 0 {
			t.Fatal("a non-admin was mailed")
		}
		h.as(guest).do("POST", "/api/v1/clients/acme/access_requests", map[string]any{"message": strings.Repeat("x", 2001)}).wantError(400, "validation_failed", "message")
	})
}

func TestMethodNotAllowedAnswersInTheEnvelope(t *testing.T) {
	h := newHarness(t, storetest.Open(t, store.SQLite))
	res := h.anonymous().do("PUT", "/api/v1/auth/login", nil).wantError(405, "method_not_allowed")
	if !strings.Contains(res.header.Get("Allow"), "POST") {
		t.Fatalf("Allow %q", res.header.Get("Allow"))
	}
}

// The clients overview counts the maps each caller may open: a map an
// admin closed to a member ("none") is no map of theirs, while the
// superuser and the members it is open to count it (browser audit: the
// overview counted a map the user could not see). The map overview agrees.
func TestClientsCountOnlyReadableMaps(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		if err := s.SetMapAccess(context.Background(), h.mapID, h.users[student].ID, domain.AccessNone); err != nil {
			t.Fatal(err)
		}
		count := func(actor string) int {
			t.Helper()
			var list struct{ Clients []clientBody }
			h.as(actor).do("GET", "/api/v1/clients", nil).want(200).decode(&list)
			for _, c := range list.Clients {
				if c.Name == "acme" {
					return c.MapsCount
				}
			}
			t.Fatalf("%s does not see acme: %+v", actor, list.Clients)
			return 0
		}
		if n := count(student); n != 0 {
			t.Errorf("the student closed out of the only map counts %d maps", n)
		}
		for _, actor := range []string{guest, editor, admin, super} {
			if n := count(actor); n != 1 {
				t.Errorf("%s counts %d maps, want 1", actor, n)
			}
		}
		var page struct {
			Maps []struct{ ID int64 } `json:"maps"`
		}
		h.as(student).do("GET", "/api/v1/clients/acme/maps", nil).want(200).decode(&page)
		if len(page.Maps) != 0 {
			t.Errorf("the student's map overview lists %+v", page.Maps)
		}
	})
}
