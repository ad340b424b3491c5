package api_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/strata-maps/strata/internal/auth"
	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/editing"
	"github.com/strata-maps/strata/internal/store"
	"github.com/strata-maps/strata/internal/store/storetest"
)

// mapDoc is the answer of GET /maps/{id}.
type mapDoc struct {
	Map             editing.MapSettings       `json:"map"`
	Nodes           []domain.Node             `json:"nodes"`
	Edges           []domain.Edge             `json:"edges"`
	ObjectTemplates []domain.ObjectTemplate   `json:"object_templates"`
	GlobalDesign    map[string]map[string]any `json:"global_design"`
	Layers          []domain.Layer            `json:"layers"`
	Revision        int64                     `json:"revision"`
}

func (d mapDoc) node(t *testing.T, id int64) domain.Node {
	t.Helper()
	for _, n := range d.Nodes {
		if n.ID == id {
			return n
		}
	}
	t.Fatalf("node %d is not in the document", id)
	return domain.Node{}
}

func (d mapDoc) hasNode(id int64) bool {
	for _, n := range d.Nodes {
		if n.ID == id {
			return true
		}
	}
	return false
}

func (d mapDoc) edge(t *testing.T, id int64) domain.Edge {
	t.Helper()
	for _, e := range d.Edges {
		if e.ID == id {
			return e
		}
	}
	t.Fatalf("edge %d is not in the document", id)
	return domain.Edge{}
}

