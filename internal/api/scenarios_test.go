package api_test

import (
	"fmt"
	"testing"

	"github.com/strata-maps/strata/internal/store"
	"github.com/strata-maps/strata/internal/store/storetest"
)

// A call of the scenario matrix: what each actor must get.
type call struct {
	name   string
	method string
	path   func(h *harness) string
	// body may depend on the actor, so that calls creating something do not
	// collide across rows.
	body func(actor string) any
	want map[string]int
}

func fixed(p string) func(*harness) string { return func(*harness) string { return p } }

func noBody(string) any { return nil }

// each gives every actor the same status, but for the listed exceptions.
func each(status int, except map[string]int) map[string]int {
	m := map[string]int{}
	for _, a := range actors {
		m[a] = status
	}
	for a, s := range except {
		m[a] = s
	}
	return m
}

var calls = []call{
	{"session", "GET", fixed("/api/v1/auth/session"), noBody, each(200, map[string]int{anon: 401})},
	{"read admin's user", "GET", func(h *harness) string { return fmt.Sprintf("/api/v1/users/%d", h.users[admin].ID) }, noBody,
		each(404, map[string]int{anon: 401, admin: 200, super: 200})},
	{"patch admin's user", "PATCH", func(h *harness) string { return fmt.Sprintf("/api/v1/users/%d", h.users[admin].ID) },
		func(string) any { return map[string]any{"language": "fr"} },
		each(404, map[string]int{anon: 401, admin: 200, super: 200})},
	{"list clients", "GET", fixed("/api/v1/clients"), noBody, each(200, map[string]int{anon: 401})},
	{"create client", "POST", fixed("/api/v1/clients"),
		func(a string) any { return map[string]any{"name": "new-" + a, "title": "New"} },
		each(403, map[string]int{anon: 401, super: 201})},
	{"rename client", "PATCH", fixed("/api/v1/clients/acme"), func(string) any { return map[string]any{"title": "Acme Ltd"} },
		map[string]int{anon: 401, guest: 403, student: 403, editor: 403, admin: 200, super: 200, outsider: 404}},
	{"delete active client", "DELETE", fixed("/api/v1/clients/acme"), noBody,
		map[string]int{anon: 401, guest: 403, student: 403, editor: 403, admin: 403, super: 409, outsider: 404}},
	{"ask for access", "POST", fixed("/api/v1/clients/acme/access_requests"), func(string) any { return map[string]any{"message": "please"} },
		each(202, map[string]int{anon: 401, outsider: 404})},
	{"invite", "POST", fixed("/api/v1/clients/acme/invitations"),
		func(a string) any {
			return map[string]any{"email": "invited-by-" + a + "@example.org", "role": "editor"}
		},
		map[string]int{anon: 401, guest: 403, student: 403, editor: 403, admin: 201, super: 201, outsider: 404}},
	{"list maps", "GET", fixed("/api/v1/clients/acme/maps"), noBody, each(200, map[string]int{anon: 401, outsider: 404})},
	{"unknown client", "GET", fixed("/api/v1/clients/initech/maps"), noBody, each(404, map[string]int{anon: 401})},
	{"unknown invitation", "GET", fixed("/api/v1/auth/invitations/not-a-token"), noBody, each(410, nil)},
}

func TestScenarios(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		clients := map[string]*client{}
		for _, a := range actors {
			clients[a] = h.as(a)
		}
		for _, c := range calls {
			for _, a := range actors {
				want, ok := c.want[a]
				if !ok {
					t.Fatalf("%s: no status given for %s", c.name, a)
				}
				t.Run(c.name+"/"+a, func(t *testing.T) {
					res := clients[a].do(c.method, c.path(h), c.body(a))
					if res.status != want {
						t.Errorf("%s %s as %s = %d, want %d; body %s", c.method, c.path(h), a, res.status, want, res.body)
					}
				})
			}
		}
	})
}
