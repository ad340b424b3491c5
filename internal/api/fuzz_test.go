package api_test

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/strata-maps/strata/internal/store"
	"github.com/strata-maps/strata/internal/store/storetest"
)

// Fuzz targets for every JSON body the API decodes. Each drives the real
// handler on a seeded server (SQLite; the seeds run in `make test` as
// ordinary tests, `make fuzz` explores each for a minute) and holds two
// rules: no input gives a 5xx, and an input refused with a 4xx changes
// nothing (the map's document and revision, the client's members, the
// caller's account).

// fuzzRoute is one request the fuzzer fills the body of; path gets the
// seeded map's id and a node's id.
type fuzzRoute struct {
	actor, method, path string
	seeds               []string
}

func fuzzBody(f *testing.F, route fuzzRoute) {
	h := newHarness(f, storetest.Open(f, store.SQLite))
	ctx := context.Background()
	var node struct {
		ID int64 `json:"id"`
	}
	ed := h.as(editor)
	ed.do("POST", fmt.Sprintf("/api/v1/maps/%d/nodes", h.mapID), map[string]any{
		"design": map[string]any{"shape": "circle"}, "geometry": map[string]any{"center": map[string]any{"x": 100, "y": 100}},
	}).want(201).decode(&node)
	other := ed.do("POST", fmt.Sprintf("/api/v1/maps/%d/nodes", h.mapID), map[string]any{
		"design": map[string]any{"shape": "rectangle"}, "geometry": map[string]any{"center": map[string]any{"x": 300, "y": 100}},
	}).want(201)
	var second struct {
		ID int64 `json:"id"`
	}
	other.decode(&second)
	path := strings.NewReplacer("{map}", fmt.Sprint(h.mapID), "{node}", fmt.Sprint(node.ID), "{node2}", fmt.Sprint(second.ID),
		"{user}", fmt.Sprint(h.users[route.actor].ID)).Replace(route.path)
	caller, superuser := h.as(route.actor), h.as(super)
	for _, s := range route.seeds {
		f.Add(strings.NewReplacer("{node}", fmt.Sprint(node.ID), "{node2}", fmt.Sprint(second.ID)).Replace(s))
	}
	f.Add("")
	f.Add("{}")
	f.Add(`{"x": "\u0000"}`)
	f.Add("[1e400]")

	snapshot := func(c *client) []byte {
		var b bytes.Buffer
		b.Write(c.do("GET", fmt.Sprintf("/api/v1/maps/%d", h.mapID), nil).body)
		b.Write(c.do("GET", "/api/v1/clients/acme/users", nil).body)
		b.Write(c.do("GET", fmt.Sprintf("/api/v1/users/%d", h.users[route.actor].ID), nil).body)
		b.Write(c.do("GET", fmt.Sprintf("/api/v1/maps/%d/publication", h.mapID), nil).body)
		m, err := h.store.MapByID(ctx, h.mapID)
		if err != nil {
			c.h.t.Fatal(err)
		}
		fmt.Fprint(&b, m.Revision)
		return b.Bytes()
	}
	f.Fuzz(func(t *testing.T, body string) {
		ht := *h
		ht.t = t
		c := &client{h: &ht, http: caller.http}
		admin := &client{h: &ht, http: superuser.http}
		before := snapshot(admin)
		res := c.do(route.method, path, body)
		if res.status >= 500 {
			t.Fatalf("%s %s with %q: %d %s", route.method, path, body, res.status, res.body)
		}
		if res.status >= 400 && !bytes.Equal(before, snapshot(admin)) {
			t.Fatalf("%s %s with %q was refused (%d %s) but changed something", route.method, path, body, res.status, res.body)
		}
	})
}

func FuzzLogin(f *testing.F) {
	fuzzBody(f, fuzzRoute{anon, "POST", "/api/v1/auth/login", []string{
		`{"email": "editor@example.org", "password": "wrong password"}`, `{"email": "x", "password": "", "remember_me": true, "embedded": 1}`}})
}