func (d mapDoc) edgeIDs() []int64 {
	ids := make([]int64, len(d.Edges))
	for i, e := range d.Edges {
		ids[i] = e.ID
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	return ids
}

func (d mapDoc) template(t *testing.T, id int64) domain.ObjectTemplate {
	t.Helper()
	for _, tp := range d.ObjectTemplates {
		if tp.ID == id {
			return tp
		}
	}
	t.Fatalf("template %d is not in the document", id)
	return domain.ObjectTemplate{}
}

// change is one entry of GET /maps/{id}/changes.
type change struct {
	Revision int64           `json:"revision"`
	UserID   *int64          `json:"user_id"`
	Type     string          `json:"type"`
	Data     json.RawMessage `json:"data"`
	At       time.Time       `json:"at"`
}

func (c change) delta(t *testing.T) editing.Delta {
	t.Helper()
	var d editing.Delta
	if err := json.Unmarshal(c.Data, &d); err != nil {
		t.Fatalf("change %d (%s) data %s: %v", c.Revision, c.Type, c.Data, err)
	}
	return d
}

type changesBody struct {
	Revision int64    `json:"revision"`
	Changes  []change `json:"changes"`
}

// session returns a client signed in as the actor through a session made
// in the store: signing in itself is tested in auth_test.go, and its
// password hashing would be most of these tests' time.
func (h *harness) session(actor string) *client {
	h.t.Helper()
	c := h.anonymous()
	if actor == anon {
		return c
	}
	token, hash := auth.NewToken()
	err := h.store.CreateSession(context.Background(), store.Session{TokenHash: hash, UserID: h.users[actor].ID,
		ExpiresAt: time.Now().Add(time.Hour)})
	if err != nil {
		h.t.Fatal(err)
	}
	u, err := url.Parse(h.srv.URL)
	if err != nil {
		h.t.Fatal(err)
	}
	c.http.Jar.SetCookies(u, []*http.Cookie{{Name: auth.SessionCookie, Value: token, Path: "/"}})
	return c
}

// in returns the client reporting to t, for use in a subtest.
func (c *client) in(t *testing.T) *client {
	h := *c.h
	h.t = t
	return &client{h: &h, http: c.http}
}

// testMap is a map under test and the client that edits it.
type testMap struct {
	t      *testing.T
	c      *client
	id     int64
	userID int64 // of the client's user, the author of the changes
	store  *store.Store
}

// newTestMap creates a map of acme with the given level count through the API.
func newTestMap(t *testing.T, c *client, userID int64, levels int) *testMap {
	t.Helper()
	var m editing.MapSettings
	c.do("POST", "/api/v1/clients/acme/maps", map[string]any{"name": "Map of " + t.Name(),
		"measurement": map[string]int{"width": 3000, "height": 2000}, "visibility_levels": levels}).want(201).decode(&m)
	if m.ID == 0 || m.VisibilityLevels != levels {
		t.Fatalf("created map %+v", m)
	}
	return &testMap{t: t, c: c, id: m.ID, userID: userID}
}

// path is the map's API path followed by the formatted suffix.
func (m *testMap) path(suffix string, args ...any) string {
	return fmt.Sprintf("/api/v1/maps/%d", m.id) + fmt.Sprintf(suffix, args...)
}

func (m *testMap) doc() mapDoc {
	m.t.Helper()
	var d mapDoc
	res := m.c.do("GET", m.path(""), nil).want(200)
	res.decode(&d)
	if got := res.header.Get("X-Map-Revision"); got != strconv.FormatInt(d.Revision, 10) {
		m.t.Fatalf("X-Map-Revision %q, body revision %d", got, d.Revision)
	}
	return d
}

// fullNode reads one node whole, its content included (the document
// carries only a summary of it).
func (m *testMap) fullNode(id int64) domain.Node {
	m.t.Helper()
	var n domain.Node
	m.c.do("GET", m.path("/nodes/%d", id), nil).want(200).decode(&n)
	return n
}

// raw is the document's body as it is sent, to compare before and after.
func (m *testMap) raw() string {
	m.t.Helper()
	return string(m.c.do("GET", m.path(""), nil).want(200).body)
}

func (m *testMap) revision() int64 {
	m.t.Helper()
	return m.doc().Revision
}

// changed checks a change answer: the status, and the revision in both the
// header and the body. It returns the revision.
func changed(t *testing.T, res *response, status int) int64 {
	t.Helper()
	res.want(status)
	var body struct {
		Revision *int64 `json:"revision"`
	}
	res.decode(&body)
	header, err := strconv.ParseInt(res.header.Get("X-Map-Revision"), 10, 64)
	if err != nil || body.Revision == nil || *body.Revision != header || header < 1 {
		t.Fatalf("a change answer carries the revision in X-Map-Revision (%q) and the body (%s)", res.header.Get("X-Map-Revision"), res.body)
	}
	return header
}

// node creates a node in range [minL, maxL].
func (m *testMap) node(minL, maxL int) domain.Node {
	m.t.Helper()
	return m.nodeWith(map[string]any{"design": map[string]any{"shape": "rectangle"},
		"geometry":   map[string]any{"center": map[string]float64{"x": 100, "y": 200}},
		"visibility": map[string]any{"min_level": minL, "max_level": maxL, "hidden": false}})
}

func (m *testMap) nodeWith(body any) domain.Node {
	m.t.Helper()
	var n domain.Node
	res := m.c.do("POST", m.path("/nodes"), body)
	changed(m.t, res, 201)
	res.decode(&n)
	if n.ID == 0 {
		m.t.Fatalf("created node without id: %s", res.body)
	}
	return n
}

func (m *testMap) edge(from, to int64) domain.Edge {
	m.t.Helper()
	var e domain.Edge
	res := m.c.do("POST", m.path("/edges/"), map[string]any{"node": map[string]int64{"from_id": from, "to_id": to}})
	changed(m.t, res, 201)
	res.decode(&e)
	if e.ID == 0 || e.Node.FromID != from || e.Node.ToID != to {
		m.t.Fatalf("created edge %s", res.body)
	}
	return e
}

func (m *testMap) template(body any) domain.ObjectTemplate {
	m.t.Helper()
	var tp domain.ObjectTemplate
	res := m.c.do("POST", m.path("/templates/objects/"), body)
	changed(m.t, res, 201)
	res.decode(&tp)
	if tp.ID == 0 {
		m.t.Fatalf("created template without id: %s", res.body)
	}
	return tp
}

// patch sends PATCH /elements, which must succeed, and returns the revision.
func (m *testMap) patch(body any) int64 {
	m.t.Helper()
	return changed(m.t, m.c.do("PATCH", m.path("/elements"), body), 200)
}

func (m *testMap) changes(since int64) changesBody {
	m.t.Helper()
	var b changesBody
	m.c.do("GET", m.path("/changes?since=%d", since), nil).want(200).decode(&b)
	return b
}

// wantChanges checks that the log after since holds exactly changes of the
// types, at consecutive revisions, by the map's user, and returns them.
func (m *testMap) wantChanges(since int64, types ...string) []change {
	m.t.Helper()
	b := m.changes(since)
	got := make([]string, len(b.Changes))
	for i, c := range b.Changes {
		got[i] = c.Type
	}
	if strings.Join(got, ",") != strings.Join(types, ",") {
		m.t.Fatalf("changes after %d: %v, want %v", since, got, types)
	}
	for i, c := range b.Changes {
		if c.Revision != since+int64(i)+1 {
			m.t.Fatalf("change %d has revision %d, want %d (consecutive)", i, c.Revision, since+int64(i)+1)
		}
		if c.UserID == nil || *c.UserID != m.userID {
			m.t.Fatalf("change %d by %v, want user %d", c.Revision, c.UserID, m.userID)
		}
		if c.At.IsZero() || time.Since(c.At) > time.Minute || time.Until(c.At) > time.Minute {
			m.t.Fatalf("change %d at %v", c.Revision, c.At)
		}
	}
	if b.Revision != since+int64(len(types)) {
		m.t.Fatalf("log revision %d, want %d", b.Revision, since+int64(len(types)))
	}
	return b.Changes
}

func ids(vs ...int64) []int64 {
	sort.Slice(vs, func(i, j int) bool { return vs[i] < vs[j] })
	return vs
}

func sorted(vs []int64) []int64 {
	out := append([]int64(nil), vs...)
	return ids(out...)
}

func sameIDs(a, b []int64) bool {
	return fmt.Sprint(sorted(a)) == fmt.Sprint(sorted(b))
}

func nodeIDs(ns []domain.Node) []int64 {
	out := make([]int64, len(ns))
	for i, n := range ns {
		out[i] = n.ID
	}
	return out
}

func edgeIDsOf(es []domain.Edge) []int64 {
	out := make([]int64, len(es))
	for i, e := range es {
		out[i] = e.ID
	}
	return out
}

func vis(minL, maxL int, hidden bool) domain.Visibility {
	return domain.Visibility{MinLevel: minL, MaxLevel: maxL, Hidden: hidden}
}

func userPath(id int64) string { return "/api/v1/users/" + strconv.FormatInt(id, 10) }

// fixture is what one actor's rows of the scenario matrix act on, so that
// rows do not depend on each other.
type fixture struct {
	node, nodeToDelete, from, to int64
	edge, edgeToDelete           int64
	template, templateToDelete   int64
	mapToDelete                  int64
	guestPath                    string
}

// Who may make a map call: reads need read access (guests too), changes
// edit access (student and up); some need a role besides.
func readCall(ok int) map[string]int {
	return each(ok, map[string]int{anon: 401, outsider: 404})
}

func changeCall(ok int) map[string]int {
	return each(ok, map[string]int{anon: 401, outsider: 404, guest: 403})
}

func needsEditor(ok int) map[string]int {
	return each(ok, map[string]int{anon: 401, outsider: 404, guest: 403, student: 403})
}

func needsAdmin(ok int) map[string]int {
	return each(ok, map[string]int{anon: 401, outsider: 404, guest: 403, student: 403, editor: 403})
}

// mapCall is a row of the map scenario matrix.
type mapCall struct {
	name   string
	method string
	path   func(h *harness, f fixture) string
	body   func(a string, f fixture) any
	want   map[string]int
	// change marks a call that changes the map: its answer carries the revision.
	change bool
}

func onMapPath(suffix string) func(*harness, fixture) string {
	return func(h *harness, _ fixture) string { return fmt.Sprintf("/api/v1/maps/%d%s", h.mapID, suffix) }
}

func noMapBody(string, fixture) any { return nil }

var mapCalls = []mapCall{
	{"read map", "GET", onMapPath(""), noMapBody, readCall(200), false},
	{"read changes", "GET", onMapPath("/changes?since=0"), noMapBody, readCall(200), false},
	{"read permissions", "GET", onMapPath("/permissions"), noMapBody, readCall(200), false},
	{"set permissions", "PATCH", onMapPath("/permissions"),
		func(_ string, f fixture) any { return map[string]any{"users": map[string]string{f.guestPath: "read"}} },
		needsAdmin(200), false},
	{"create node", "POST", onMapPath("/nodes"), func(string, fixture) any {
		return map[string]any{"design": map[string]any{"shape": "circle"}, "geometry": map[string]any{"center": map[string]int{"x": 10, "y": 20}}}
	}, changeCall(201), true},
	{"clone node", "POST", onMapPath("/nodes/clone"), func(_ string, f fixture) any { return map[string]any{"id": f.node} },
		changeCall(201), true},
	{"patch node", "PATCH", func(h *harness, f fixture) string { return fmt.Sprintf("/api/v1/maps/%d/nodes/%d", h.mapID, f.node) },
		func(string, fixture) any { return map[string]any{"design": map[string]any{"bg_color": "#336699"}} }, changeCall(200), true},
	{"delete node", "DELETE", func(h *harness, f fixture) string {
		return fmt.Sprintf("/api/v1/maps/%d/nodes/%d", h.mapID, f.nodeToDelete)
	}, noMapBody, changeCall(200), true},
	{"create edge", "POST", onMapPath("/edges/"), func(_ string, f fixture) any {
		return map[string]any{"node": map[string]int64{"from_id": f.from, "to_id": f.to}}
	}, changeCall(201), true},
	{"create edge without slash", "POST", onMapPath("/edges"), func(_ string, f fixture) any {
		return map[string]any{"node": map[string]int64{"from_id": f.to, "to_id": f.from}}
	}, changeCall(201), true},
	{"patch edge", "PATCH", func(h *harness, f fixture) string { return fmt.Sprintf("/api/v1/maps/%d/edges/%d", h.mapID, f.edge) },
		func(string, fixture) any { return map[string]any{"design": map[string]any{"border_color": "#123456"}} }, changeCall(200), true},
	{"delete edge", "DELETE", func(h *harness, f fixture) string {
		return fmt.Sprintf("/api/v1/maps/%d/edges/%d", h.mapID, f.edgeToDelete)
	}, noMapBody, changeCall(200), true},
	{"patch elements", "PATCH", onMapPath("/elements"), func(_ string, f fixture) any {
		return map[string]any{"nodes": []any{map[string]any{"id": f.node, "geometry": map[string]any{"center": map[string]int{"x": 5, "y": 6}}}}}
	}, changeCall(200), true},
	{"map settings", "PATCH", onMapPath(""), func(a string, _ fixture) any { return map[string]any{"description": "by " + a} },
		changeCall(200), true},
	{"global design", "PATCH", onMapPath("/global"), func(a string, _ fixture) any {
		return map[string]any{"tooltips": map[string]any{"by": a}}
	}, changeCall(200), true},
	{"list templates", "GET", onMapPath("/templates/objects/"), noMapBody, readCall(200), false},
	{"list templates without slash", "GET", onMapPath("/templates/objects"), noMapBody, readCall(200), false},
	{"create template", "POST", onMapPath("/templates/objects/"), func(a string, _ fixture) any {
		return map[string]any{"name": "Made by " + a, "type": "node", "design": map[string]any{"bg_color": "#abcdef"}}
	}, changeCall(201), true},
	{"patch template", "PATCH", func(h *harness, f fixture) string {
		return fmt.Sprintf("/api/v1/maps/%d/templates/objects/%d", h.mapID, f.template)
	}, func(a string, _ fixture) any { return map[string]any{"name": "Renamed by " + a} }, changeCall(200), true},
	{"delete template", "DELETE", func(h *harness, f fixture) string {
		return fmt.Sprintf("/api/v1/maps/%d/templates/objects/%d", h.mapID, f.templateToDelete)
	}, noMapBody, changeCall(200), true},
	{"create map", "POST", func(*harness, fixture) string { return "/api/v1/clients/acme/maps" }, func(a string, _ fixture) any {
		return map[string]any{"name": "New by " + a, "measurement": map[string]int{"width": 1000, "height": 800}, "visibility_levels": 3}
	}, changeCall(201), false},
	{"clone map", "POST", onMapPath("/clone"), func(a string, _ fixture) any { return map[string]any{"name": "Copy by " + a} },
		changeCall(201), false},
	{"delete map", "DELETE", func(_ *harness, f fixture) string { return fmt.Sprintf("/api/v1/maps/%d", f.mapToDelete) },
		noMapBody, needsEditor(204), false},
}

// codeOf is the error code each refusal of the matrix must carry.
var codeOf = map[int]string{401: "unauthenticated", 403: "forbidden", 404: "not_found"}

func TestMapScenarios(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		clients := map[string]*client{}
		for _, a := range actors {
			clients[a] = h.session(a)
		}
		root := &testMap{t: t, c: clients[super], id: h.mapID, userID: h.users[super].ID}
		fixtures := map[string]fixture{}
		for _, a := range actors {
			f := fixture{guestPath: userPath(h.users[guest].ID)}
			f.node, f.nodeToDelete, f.from, f.to = root.node(1, 4).ID, root.node(1, 4).ID, root.node(1, 2).ID, root.node(2, 3).ID
			f.edge, f.edgeToDelete = root.edge(f.from, f.to).ID, root.edge(f.to, f.from).ID
			f.template = root.template(map[string]any{"name": "T1 " + a, "type": "node"}).ID
			f.templateToDelete = root.template(map[string]any{"name": "T2 " + a, "type": "edge"}).ID
			var m editing.MapSettings
			clients[super].do("POST", "/api/v1/clients/acme/maps", map[string]any{"name": "Doomed " + a,
				"measurement": map[string]int{"width": 1000, "height": 800}, "visibility_levels": 2}).want(201).decode(&m)
			f.mapToDelete = m.ID
			fixtures[a] = f
		}

		for _, c := range mapCalls {
			for _, a := range actors {
				want, ok := c.want[a]
				if !ok {
					t.Fatalf("%s: no status given for %s", c.name, a)
				}
				t.Run(c.name+"/"+a, func(t *testing.T) {
					f := fixtures[a]
					path := c.path(h, f)
					res := clients[a].in(t).do(c.method, path, c.body(a, f))
					if res.status != want {
						t.Fatalf("%s %s as %s = %d, want %d; body %s", c.method, path, a, res.status, want, res.body)
					}
					switch {
					case want >= 400:
						res.wantError(want, codeOf[want])
						if res.header.Get("X-Map-Revision") != "" {
							t.Errorf("a refused call carries X-Map-Revision %q", res.header.Get("X-Map-Revision"))
						}
					case c.change:
						changed(t, res, want)
					}
				})
			}
		}

		// The refused rows wrote nothing: what guests, outsiders and
		// anonymous callers tried to delete is all still there.
		doc := root.doc()
		for _, a := range []string{anon, guest, outsider} {
			f := fixtures[a]
			if !doc.hasNode(f.nodeToDelete) {
				t.Errorf("%s's refused delete removed node %d", a, f.nodeToDelete)
			}
			doc.edge(t, f.edgeToDelete)
			doc.template(t, f.templateToDelete)
			if got := doc.node(t, f.node).Design["bg_color"]; got != nil {
				t.Errorf("%s's refused patch set bg_color %v", a, got)
			}
			clients[super].do("GET", fmt.Sprintf("/api/v1/maps/%d", f.mapToDelete), nil).want(200)
		}
		for _, a := range []string{editor, admin, super} {
			clients[super].do("GET", fmt.Sprintf("/api/v1/maps/%d", fixtures[a].mapToDelete), nil).wantError(404, "not_found")
			if doc.hasNode(fixtures[a].nodeToDelete) || doc.node(t, fixtures[a].node).Design["bg_color"] != "#336699" {
				t.Errorf("%s's changes are missing", a)
			}
		}
	})
}

// TestMapAccessFollowsPermissions: the per-map access an admin sets is what
// GET /permissions answers and what the calls enforce (a guest raised to
// edit edits; null clears an access back to the role's), and a superuser
// edits every map.
func TestMapAccessFollowsPermissions(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		adm, stu, gst := h.session(admin), h.session(student), h.session(guest)
		mp := fmt.Sprintf("/api/v1/maps/%d", h.mapID)
		perms := func() map[string]string {
			var p struct{ Users map[string]string }
			gst.do("GET", mp+"/permissions", nil).want(200).decode(&p)
			return p.Users
		}
		want := map[string]string{}
		for _, a := range []string{guest, student, editor, admin} {
			want[userPath(h.users[a].ID)] = map[string]string{guest: "read"}[a]
			if want[userPath(h.users[a].ID)] == "" {
				want[userPath(h.users[a].ID)] = "edit"
			}
		}
		if got := perms(); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("default permissions %v, want %v", got, want)
		}

		var p struct{ Users map[string]string }
		adm.do("PATCH", mp+"/permissions", map[string]any{"users": map[string]string{
			userPath(h.users[student].ID): "read", userPath(h.users[guest].ID): "edit"}}).want(200).decode(&p)
		if p.Users[userPath(h.users[student].ID)] != "read" || p.Users[userPath(h.users[guest].ID)] != "edit" {
			t.Fatalf("a student set to read reads; a guest raised to edit edits: %v", p.Users)
		}
		stu.do("GET", mp, nil).want(200)
		stu.do("PATCH", mp, map[string]any{"description": "x"}).wantError(403, "forbidden")
		gst.do("PATCH", mp, map[string]any{"description": "by the raised guest"}).want(200)

		// null clears a per-map access: the role decides again.
		adm.do("PATCH", mp+"/permissions", map[string]any{"users": map[string]any{
			userPath(h.users[student].ID): nil, userPath(h.users[guest].ID): nil}}).want(200).decode(&p)
		if fmt.Sprint(p.Users) != fmt.Sprint(want) {
			t.Fatalf("cleared permissions %v, want the roles' %v", p.Users, want)
		}
		gst.do("PATCH", mp, map[string]any{"description": "x"}).wantError(403, "forbidden")
		stu.do("PATCH", mp, map[string]any{"description": "by the student again"}).want(200)
		adm.do("PATCH", mp+"/permissions", map[string]any{"users": map[string]string{userPath(h.users[student].ID): "read"}}).want(200)

		adm.do("PATCH", mp+"/permissions", map[string]any{"users": map[string]string{userPath(h.users[student].ID): "none"}}).want(200)
		stu.do("GET", mp, nil).wantError(404, "not_found")
		stu.do("GET", mp+"/changes?since=0", nil).wantError(404, "not_found")
		stu.do("PATCH", mp, map[string]any{"description": "x"}).wantError(404, "not_found")

		adm.do("PATCH", mp+"/permissions", map[string]any{"users": map[string]string{userPath(h.users[admin].ID): "none"}}).want(200)
		adm.do("GET", mp, nil).wantError(404, "not_found")
		// The superuser is not a member, so has no entry, and edits anyway.
		h.session(super).do("PATCH", mp, map[string]any{"description": "by the superuser"}).want(200)
		if _, ok := perms()[userPath(h.users[super].ID)]; ok {
			t.Fatal("a superuser who is no member is listed")
		}

		adm2 := h.session(super)
		adm2.do("PATCH", mp+"/permissions", map[string]any{"users": map[string]string{
			userPath(h.users[student].ID): "edit", userPath(h.users[admin].ID): "edit"}}).want(200)
		stu.do("PATCH", mp, map[string]any{"description": "x"}).want(200)

		// A deactivated client's maps are closed to its members, open to a
		// superuser (client_deactivation_test.go tests the rest).
		adm2.do("PATCH", "/api/v1/clients/acme", map[string]any{"active": false}).want(200)
		stu.do("GET", mp, nil).wantError(403, "client_deactivated")
		stu.do("PATCH", mp, map[string]any{"description": "y"}).wantError(403, "client_deactivated")
		adm2.do("PATCH", mp, map[string]any{"description": "z"}).want(200)
	})
}