func FuzzPasswordResetRequest(f *testing.F) {
	fuzzBody(f, fuzzRoute{anon, "POST", "/api/v1/auth/password_reset/tokens", []string{`{"email": "student@example.org"}`}})
}

func FuzzPasswordReset(f *testing.F) {
	fuzzBody(f, fuzzRoute{anon, "POST", "/api/v1/auth/password_reset/tokens/not-a-token", []string{
		`{"password": "a new quiet lantern", "password_confirmation": "a new quiet lantern"}`}})
}

func FuzzRegister(f *testing.F) {
	fuzzBody(f, fuzzRoute{anon, "POST", "/api/v1/auth/register", []string{
		`{"token": "abc", "password": "a new quiet lantern", "password_confirmation": "a new quiet lantern"}`}})
}

func FuzzPatchUser(f *testing.F) {
	fuzzBody(f, fuzzRoute{editor, "PATCH", "/api/v1/users/{user}", []string{
		`{"name": "Ed", "language": "de"}`, `{"preferences": {"removal_confirmation": false}}`, `{"email": "ed@example.org"}`}})
}

func FuzzChangePassword(f *testing.F) {
	fuzzBody(f, fuzzRoute{editor, "POST", "/api/v1/users/{user}/password", []string{
		`{"current_password": "wrong", "password": "another quiet lantern", "password_confirmation": "another quiet lantern"}`}})
}

func FuzzCreateClient(f *testing.F) {
	fuzzBody(f, fuzzRoute{super, "POST", "/api/v1/clients", []string{`{"name": "initech", "title": "Initech"}`, `{"name": "ACME"}`}})
}

func FuzzPatchClientSettings(f *testing.F) {
	fuzzBody(f, fuzzRoute{admin, "PATCH", "/api/v1/clients/acme/settings", []string{
		`{"company_name": "Acme", "logo_url": "https://acme.example/logo.png", "support_access": true}`}})
}

func FuzzInvite(f *testing.F) {
	fuzzBody(f, fuzzRoute{admin, "POST", "/api/v1/clients/acme/invitations", []string{`{"email": "new@example.org", "role": "editor"}`}})
}

func FuzzAccessRequest(f *testing.F) {
	fuzzBody(f, fuzzRoute{guest, "POST", "/api/v1/clients/acme/access_requests", []string{`{"message": "please", "map_id": 1}`}})
}

func FuzzCreateMap(f *testing.F) {
	fuzzBody(f, fuzzRoute{editor, "POST", "/api/v1/clients/acme/maps", []string{
		`{"name": "New", "measurement": {"width": 2000, "height": 1000}, "visibility_levels": 3}`,
		`{"name": "From built-in", "builtin_template": "mind-map"}`}})
}

func FuzzPatchMap(f *testing.F) {
	fuzzBody(f, fuzzRoute{editor, "PATCH", "/api/v1/maps/{map}", []string{
		`{"name": "Renamed", "visibility_levels": 5}`, `{"measurement": {"width": 100, "height": 100}}`}})
}

func FuzzPatchElements(f *testing.F) {
	fuzzBody(f, fuzzRoute{editor, "PATCH", "/api/v1/maps/{map}/elements", []string{
		`{"nodes": [{"id": {node}, "geometry": {"center": {"x": 5, "y": 7}}}]}`,
		`{"nodes": [{"id": {node}, "content": {"en": {"title": "T", "content": "<p>x<script>alert(1)</script></p>"}}}]}`,
		`{"nodes": [{"id": {node}, "visibility": {"min_level": 2, "max_level": 3}, "design": {"shape": "rectangle"}}]}`,
		`{"levels": [{"id": 1, "hidden": true}], "map": {"name": "M"}}`,
		`{"edges": [{"id": 1, "design": {"color": "#ff0000"}}]}`}})
}

func FuzzPatchGlobalDesign(f *testing.F) {
	fuzzBody(f, fuzzRoute{editor, "PATCH", "/api/v1/maps/{map}/global", []string{`{"nodes": {"color": "#123456"}}`}})
}