// TestMapLifecycle: a map is created, cloned with its document (ids new,
// references kept) and deleted.
func TestMapLifecycle(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		ed := h.session(editor)
		m := newTestMap(t, ed, h.users[editor].ID, 5)
		d := m.doc()
		if d.Revision != 0 || d.Map.Measurement != (domain.Measurement{Width: 3000, Height: 2000}) || len(d.Layers) != 5 ||
			len(d.Nodes) != 0 || d.Nodes == nil || d.Edges == nil || d.ObjectTemplates == nil || len(d.GlobalDesign) != len(domain.GlobalDesignSections) {
			t.Fatalf("new map %+v", d)
		}
		tp := m.template(map[string]any{"name": "Blue", "type": "node", "design": map[string]any{"bg_color": "#0000ff"}})
		a := m.nodeWith(map[string]any{"design": map[string]any{"shape": "circle", "object_template": strconv.FormatInt(tp.ID, 10)},
			"geometry": map[string]any{"center": map[string]int{"x": 1, "y": 2}}})
		b := m.node(2, 3)
		m.patch(map[string]any{"nodes": []any{map[string]any{"id": a.ID, "next_id": b.ID}}})
		m.edge(a.ID, b.ID)

		var c editing.MapSettings
		ed.do("POST", m.path("/clone"), nil).want(201).decode(&c)
		if c.ID == m.id || c.Name != d.Map.Name+" (copy)" || c.VisibilityLevels != 5 {
			t.Fatalf("clone %+v", c)
		}
		clone := &testMap{t: t, c: ed, id: c.ID, userID: m.userID}
		cd := clone.doc()
		if cd.Revision != 0 || len(cd.Nodes) != 2 || len(cd.Edges) != 1 || len(cd.ObjectTemplates) != 1 {
			t.Fatalf("cloned document %+v", cd)
		}
		ct := cd.ObjectTemplates[0]
		ca, cb := cd.Nodes[0], cd.Nodes[1]
		if ct.ID == tp.ID || ca.ID == a.ID || ca.Template != strconv.FormatInt(ct.ID, 10) || ca.Design["object_template"] != ca.Template ||
			ca.NextID == nil || *ca.NextID != cb.ID || cd.Edges[0].Node != (domain.EdgeEnds{FromID: ca.ID, ToID: cb.ID}) ||
			cd.Edges[0].Visibility != vis(2, 3, false) {
			t.Fatalf("the clone's references must point into the clone: %+v", cd)
		}

		ed.do("POST", m.path("/clone"), map[string]any{"name": "Second"}).want(201).decode(&c)
		if c.Name != "Second" {
			t.Fatalf("named clone %+v", c)
		}
		ed.do("DELETE", m.path(""), nil).want(204)
		ed.do("GET", m.path(""), nil).wantError(404, "not_found")
		ed.do("GET", m.path("/changes?since=0"), nil).wantError(404, "not_found")
		clone.doc() // the clone lives on
	})
}

// badCase is a request that must be refused.
type badCase struct {
	name   string
	method string
	path   string
	body   any
	status int
	code   string
	fields []string
}