func FuzzCreateNode(f *testing.F) {
	fuzzBody(f, fuzzRoute{editor, "POST", "/api/v1/maps/{map}/nodes", []string{
		`{"design": {"shape": "circle"}, "geometry": {"center": {"x": 1, "y": 2}}, "visibility": {"min_level": 1, "max_level": 4}}`}})
}

func FuzzCloneNode(f *testing.F) {
	fuzzBody(f, fuzzRoute{editor, "POST", "/api/v1/maps/{map}/nodes/clone", []string{`{"id": {node}, "offset": {"x": 30, "y": 30}}`}})
}

func FuzzRestoreElements(f *testing.F) {
	fuzzBody(f, fuzzRoute{editor, "POST", "/api/v1/maps/{map}/restorations", []string{`{"nodes": [{node}], "edges": [{node2}]}`, `{"nodes": []}`,
		`{"templates": [1, 2]}`, `{"templates": [0, -1, 1e3]}`,
		`{"level": {"id": 2, "hidden": true, "locked": false, "nodes": [{"id": {node}, "min_level": 1, "max_level": 3}], "edges": [{"id": 1, "min_level": 2, "max_level": 2}]}}`,
		`{"level": {"id": 1099511627776, "nodes": [{"id": {node}, "min_level": 3, "max_level": 1}, {"id": {node}, "min_level": 0, "max_level": 99}]}}`,
		`{"level": {"id": 1}, "nodes": [{node2}], "templates": [{node}]}`, `{"level": null}`, `{"level": {"id": "1", "nodes": {}}}`}})
}

func FuzzPatchNode(f *testing.F) {
	fuzzBody(f, fuzzRoute{editor, "PATCH", "/api/v1/maps/{map}/nodes/{node}", []string{`{"color": "#ff0000", "border_width": 3}`}})
}

func FuzzCreateEdge(f *testing.F) {
	fuzzBody(f, fuzzRoute{editor, "POST", "/api/v1/maps/{map}/edges", []string{`{"node": {"from_id": {node}, "to_id": {node2}}}`}})
}

func FuzzCreateTemplate(f *testing.F) {
	fuzzBody(f, fuzzRoute{editor, "POST", "/api/v1/maps/{map}/templates/objects", []string{
		`{"name": "Red", "type": "node", "design": {"color": "#ff0000"}}`, `{"name": "From", "type": "node", "from_node_id": {node}}`}})
}

func FuzzPatchPublication(f *testing.F) {
	fuzzBody(f, fuzzRoute{editor, "PATCH", "/api/v1/maps/{map}/publication", []string{
		`{"url": "acme-plan", "access_mode": "accessible", "embed_domains": "partner.example.org", "seo_title": "T"}`}})
}

func FuzzSaveVersion(f *testing.F) {
	fuzzBody(f, fuzzRoute{editor, "POST", "/api/v1/maps/{map}/versions", []string{`{"name": "First"}`}})
}

func FuzzSetLive(f *testing.F) {
	fuzzBody(f, fuzzRoute{editor, "PATCH", "/api/v1/maps/{map}/live", []string{`{"live": true}`}})
}

func FuzzMapPermissions(f *testing.F) {
	fuzzBody(f, fuzzRoute{admin, "PATCH", "/api/v1/maps/{map}/permissions", []string{`{"user_id": 3, "access": "none"}`}})
}

func FuzzPatchMember(f *testing.F) {
	fuzzBody(f, fuzzRoute{admin, "PATCH", "/api/v1/clients/acme/users/{user}", []string{`{"role": "student"}`}})
}

func FuzzQuotas(f *testing.F) {
	fuzzBody(f, fuzzRoute{super, "PATCH", "/api/v1/clients/acme/quotas", []string{`{"maps": 10, "editors": 5}`}})
}

func FuzzRegisterReader(f *testing.F) {
	fuzzBody(f, fuzzRoute{guest, "POST", "/api/v1/public/maps/acme-plan/readers", []string{`{"email": "r@example.org", "name": "R"}`}})
}