// TestMapCallsRefuseBadInput sends every call malformed, mistyped, unknown,
// out-of-range and foreign input: each is refused with a code naming the
// field, and none changes the map or moves its revision.
func TestMapCallsRefuseBadInput(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		ed := h.session(editor)
		m := newTestMap(t, ed, h.users[editor].ID, 4)
		low, high, n := m.node(1, 2), m.node(3, 4), m.node(2, 3)
		e := m.edge(low.ID, n.ID)
		nodeTemplate := m.template(map[string]any{"name": "N", "type": "node"})
		edgeTemplate := m.template(map[string]any{"name": "E", "type": "edge"})
		locked := m.node(1, 4)
		m.patch(map[string]any{"nodes": []any{map[string]any{"id": locked.ID, "editing": map[string]bool{"locked": true}}}})

		// A second map of the same client: its ids are unknown on the first.
		other := newTestMap(t, ed, h.users[editor].ID, 4)
		on, on2 := other.node(1, 4), other.node(1, 4)
		oe := other.edge(on.ID, on2.ID)
		ot := other.template(map[string]any{"name": "Other", "type": "node"})
		otherBefore := other.raw()

		center := map[string]any{"center": map[string]int{"x": 1, "y": 1}}
		rect := map[string]any{"shape": "rectangle"}
		nodePath := func(id int64) string { return m.path("/nodes/%d", id) }
		edgePath := func(id int64) string { return m.path("/edges/%d", id) }
		tplPath := func(id int64) string { return m.path("/templates/objects/%d", id) }
		node := func(fields map[string]any) map[string]any { fields["id"] = n.ID; return fields }
		elems := func(part string, items ...any) map[string]any { return map[string]any{part: items} }

		cases := []badCase{
			{"map: unknown", "GET", "/api/v1/maps/999999", nil, 404, "not_found", nil},
			{"map: not a number", "GET", "/api/v1/maps/abc", nil, 404, "not_found", nil},
			{"changes: since missing", "GET", m.path("/changes"), nil, 400, "validation_failed", []string{"since"}},
			{"changes: since not a number", "GET", m.path("/changes?since=abc"), nil, 400, "validation_failed", []string{"since"}},
			{"changes: since negative", "GET", m.path("/changes?since=-1"), nil, 400, "validation_failed", []string{"since"}},
			{"changes: since ahead", "GET", m.path("/changes?since=999"), nil, 400, "validation_failed", []string{"since"}},

			{"create node: malformed JSON", "POST", m.path("/nodes"), `{"design": {`, 400, "validation_failed", nil},
			{"create node: empty body", "POST", m.path("/nodes"), nil, 400, "validation_failed", nil},
			{"create node: two values", "POST", m.path("/nodes"), `{} {}`, 400, "validation_failed", nil},
			{"create node: disabled shape", "POST", m.path("/nodes"), map[string]any{"design": map[string]any{"shape": "star"}, "geometry": center}, 400, "validation_failed", []string{"design.shape"}},
			{"create node: unknown shape", "POST", m.path("/nodes"), map[string]any{"design": map[string]any{"shape": "blob"}, "geometry": center}, 400, "validation_failed", []string{"design.shape"}},
			{"create node: shape wrong type", "POST", m.path("/nodes"), map[string]any{"design": map[string]any{"shape": 5}, "geometry": center}, 400, "validation_failed", []string{"design.shape"}},
			{"create node: no center", "POST", m.path("/nodes"), map[string]any{"design": rect}, 400, "validation_failed", []string{"geometry.center"}},
			{"create node: levels 0 and 13", "POST", m.path("/nodes"), map[string]any{"design": rect, "geometry": center, "visibility": map[string]int{"min_level": 0, "max_level": 13}}, 400, "validation_failed", []string{"visibility.min_level", "visibility.max_level"}},
			{"create node: range upside down", "POST", m.path("/nodes"), map[string]any{"design": rect, "geometry": center, "visibility": map[string]int{"min_level": 3, "max_level": 2}}, 400, "validation_failed", []string{"visibility.max_level"}},
			{"create node: unknown field", "POST", m.path("/nodes"), map[string]any{"design": rect, "geometry": center, "colour": "red"}, 400, "validation_failed", []string{"colour"}},
			{"create node: unknown template", "POST", m.path("/nodes"), map[string]any{"design": map[string]any{"shape": "circle", "object_template": "999999"}, "geometry": center}, 404, "not_found", []string{"design.object_template"}},
			{"create node: template of another map", "POST", m.path("/nodes"), map[string]any{"design": map[string]any{"shape": "circle", "object_template": ref(ot.ID)}, "geometry": center}, 404, "not_found", []string{"design.object_template"}},
			{"create node: edge template", "POST", m.path("/nodes"), map[string]any{"design": map[string]any{"shape": "circle", "object_template": ref(edgeTemplate.ID)}, "geometry": center}, 400, "validation_failed", []string{"design.object_template"}},

			{"clone node: unknown", "POST", m.path("/nodes/clone"), map[string]any{"id": 999999}, 404, "not_found", []string{"id"}},
			{"clone node: of another map", "POST", m.path("/nodes/clone"), map[string]any{"id": on.ID}, 404, "not_found", []string{"id"}},
			{"clone node: id wrong type", "POST", m.path("/nodes/clone"), map[string]any{"id": "1"}, 400, "validation_failed", []string{"id"}},
			{"clone node: offset wrong type", "POST", m.path("/nodes/clone"), map[string]any{"id": n.ID, "offset": map[string]any{"x": "far"}}, 400, "validation_failed", []string{"offset.x"}},

			{"patch node: unknown", "PATCH", nodePath(999999), map[string]any{"design": map[string]any{"bg_color": "#000000"}}, 404, "not_found", []string{"id"}},
			{"patch node: of another map", "PATCH", nodePath(on.ID), map[string]any{"design": map[string]any{"bg_color": "#000000"}}, 404, "not_found", []string{"id"}},
			{"patch node: id not a number", "PATCH", m.path("/nodes/abc"), map[string]any{"design": map[string]any{}}, 404, "not_found", nil},
			{"patch node: bad colour", "PATCH", nodePath(n.ID), map[string]any{"design": map[string]any{"bg_color": "red"}}, 400, "validation_failed", []string{"design.bg_color"}},
			{"patch node: opacity 101", "PATCH", nodePath(n.ID), map[string]any{"design": map[string]any{"media_opacity": 101}}, 400, "validation_failed", []string{"design.media_opacity"}},
			{"patch node: width wrong type", "PATCH", nodePath(n.ID), map[string]any{"design": map[string]any{"width": "wide"}}, 400, "validation_failed", []string{"design.width"}},
			{"patch node: unknown design field", "PATCH", nodePath(n.ID), map[string]any{"design": map[string]any{"colour": "#000000"}}, 400, "validation_failed", []string{"design.colour"}},
			{"patch node: disabled shape", "PATCH", nodePath(n.ID), map[string]any{"design": map[string]any{"shape": "hexagon_hor"}}, 400, "validation_failed", []string{"design.shape"}},
			{"patch node: media and media_url", "PATCH", nodePath(n.ID), map[string]any{"design": map[string]any{"media": "asset", "media_url": "https://example.org/a.png"}}, 400, "validation_failed", []string{"design.media_url"}},
			{"patch node: every bad field at once", "PATCH", nodePath(n.ID), map[string]any{"design": map[string]any{"bg_color": "red", "border_style": "wavy", "font_url": "javascript:alert(1)"}}, 400, "validation_failed", []string{"design.bg_color", "design.border_style", "design.font_url"}},
			{"patch node: template of another map", "PATCH", nodePath(n.ID), map[string]any{"design": map[string]any{"object_template": ref(ot.ID)}}, 404, "not_found", []string{"design.object_template"}},
			{"patch node: template id malformed", "PATCH", nodePath(n.ID), map[string]any{"design": map[string]any{"object_template": "x1"}}, 400, "validation_failed", []string{"design.object_template"}},
			{"patch node: locked", "PATCH", nodePath(locked.ID), map[string]any{"design": map[string]any{"bg_color": "#000000"}}, 409, "conflict", []string{"id"}},
			{"patch node: unknown body field", "PATCH", nodePath(n.ID), map[string]any{"content": map[string]any{}}, 400, "validation_failed", []string{"content"}},

			{"delete node: unknown", "DELETE", nodePath(999999), nil, 404, "not_found", []string{"id"}},
			{"delete node: of another map", "DELETE", nodePath(on.ID), nil, 404, "not_found", []string{"id"}},
			{"delete node: locked", "DELETE", nodePath(locked.ID), nil, 409, "conflict", []string{"id"}},

			{"create edge: same node", "POST", m.path("/edges/"), map[string]any{"node": map[string]int64{"from_id": n.ID, "to_id": n.ID}}, 400, "validation_failed", []string{"node.to_id"}},
			{"create edge: no overlap", "POST", m.path("/edges/"), map[string]any{"node": map[string]int64{"from_id": low.ID, "to_id": high.ID}}, 409, "conflict", []string{"node.to_id"}},
			{"create edge: unknown node", "POST", m.path("/edges/"), map[string]any{"node": map[string]int64{"from_id": 999999, "to_id": n.ID}}, 404, "not_found", []string{"node.from_id"}},
			{"create edge: node of another map", "POST", m.path("/edges"), map[string]any{"node": map[string]int64{"from_id": n.ID, "to_id": on.ID}}, 404, "not_found", []string{"node.to_id"}},
			{"create edge: wrong type", "POST", m.path("/edges/"), map[string]any{"node": map[string]any{"from_id": "a", "to_id": n.ID}}, 400, "validation_failed", []string{"node.from_id"}},
			{"create edge: level 0", "POST", m.path("/edges/"), map[string]any{"node": map[string]int64{"from_id": low.ID, "to_id": n.ID}, "visibility": map[string]int{"min_level": 0, "max_level": 2}}, 400, "validation_failed", []string{"visibility.min_level"}},
			{"create edge: node template", "POST", m.path("/edges/"), map[string]any{"node": map[string]int64{"from_id": low.ID, "to_id": n.ID}, "design": map[string]string{"object_template": ref(nodeTemplate.ID)}}, 400, "validation_failed", []string{"design.object_template"}},

			{"patch edge: unknown", "PATCH", edgePath(999999), map[string]any{"design": map[string]any{}}, 404, "not_found", []string{"id"}},
			{"patch edge: of another map", "PATCH", edgePath(oe.ID), map[string]any{"design": map[string]any{"border_color": "#000000"}}, 404, "not_found", []string{"id"}},
			{"patch edge: bad arrow", "PATCH", edgePath(e.ID), map[string]any{"design": map[string]any{"line_end": "arrow"}}, 400, "validation_failed", []string{"design.line_end"}},
			{"patch edge: width 51", "PATCH", edgePath(e.ID), map[string]any{"design": map[string]any{"border_width": 51}}, 400, "validation_failed", []string{"design.border_width"}},
			{"patch edge: node design field", "PATCH", edgePath(e.ID), map[string]any{"design": map[string]any{"bg_color": "#000000"}}, 400, "validation_failed", []string{"design.bg_color"}},
			{"patch edge: node template", "PATCH", edgePath(e.ID), map[string]any{"design": map[string]any{"object_template": ref(nodeTemplate.ID)}}, 400, "validation_failed", []string{"design.object_template"}},
			{"delete edge: unknown", "DELETE", edgePath(999999), nil, 404, "not_found", []string{"id"}},
			{"delete edge: of another map", "DELETE", edgePath(oe.ID), nil, 404, "not_found", []string{"id"}},

			{"elements: malformed JSON", "PATCH", m.path("/elements"), `{"nodes": [`, 400, "validation_failed", nil},
			{"elements: id wrong type", "PATCH", m.path("/elements"), elems("nodes", map[string]any{"id": "x"}), 400, "validation_failed", []string{"nodes.id"}},
			{"elements: unknown part", "PATCH", m.path("/elements"), map[string]any{"layers": []any{}}, 400, "validation_failed", []string{"layers"}},
			{"elements: unknown node field", "PATCH", m.path("/elements"), elems("nodes", node(map[string]any{"colour": "red"})), 400, "validation_failed", []string{"colour"}},
			{"elements: unknown node", "PATCH", m.path("/elements"), elems("nodes", map[string]any{"id": 999999, "geometry": center}), 404, "not_found", []string{"nodes[0].id"}},
			{"elements: unknown node with design", "PATCH", m.path("/elements"), elems("nodes", node(map[string]any{}), map[string]any{"id": 999999, "design": map[string]any{}}), 404, "not_found", []string{"nodes[1].id"}},
			{"elements: node of another map", "PATCH", m.path("/elements"), elems("nodes", map[string]any{"id": on.ID, "geometry": center}), 404, "not_found", []string{"nodes[0].id"}},
			{"elements: order with a node of another map", "PATCH", m.path("/elements"), elems("nodes", map[string]any{"id": n.ID}, map[string]any{"id": on.ID}), 404, "not_found", []string{"nodes[1].id"}},
			{"elements: node listed twice", "PATCH", m.path("/elements"), elems("nodes", node(map[string]any{}), node(map[string]any{"geometry": center})), 400, "validation_failed", []string{"nodes[1].id"}},
			{"elements: levels 0 and 13", "PATCH", m.path("/elements"), elems("nodes", node(map[string]any{"visibility": map[string]int{"min_level": 0, "max_level": 13}})), 400, "validation_failed", []string{"nodes[0].visibility.min_level", "nodes[0].visibility.max_level"}},
			{"elements: bad colour", "PATCH", m.path("/elements"), elems("nodes", node(map[string]any{"design": map[string]any{"border_color": "#12345"}})), 400, "validation_failed", []string{"nodes[0].design.border_color"}},
			{"elements: unknown language", "PATCH", m.path("/elements"), elems("nodes", node(map[string]any{"content": map[string]any{"xx": map[string]string{"title": "T"}}})), 400, "validation_failed", []string{"nodes[0].content.xx"}},
			{"elements: title too long", "PATCH", m.path("/elements"), elems("nodes", node(map[string]any{"content": map[string]any{"en": map[string]string{"title": strings.Repeat("t", 501)}}})), 400, "validation_failed", []string{"nodes[0].content.en.title"}},
			{"elements: bad link", "PATCH", m.path("/elements"), elems("nodes", node(map[string]any{"content": map[string]any{"en": map[string]string{"node_link_to": "javascript:alert(1)"}}})), 400, "validation_failed", []string{"nodes[0].content.en.node_link_to"}},
			{"elements: bad popup", "PATCH", m.path("/elements"), elems("nodes", node(map[string]any{"popup_type": "huge"})), 400, "validation_failed", []string{"nodes[0].popup_type"}},
			{"elements: next is itself", "PATCH", m.path("/elements"), elems("nodes", node(map[string]any{"next_id": n.ID})), 400, "validation_failed", []string{"nodes[0].next_id"}},
			{"elements: next on another map", "PATCH", m.path("/elements"), elems("nodes", node(map[string]any{"previous_id": on.ID})), 404, "not_found", []string{"nodes[0].previous_id"}},
			{"elements: locked node", "PATCH", m.path("/elements"), elems("nodes", map[string]any{"id": locked.ID, "geometry": center}), 409, "conflict", []string{"nodes[0].id"}},
			{"elements: unknown edge", "PATCH", m.path("/elements"), elems("edges", map[string]any{"id": 999999, "delete": true}), 404, "not_found", []string{"edges[0].id"}},
			{"elements: edge of another map", "PATCH", m.path("/elements"), elems("edges", map[string]any{"id": e.ID, "delete": true}, map[string]any{"id": oe.ID, "delete": true}), 404, "not_found", []string{"edges[1].id"}},
			{"elements: edge outside its nodes", "PATCH", m.path("/elements"), elems("edges", map[string]any{"id": e.ID, "visibility": map[string]int{"min_level": 1, "max_level": 1}}), 400, "validation_failed", []string{"edges[0].visibility"}},
			{"elements: edge level 13", "PATCH", m.path("/elements"), elems("edges", map[string]any{"id": e.ID, "visibility": map[string]int{"max_level": 13}}), 400, "validation_failed", []string{"edges[0].visibility.max_level"}},
			{"elements: edge label too long", "PATCH", m.path("/elements"), elems("edges", map[string]any{"id": e.ID, "content": map[string]any{"en": map[string]string{"middle": strings.Repeat("m", 501)}}}), 400, "validation_failed", []string{"edges[0].content.en.middle"}},
			{"elements: level 0", "PATCH", m.path("/elements"), elems("levels", map[string]any{"id": 0, "hidden": true}), 404, "not_found", []string{"levels[0].id"}},
			{"elements: level 13", "PATCH", m.path("/elements"), elems("levels", map[string]any{"id": 13, "delete": true}), 404, "not_found", []string{"levels[0].id"}},
			{"elements: map levels 13", "PATCH", m.path("/elements"), map[string]any{"map": map[string]any{"visibility_levels": 13}}, 400, "validation_failed", []string{"map.visibility_levels"}},
			{"elements: all edges wrong type", "PATCH", m.path("/elements"), map[string]any{"all_edges": map[string]any{"hidden": "yes"}}, 400, "validation_failed", []string{"all_edges.hidden"}},

			{"map settings: levels 0", "PATCH", m.path(""), map[string]any{"visibility_levels": 0}, 400, "validation_failed", []string{"visibility_levels"}},
			{"map settings: levels 13", "PATCH", m.path(""), map[string]any{"visibility_levels": 13}, 400, "validation_failed", []string{"visibility_levels"}},
			{"map settings: levels wrong type", "PATCH", m.path(""), map[string]any{"visibility_levels": "4"}, 400, "validation_failed", []string{"visibility_levels"}},
			{"map settings: opacity 101", "PATCH", m.path(""), map[string]any{"design": map[string]any{"media_opacity": 101}}, 400, "validation_failed", []string{"design.media_opacity"}},
			{"map settings: bad colour", "PATCH", m.path(""), map[string]any{"design": map[string]any{"bg_color": "white"}}, 400, "validation_failed", []string{"design.bg_color"}},
			{"map settings: bad repeat", "PATCH", m.path(""), map[string]any{"design": map[string]any{"media_repeat": "tile"}}, 400, "validation_failed", []string{"design.media_repeat"}},
			{"map settings: media and media_url", "PATCH", m.path(""), map[string]any{"design": map[string]any{"media": "bg", "media_url": "https://example.org/bg.png"}}, 400, "validation_failed", []string{"design.media_url"}},
			{"map settings: empty name", "PATCH", m.path(""), map[string]any{"name": " "}, 400, "validation_failed", []string{"name"}},
			{"map settings: too small", "PATCH", m.path(""), map[string]any{"measurement": map[string]int{"width": 50, "height": 100}}, 400, "validation_failed", []string{"measurement.width"}},
			{"map settings: bad language", "PATCH", m.path(""), map[string]any{"languages": []string{"en", "xx"}}, 400, "validation_failed", []string{"languages"}},
			{"map settings: unknown field", "PATCH", m.path(""), map[string]any{"colour": "red"}, 400, "validation_failed", []string{"colour"}},

			{"global design: unknown section", "PATCH", m.path("/global"), map[string]any{"colours": map[string]any{}}, 400, "validation_failed", []string{"colours"}},
			{"global design: bad node default", "PATCH", m.path("/global"), map[string]any{"nodes": map[string]any{"bg_color": "red"}}, 400, "validation_failed", []string{"nodes.bg_color"}},
			{"global design: unknown edge field", "PATCH", m.path("/global"), map[string]any{"edges": map[string]any{"bg_color": "#000000"}}, 400, "validation_failed", []string{"edges.bg_color"}},
			{"global design: section not an object", "PATCH", m.path("/global"), map[string]any{"tooltips": "big"}, 400, "validation_failed", []string{"tooltips"}},

			{"create template: no name", "POST", m.path("/templates/objects/"), map[string]any{"name": "", "type": "node"}, 400, "validation_failed", []string{"name"}},
			{"create template: bad type", "POST", m.path("/templates/objects/"), map[string]any{"name": "T", "type": "shape"}, 400, "validation_failed", []string{"type"}},
			{"create template: bad design", "POST", m.path("/templates/objects"), map[string]any{"name": "T", "type": "node", "design": map[string]any{"bg_color": "red"}}, 400, "validation_failed", []string{"design.bg_color"}},
			{"create template: node for edge", "POST", m.path("/templates/objects/"), map[string]any{"name": "T", "type": "edge", "from_node_id": n.ID}, 400, "validation_failed", []string{"from_node_id"}},
			{"create template: unknown node", "POST", m.path("/templates/objects/"), map[string]any{"name": "T", "type": "node", "from_node_id": 999999}, 404, "not_found", []string{"from_node_id"}},
			{"create template: node of another map", "POST", m.path("/templates/objects/"), map[string]any{"name": "T", "type": "node", "from_node_id": on.ID}, 404, "not_found", []string{"from_node_id"}},
			{"create template: edge of another map", "POST", m.path("/templates/objects/"), map[string]any{"name": "T", "type": "edge", "from_edge_id": oe.ID}, 404, "not_found", []string{"from_edge_id"}},
			{"patch template: unknown", "PATCH", tplPath(999999), map[string]any{"name": "X"}, 404, "not_found", nil},
			{"patch template: of another map", "PATCH", tplPath(ot.ID), map[string]any{"name": "X"}, 404, "not_found", nil},
			{"patch template: blank name", "PATCH", tplPath(nodeTemplate.ID), map[string]any{"name": "  "}, 400, "validation_failed", []string{"name"}},
			{"patch template: follows a template", "PATCH", tplPath(nodeTemplate.ID), map[string]any{"design": map[string]any{"object_template": ref(nodeTemplate.ID)}}, 400, "validation_failed", []string{"design.object_template"}},
			{"patch template: weight 50", "PATCH", tplPath(nodeTemplate.ID), map[string]any{"design": map[string]any{"font_weight": 50}}, 400, "validation_failed", []string{"design.font_weight"}},
			{"patch template: edge field on node template", "PATCH", tplPath(nodeTemplate.ID), map[string]any{"design": map[string]any{"line_end": "dot"}}, 400, "validation_failed", []string{"design.line_end"}},
			{"delete template: unknown", "DELETE", tplPath(999999), nil, 404, "not_found", nil},
			{"delete template: of another map", "DELETE", tplPath(ot.ID), nil, 404, "not_found", nil},

			{"create map: levels 0", "POST", "/api/v1/clients/acme/maps", map[string]any{"name": "M", "measurement": map[string]int{"width": 1000, "height": 1000}, "visibility_levels": 0}, 400, "validation_failed", []string{"visibility_levels"}},
			{"create map: levels 13", "POST", "/api/v1/clients/acme/maps", map[string]any{"name": "M", "measurement": map[string]int{"width": 1000, "height": 1000}, "visibility_levels": 13}, 400, "validation_failed", []string{"visibility_levels"}},
			{"create map: every bad field", "POST", "/api/v1/clients/acme/maps", map[string]any{"name": "", "measurement": map[string]int{"width": 10, "height": 100001}, "visibility_levels": 4}, 400, "validation_failed", []string{"name", "measurement.width", "measurement.height"}},
			{"create map: flat width", "POST", "/api/v1/clients/acme/maps", map[string]any{"name": "M", "width": 1000, "visibility_levels": 4}, 400, "validation_failed", []string{"width"}},
			{"create map: unknown client", "POST", "/api/v1/clients/initech/maps", map[string]any{"name": "M"}, 404, "not_found", nil},
			{"clone map: name too long", "POST", m.path("/clone"), map[string]any{"name": strings.Repeat("n", 201)}, 400, "validation_failed", []string{"name"}},
			{"clone map: unknown field", "POST", m.path("/clone"), map[string]any{"title": "x"}, 400, "validation_failed", []string{"title"}},
			{"clone map: unknown map", "POST", "/api/v1/maps/999999/clone", nil, 404, "not_found", nil},
			{"delete map: unknown", "DELETE", "/api/v1/maps/999999", nil, 404, "not_found", nil},
		}

		// Only an admin gets as far as the permissions' validation.
		adminCases := []badCase{
			{"permissions: not a user path", "PATCH", m.path("/permissions"), map[string]any{"users": map[string]string{"/api/v1/maps/1": "edit"}}, 400, "validation_failed", []string{"users"}},
			{"permissions: not a member", "PATCH", m.path("/permissions"), map[string]any{"users": map[string]string{userPath(h.users[outsider].ID): "edit"}}, 400, "validation_failed", []string{"users"}},
			{"permissions: bad access", "PATCH", m.path("/permissions"), map[string]any{"users": map[string]string{userPath(h.users[guest].ID): "owner"}}, 400, "validation_failed", []string{"users"}},
			{"permissions: wrong type", "PATCH", m.path("/permissions"), map[string]any{"users": []string{"x"}}, 400, "validation_failed", []string{"users"}},
		}
		adm := h.session(admin)
		before, beforeMaps := m.raw(), mapCount(t, ed)
		for i, c := range append(cases, adminCases...) {
			as := ed
			if i >= len(cases) {
				as = adm
			}
			t.Run(c.name, func(t *testing.T) {
				res := as.in(t).do(c.method, c.path, c.body)
				res.wantError(c.status, c.code, c.fields...)
				if strings.Contains(string(res.body), "goroutine") || strings.Contains(string(res.body), ".go:") {
					t.Fatalf("the answer leaks internals: %s", res.body)
				}
			})
		}
		if after := m.raw(); after != before {
			t.Fatalf("refused calls changed the map:\nbefore %s\nafter  %s", before, after)
		}
		if after := other.raw(); after != otherBefore {
			t.Fatalf("refused calls changed the other map:\nbefore %s\nafter  %s", otherBefore, after)
		}
		if got := mapCount(t, ed); got != beforeMaps {
			t.Fatalf("refused calls created maps: %d, was %d", got, beforeMaps)
		}
	})
}

func mapCount(t *testing.T, c *client) int {
	t.Helper()
	var l struct{ Maps []struct{ ID int64 } }
	c.do("GET", "/api/v1/clients/acme/maps", nil).want(200).decode(&l)
	return len(l.Maps)
}

// TestAnElementsPatchIsAllOrNothing: a patch whose first parts are valid
// and a later part is not leaves the map exactly as it was, at the same
// revision, with nothing in the log.
func TestAnElementsPatchIsAllOrNothing(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		m := newTestMap(t, h.session(editor), h.users[editor].ID, 4)
		a, b, c := m.node(1, 4), m.node(1, 4), m.node(2, 3)
		e := m.edge(a.ID, b.ID)
		before, rev := m.raw(), m.revision()

		valid := map[string]any{
			"map":    map[string]any{"name": "Renamed", "visibility_levels": 2},
			"levels": []any{map[string]any{"id": 1, "hidden": true}},
			"nodes": []any{
				map[string]any{"id": a.ID, "design": map[string]any{"bg_color": "#123456"}, "geometry": map[string]any{"center": map[string]int{"x": 9, "y": 9}}},
				map[string]any{"id": c.ID, "visibility": map[string]any{"hidden": true}},
			},
		}
		for name, bad := range map[string]struct {
			part   string
			value  any
			status int
			field  string
		}{
			"bad edge range": {"edges", []any{map[string]any{"id": e.ID, "visibility": map[string]int{"min_level": 0}}}, 400, "edges[0].visibility.min_level"},
			"unknown edge":   {"edges", []any{map[string]any{"id": 999999, "delete": true}}, 404, "edges[0].id"},
			"all edges":      {"all_edges", map[string]any{"delete": "yes"}, 400, "all_edges.delete"},
			"second node":    {"nodes", append(valid["nodes"].([]any), map[string]any{"id": b.ID, "design": map[string]any{"font_size": -1}}), 400, "nodes[2].design.font_size"},
		} {
			body := map[string]any{}
			for k, v := range valid {
				body[k] = v
			}
			body[bad.part] = bad.value
			code := map[int]string{400: "validation_failed", 404: "not_found"}[bad.status]
			m.c.do("PATCH", m.path("/elements"), body).wantError(bad.status, code, bad.field)
			if after := m.raw(); after != before {
				t.Fatalf("%s: the valid parts were written:\nbefore %s\nafter  %s", name, before, after)
			}
			if cs := m.changes(rev); cs.Revision != rev || len(cs.Changes) != 0 {
				t.Fatalf("%s: the revision moved to %d with changes %+v", name, cs.Revision, cs.Changes)
			}
		}

		// The valid parts alone commit, as one revision per change type.
		m.patch(valid)
		m.wantChanges(rev, "map", "layer_hidden", "node_position", "node_design", "node_hidden")
		d := m.doc()
		if d.Map.Name != "Renamed" || d.Map.VisibilityLevels != 2 || !d.Layers[0].Hidden || d.node(t, a.ID).Design["bg_color"] != "#123456" ||
			d.node(t, c.ID).Visibility != vis(2, 2, true) {
			t.Fatalf("after the valid patch %+v", d)
		}
	})
}

// TestMapChangeLog: GET /changes?since=N answers the changes after N, with
// who, what and when; the revision every change answer carries is the log's.
func TestMapChangeLog(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		m := newTestMap(t, h.session(editor), h.users[editor].ID, 3)
		if cs := m.changes(0); cs.Revision != 0 || cs.Changes == nil || len(cs.Changes) != 0 {
			t.Fatalf("a new map's log: %+v", cs)
		}
		a := m.node(1, 3)
		b := m.nodeWith(map[string]any{"design": map[string]any{"shape": "circle"}, "geometry": map[string]any{"center": map[string]int{"x": 4, "y": 5}}})
		e := m.edge(a.ID, b.ID)
		rev := m.patch(map[string]any{"nodes": []any{map[string]any{"id": a.ID, "geometry": map[string]any{"center": map[string]float64{"x": 7.5, "y": -3}}}}})
		if rev != 4 {
			t.Fatalf("revision after four changes: %d", rev)
		}
		if rev = changed(t, m.c.do("PATCH", m.path("/global"), map[string]any{"nodes": map[string]any{"font_size": 18}}), 200); rev != 5 {
			t.Fatalf("revision after the global design: %d", rev)
		}
		rev = changed(t, m.c.do("PATCH", m.path(""), map[string]any{"behavior": map[string]bool{"mark_visited_nodes": true}}), 200)
		if rev != 6 || m.revision() != 6 {
			t.Fatalf("revision %d, document at %d", rev, m.revision())
		}

		all := m.wantChanges(0, "node_created", "node_created", "edge_created", "node_position", "global_design", "map")
		if d := all[0].delta(t); len(d.Nodes) != 1 || d.Nodes[0].ID != a.ID || d.Nodes[0].Visibility != vis(1, 3, false) {
			t.Fatalf("node_created data %s", all[0].Data)
		}
		if d := all[2].delta(t); len(d.Edges) != 1 || d.Edges[0].ID != e.ID {
			t.Fatalf("edge_created data %s", all[2].Data)
		}
		if d := all[3].delta(t); len(d.Positions) != 1 || d.Positions[0] != (editing.NodePosition{ID: a.ID, Center: domain.Point{X: 7.5, Y: -3}}) {
			t.Fatalf("node_position data %s", all[3].Data)
		}
		if d := all[4].delta(t); d.GlobalDesign["nodes"]["font_size"] != 18.0 {
			t.Fatalf("global_design data %s", all[4].Data)
		}
		if d := all[5].delta(t); d.Map == nil || !d.Map.Behavior.MarkVisitedNodes {
			t.Fatalf("map data %s", all[5].Data)
		}
		for i := 1; i < len(all); i++ {
			if all[i].At.Before(all[i-1].At) {
				t.Fatalf("change %d is dated before change %d", all[i].Revision, all[i-1].Revision)
			}
		}

		m.wantChanges(4, "global_design", "map")
		m.wantChanges(6)
		m.c.do("GET", m.path("/changes?since=7"), nil).wantError(400, "validation_failed", "since")
		m.c.do("GET", m.path("/changes?since=four"), nil).wantError(400, "validation_failed", "since")
		m.c.do("GET", m.path("/changes?since=1.5"), nil).wantError(400, "validation_failed", "since")

		// A reader catches up the same way.
		var cs changesBody
		h.session(guest).do("GET", m.path("/changes?since=5"), nil).want(200).decode(&cs)
		if cs.Revision != 6 || len(cs.Changes) != 1 || cs.Changes[0].Type != "map" {
			t.Fatalf("guest's catch-up %+v", cs)
		}
		// Other maps' changes are not mixed in.
		o := newTestMap(t, m.c, m.userID, 2)
		o.node(1, 2)
		m.wantChanges(6)
		o.wantChanges(0, "node_created")
	})
}

// TestMapDocumentIsCompressed: GET /maps/{id} answers gzip when asked, and
// the same document either way.
func TestMapDocumentIsCompressed(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		c := h.session(guest)
		m := newTestMap(t, h.session(editor), h.users[editor].ID, 4)
		for i := 0; i < 20; i++ {
			m.node(1, 4)
		}
		get := func(encoding string) (*http.Response, []byte) {
			req, err := http.NewRequest("GET", h.srv.URL+m.path(""), nil)
			if err != nil {
				t.Fatal(err)
			}
			// Set by hand, the header makes the transport hand over the
			// compressed body as it came.
			req.Header.Set("Accept-Encoding", encoding)
			res, err := c.http.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			b, err := io.ReadAll(res.Body)
			if err != nil {
				t.Fatal(err)
			}
			return res, b
		}
		res, zipped := get("gzip")
		if res.StatusCode != 200 || res.Header.Get("Content-Encoding") != "gzip" || !strings.Contains(res.Header.Get("Vary"), "Accept-Encoding") {
			t.Fatalf("status %d, Content-Encoding %q, Vary %q", res.StatusCode, res.Header.Get("Content-Encoding"), res.Header.Get("Vary"))
		}
		if res.Header.Get("X-Map-Revision") != "20" {
			t.Fatalf("X-Map-Revision %q", res.Header.Get("X-Map-Revision"))
		}
		zr, err := gzip.NewReader(bytes.NewReader(zipped))
		if err != nil {
			t.Fatalf("not gzip: %v", err)
		}
		unzipped, err := io.ReadAll(zr)
		if err != nil {
			t.Fatal(err)
		}
		res, plain := get("identity")
		if res.Header.Get("Content-Encoding") != "" {
			t.Fatalf("compressed without being asked: %q", res.Header.Get("Content-Encoding"))
		}
		if !bytes.Equal(unzipped, plain) || len(zipped) >= len(plain)/3 {
			t.Fatalf("gzip %d bytes of %d; equal %v", len(zipped), len(plain), bytes.Equal(unzipped, plain))
		}
		var d mapDoc
		if err := json.Unmarshal(unzipped, &d); err != nil || len(d.Nodes) != 20 {
			t.Fatalf("decompressed document: %v, %d nodes", err, len(d.Nodes))
		}
	})
}
