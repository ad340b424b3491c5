package api_test

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/coder/websocket"

	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/store"
	"github.com/strata-maps/strata/internal/store/storetest"
)

// versionedDoc is what these tests read of a map's document.
type versionedDoc struct {
	Map struct {
		Name string `json:"name"`
	} `json:"map"`
	Revision        int64 `json:"revision"`
	ObjectTemplates []struct {
		ID int64 `json:"id"`
	} `json:"object_templates"`
	Nodes []struct {
		ID      int64 `json:"id"`
		Content map[string]struct {
			Title string `json:"title"`
		} `json:"content"`
	} `json:"nodes"`
	Edges []struct {
		ID int64 `json:"id"`
	} `json:"edges"`
}

// shape is a document's element ids and titles, for comparing two states.
func (d versionedDoc) shape() string {
	var parts []string
	for _, n := range d.Nodes {
		parts = append(parts, fmt.Sprintf("n%d:%s", n.ID, n.Content["en"].Title))
	}
	for _, e := range d.Edges {
		parts = append(parts, fmt.Sprintf("e%d", e.ID))
	}
	for _, t := range d.ObjectTemplates {
		parts = append(parts, fmt.Sprintf("t%d", t.ID))
	}
	sort.Strings(parts)
	return d.Map.Name + " " + strings.Join(parts, ",")
}

// versionsMap is a harness map with two nodes, an edge and a template.
type versionsMap struct {
	h    *harness
	ed   *client
	a, b int64
	path string
}

func newVersionsMap(t *testing.T, s *store.Store) *versionsMap {
	h := newHarness(t, s)
	v := &versionsMap{h: h, ed: h.as(editor), path: fmt.Sprintf("/api/v1/maps/%d", h.mapID)}
	v.a = v.node("Alpha", "<p>Alpha, <b>whole</b> text</p>")
	v.b = v.node("Beta", "")
	v.ed.do("POST", v.path+"/edges", map[string]any{"node": map[string]any{"from_id": v.a, "to_id": v.b}}).want(201)
	v.ed.do("POST", v.path+"/templates/objects", map[string]any{"name": "Blue", "type": "node", "design": map[string]any{}}).want(201)
	return v
}

func (v *versionsMap) node(title, html string) int64 {
	var n struct{ ID int64 }
	v.ed.do("POST", v.path+"/nodes", map[string]any{
		"design": map[string]any{"shape": "circle"}, "geometry": map[string]any{"center": map[string]any{"x": 100, "y": 100}},
	}).want(201).decode(&n)
	v.ed.do("PATCH", v.path+"/elements", map[string]any{"nodes": []any{
		map[string]any{"id": n.ID, "content": map[string]any{"en": map[string]any{"title": title, "content": html}}},
	}}).want(200)
	return n.ID
}

func (v *versionsMap) doc() versionedDoc {
	var d versionedDoc
	v.ed.do("GET", v.path, nil).want(200).decode(&d)
	return d
}

func (v *versionsMap) publication() publicationBody {
	var p publicationBody
	v.ed.do("GET", v.path+"/publication", nil).want(200).decode(&p)
	return p
}

// lastChange is the newest change of the log.
func (v *versionsMap) lastChange() (typ string, data json.RawMessage) {
	var list struct {
		Changes []struct {
			Type string          `json:"type"`
			Data json.RawMessage `json:"data"`
		} `json:"changes"`
	}
	v.ed.do("GET", v.path+"/changes?since=0", nil).want(200).decode(&list)
	last := list.Changes[len(list.Changes)-1]
	return last.Type, last.Data
}

func TestRestoreVersion(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		v := newVersionsMap(t, s)
		h := v.h
		kept := v.doc()
		var ver struct {
			ID        int64 `json:"id"`
			Kind      string
			CreatedBy struct{ Name string } `json:"created_by"`
		}
		v.ed.do("POST", v.path+"/versions", map[string]any{"name": "Before the review", "description": "two nodes"}).want(201).decode(&ver)
		if ver.Kind != "saved" || ver.CreatedBy.Name != "Test editor" {
			t.Fatalf("kept version %+v", ver)
		}
		if p := v.publication(); p.Status != "not_published" {
			t.Fatalf("keeping a version published it: %s", p.Status)
		}

		// The working copy moves on: a node removed (with its edge), one added, a title and the name changed.
		v.ed.do("DELETE", fmt.Sprintf("%s/nodes/%d", v.path, v.b), nil).want(200)
		v.node("Gamma", "")
		v.ed.do("PATCH", v.path+"/elements", map[string]any{"nodes": []any{
			map[string]any{"id": v.a, "content": map[string]any{"en": map[string]any{"title": "Alpha 2", "content": "<p>new</p>"}}},
		}}).want(200)
		v.ed.do("PATCH", v.path, map[string]any{"name": "Renamed"}).want(200)
		if v.doc().shape() == kept.shape() {
			t.Fatal("the working copy did not change")
		}

		// Two editors are present; restoring tells both.
		var sockets []*websocket.Conn
		for _, c := range []*client{v.ed, h.as(admin)} {
			ws, _, err := c.dialLive(h.mapID, nil)
			if err != nil {
				t.Fatal(err)
			}
			defer ws.CloseNow()
			read(t, ws, "connected")
			sockets = append(sockets, ws)
		}

		restorePath := fmt.Sprintf("%s/versions/%d/restore", v.path, ver.ID)
		h.as(student).do("POST", restorePath, nil).wantError(403, "forbidden")
		h.as(outsider).do("POST", restorePath, nil).wantError(404, "not_found")
		v.ed.do("POST", fmt.Sprintf("%s/versions/999999/restore", v.path), nil).wantError(404, "not_found")

		var restored struct {
			Revision    int64           `json:"revision"`
			Publication publicationBody `json:"publication"`
		}
		res := v.ed.do("POST", restorePath, nil).want(200)
		res.decode(&restored)
		if res.header.Get("X-Map-Revision") != fmt.Sprint(restored.Revision) || restored.Publication.Status != "not_published" {
			t.Fatalf("restore answered %s", res.body)
		}
		got := v.doc()
		if got.shape() != kept.shape() || got.Revision != restored.Revision {
			t.Fatalf("restored %q at %d, want %q at %d", got.shape(), got.Revision, kept.shape(), restored.Revision)
		}
		// The node's whole content comes back, not only the summary the document carries.
		var node struct {
			Content map[string]struct{ Content string } `json:"content"`
		}
		v.ed.do("GET", fmt.Sprintf("%s/nodes/%d", v.path, v.a), nil).want(200).decode(&node)
		if node.Content["en"].Content != "<p>Alpha, <b>whole</b> text</p>" {
			t.Fatalf("restored content %+v", node.Content)
		}
		for _, ws := range sockets {
			var sync struct {
				Revision int64  `json:"revision"`
				Type     string `json:"type"`
				Data     struct {
					Publication struct {
						Version struct{ Name string } `json:"version"`
					} `json:"publication"`
				} `json:"data"`
			}
			json.Unmarshal(read(t, ws, "sync_map_edit"), &sync)
			if sync.Type != "state_restored" || sync.Revision != restored.Revision || sync.Data.Publication.Version.Name != "Before the review" {
				t.Fatalf("sync %+v", sync)
			}
		}
		// The map goes on from the restored state: the restored ids are editable, new ids are new.
		v.ed.do("PATCH", v.path+"/elements", map[string]any{"nodes": []any{
			map[string]any{"id": v.b, "content": map[string]any{"en": map[string]any{"title": "Beta again"}}},
		}}).want(200)
		if id := v.node("Delta", ""); id <= v.b {
			t.Fatalf("a new node took id %d after restoring", id)
		}
	})
}

func TestPublishResetAndCollectedVersions(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		v := newVersionsMap(t, s)
		h := v.h
		v.ed.do("POST", v.path+"/publication/reset", nil).wantError(409, "conflict")

		var p publicationBody
		v.ed.do("POST", v.path+"/publish", map[string]any{"name": "First"}).want(201).decode(&p)
		if typ, _ := v.lastChange(); typ != "map_published" || p.Status != "up_to_date" || p.SyncedRevision != p.Revision {
			t.Fatalf("publishing wrote %s, answered %+v", typ, p)
		}
		published := v.doc()
		v.node("Draft", "")
		if p = v.publication(); p.Status != "changed" {
			t.Fatalf("after a change: %s", p.Status)
		}

		// Reset: the working copy is the live version again, and up to date.
		h.as(student).do("POST", v.path+"/publication/reset", nil).wantError(403, "forbidden")
		var reset struct {
			Revision    int64           `json:"revision"`
			Publication publicationBody `json:"publication"`
		}
		v.ed.do("POST", v.path+"/publication/reset", nil).want(200).decode(&reset)
		if typ, _ := v.lastChange(); typ != "map_reset" || reset.Publication.Status != "up_to_date" {
			t.Fatalf("reset wrote %s, answered %+v", typ, reset.Publication)
		}
		if got := v.doc(); got.shape() != published.shape() {
			t.Fatalf("reset to %q, want %q", got.shape(), published.shape())
		}

		// Collected versions: kept ones, published later.
		v.node("Second draft", "")
		var kept struct{ ID int64 }
		v.ed.do("POST", v.path+"/versions", map[string]any{"name": "Second"}).want(201).decode(&kept)
		withSecond := v.doc()
		v.node("Third draft", "")
		h.as(student).do("POST", fmt.Sprintf("%s/versions/%d/publish", v.path, kept.ID), nil).wantError(403, "forbidden")
		v.ed.do("POST", fmt.Sprintf("%s/versions/%d/publish", v.path, kept.ID), nil).want(201).decode(&p)
		if p.Live == nil || p.Live.ID != kept.ID || p.Status != "changed" {
			t.Fatalf("publishing a kept version: %+v", p)
		}
		if err := s.SetMapLive(context.Background(), h.mapID, true); err != nil {
			t.Fatal(err)
		}
		v.ed.do("PATCH", v.path+"/publication", map[string]any{"url": "acme-versions"}).want(200)
		var live versionedDoc
		h.as(guest).do("GET", "/api/v1/public/maps/acme-versions", nil).want(200).decode(&live)
		if live.shape() != withSecond.shape() {
			t.Fatalf("public map %q, want the kept version %q", live.shape(), withSecond.shape())
		}

		// Taking it down writes a change too, and the working copy stays.
		before := v.doc().shape()
		v.ed.do("DELETE", v.path+"/publication/live", nil).want(200).decode(&p)
		typ, data := v.lastChange()
		if typ != "map_published" || !strings.Contains(string(data), `"live_version_id":null`) || p.Live != nil {
			t.Fatalf("taking down wrote %s %s", typ, data)
		}
		if v.doc().shape() != before {
			t.Fatal("taking the live version down changed the working copy")
		}
		v.ed.do("POST", v.path+"/publication/reset", nil).wantError(409, "conflict")
		// Taking down what is not up changes nothing.
		rev := v.doc().Revision
		v.ed.do("DELETE", v.path+"/publication/live", nil).want(200)
		if got := v.doc().Revision; got != rev {
			t.Fatalf("taking down nothing raised the revision to %d", got)
		}
	})
}

func TestProtocol(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		v := newVersionsMap(t, s)
		h := v.h
		v.ed.do("POST", v.path+"/publish", map[string]any{"name": "Launch"}).want(201)
		protocol := v.path + "/protocol"
		for _, a := range []string{guest, student, editor} {
			h.as(a).do("GET", protocol, nil).wantError(403, "forbidden")
		}
		h.as(outsider).do("GET", protocol, nil).wantError(404, "not_found")
		h.as(anon).do("GET", protocol, nil).wantError(401, "unauthenticated")

		type entry struct {
			Revision int64  `json:"revision"`
			Type     string `json:"type"`
			User     *struct {
				ID   int64  `json:"id"`
				Name string `json:"name"`
			} `json:"user"`
			What    map[string]any `json:"what"`
			Version *struct {
				Name string `json:"name"`
			} `json:"version"`
		}
		var page struct {
			Entries    []entry `json:"entries"`
			NextBefore *int64  `json:"next_before"`
		}
		h.as(admin).do("GET", protocol+"?limit=2", nil).want(200).decode(&page)
		if len(page.Entries) != 2 || page.NextBefore == nil || page.Entries[0].Revision != 7 || page.Entries[1].Revision != 6 {
			t.Fatalf("first page %+v", page)
		}
		first := page.Entries[0]
		if first.Type != "map_published" || first.Version == nil || first.Version.Name != "Launch" ||
			first.User == nil || first.User.Name != "Test editor" {
			t.Fatalf("publishing entry %+v", first)
		}
		h.as(super).do("GET", fmt.Sprintf("%s?before=%d&limit=10", protocol, *page.NextBefore), nil).want(200).decode(&page)
		// Each node of the fixture was created (1, 3), then given content (2, 4).
		if len(page.Entries) != 5 || page.NextBefore != nil {
			t.Fatalf("last page %+v", page)
		}
		titled := page.Entries[3]
		if titled.Revision != 2 || titled.Type != "node_content" || titled.What["nodes"] != float64(1) || fmt.Sprint(titled.What["titles"]) != "[Alpha]" {
			t.Fatalf("entry of revision 2: %+v", titled)
		}
		for _, q := range []string{"?limit=0", "?limit=201", "?limit=x", "?before=-1", "?before=abc"} {
			h.as(admin).do("GET", protocol+q, nil).wantError(400, "validation_failed")
		}
	})
}

func TestReaderRegistration(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		ctx := context.Background()
		ed := h.as(editor)
		pub := fmt.Sprintf("/api/v1/maps/%d/publication", h.mapID)
		ed.do("PATCH", pub, map[string]any{"url": "acme-readers", "access_mode": "partial"}).want(200)
		ed.do("POST", fmt.Sprintf("/api/v1/maps/%d/publish", h.mapID), nil).want(201)
		if err := s.SetMapLive(ctx, h.mapID, true); err != nil {
			t.Fatal(err)
		}
		public, readers := "/api/v1/public/maps/acme-readers", "/api/v1/public/maps/acme-readers/readers"
		reader := func(email string) map[string]any {
			return map[string]any{"name": "Rita Reader", "email": email, "password": "a long enough password",
				"password_confirmation": "a long enough password"}
		}

		// Two seats of readers: the harness's guest holds one.
		one := 2
		if err := s.SetQuotas(ctx, h.acme.ID, map[domain.QuotaKind]*int{domain.QuotaActiveReaders: &one}); err != nil {
			t.Fatal(err)
		}
		rita := h.anonymous()
		rita.do("GET", public, nil).wantError(401, "unauthenticated", "readers") // registering is offered
		for name, body := range map[string]any{
			"no name":          map[string]any{"email": "x@example.org", "password": "a long enough password", "password_confirmation": "a long enough password"},
			"bad address":      reader("not an address"),
			"short password":   map[string]any{"name": "R", "email": "r@example.org", "password": "short", "password_confirmation": "short"},
			"passwords differ": map[string]any{"name": "R", "email": "r@example.org", "password": "a long enough password", "password_confirmation": "another"},
			"malformed JSON":   `{"name":`,
		} {
			t.Run(name, func(t *testing.T) { rita.do("POST", readers, body).wantError(400, "validation_failed") })
		}
		rita.do("POST", readers, reader(guest+"@example.org")).wantError(409, "conflict", "email")
		rita.do("POST", readers, reader("rita@example.org")).want(202)
		rita.do("GET", public, nil).wantError(401, "unauthenticated") // pending until the address is proven
		rita.followProof("rita@example.org").want(200)
		rita.do("GET", public, nil).want(200)
		rita.do("POST", readers, nil).wantError(409, "conflict") // a reader already

		// A reader is no member: nothing else of the client opens, working copies least of all.
		var secret struct {
			ID int64 `json:"id"`
		}
		h.as(admin).do("POST", "/api/v1/clients/acme/maps", newMapBody("Secret plans")).want(201).decode(&secret)
		rita.do("GET", fmt.Sprintf("/api/v1/maps/%d", secret.ID), nil).wantError(404, "not_found")
		rita.do("GET", fmt.Sprintf("/api/v1/maps/%d", h.mapID), nil).wantError(404, "not_found")
		rita.do("GET", "/api/v1/clients/acme/maps", nil).wantError(404, "not_found")
		var session struct {
			ClientRoles map[string][]string `json:"client_roles"`
		}
		rita.do("GET", "/api/v1/auth/session", nil).want(200).decode(&session)
		if len(session.ClientRoles) != 0 {
			t.Fatalf("a reader holds roles: %v", session.ClientRoles)
		}
		var clients struct {
			Clients []any `json:"clients"`
		}
		rita.do("GET", "/api/v1/clients", nil).want(200).decode(&clients)
		if len(clients.Clients) != 0 {
			t.Fatalf("a reader is shown clients: %v", clients.Clients)
		}

		// The seats are full: refused, and no account is left behind.
		late := h.anonymous()
		late.do("POST", readers, reader("late@example.org")).wantError(409, "quota_exceeded")
		if _, err := s.UserByEmail(ctx, "late@example.org"); domain.ErrorCode(err) != domain.CodeNotFound {
			t.Fatalf("a refused registration left an account: %v", err)
		}

		// A signed-in user of another client registers with one call, once there is a seat.
		three := 3
		if err := s.SetQuotas(ctx, h.acme.ID, map[domain.QuotaKind]*int{domain.QuotaActiveReaders: &three}); err != nil {
			t.Fatal(err)
		}
		out := h.as(outsider)
		out.do("GET", public, nil).wantError(403, "reader_required")
		out.do("POST", readers, nil).want(201)
		out.do("GET", public, nil).want(200)

		// Only partial maps take readers.
		ed.do("PATCH", pub, map[string]any{"access_mode": "limited"}).want(200)
		h.anonymous().do("POST", readers, reader("someone@example.org")).wantError(404, "not_found")
		h.anonymous().do("POST", "/api/v1/public/maps/no-such-map/readers", reader("someone@example.org")).wantError(404, "not_found")
		var quotas struct {
			Quotas map[string]struct{ Count int } `json:"quotas"`
		}
		h.as(admin).do("GET", "/api/v1/clients/acme/quotas", nil).want(200).decode(&quotas)
		if quotas.Quotas["active_readers"].Count != 3 {
			t.Fatalf("active readers %+v", quotas.Quotas)
		}

		// Admins see the readers apart from the members, and free a seat by removing one.
		var users struct {
			Users []struct {
				Email string `json:"email"`
			} `json:"users"`
			Readers []struct {
				ID    int64  `json:"id"`
				Email string `json:"email"`
				Name  string `json:"name"`
			} `json:"readers"`
		}
		h.as(admin).do("GET", "/api/v1/clients/acme/users", nil).want(200).decode(&users)
		h.as(admin).do("GET", "/api/v1/clients/acme/readers", nil).want(200).decode(&users)
		ed.do("GET", "/api/v1/clients/acme/readers", nil).wantError(403, "forbidden")
		if len(users.Readers) != 2 || users.Readers[0].Email != outsider+"@example.org" || users.Readers[1].Email != "rita@example.org" || users.Readers[1].Name != "Rita Reader" {
			t.Fatalf("readers %+v", users.Readers)
		}
		for _, u := range users.Users {
			if u.Email == "rita@example.org" {
				t.Fatal("a reader is listed among the members")
			}
		}
		ritaID := users.Readers[1].ID
		path := fmt.Sprintf("/api/v1/clients/acme/readers/%d", ritaID)
		ed.do("DELETE", path, nil).wantError(403, "forbidden")
		h.as(outsider).do("DELETE", path, nil).wantError(404, "not_found")
		h.as(admin).do("DELETE", path, nil).want(204)
		h.as(admin).do("DELETE", path, nil).wantError(404, "not_found")
		h.as(admin).do("DELETE", "/api/v1/clients/acme/readers/nobody", nil).wantError(404, "not_found")
		h.as(admin).do("GET", "/api/v1/clients/acme/quotas", nil).want(200).decode(&quotas)
		if quotas.Quotas["active_readers"].Count != 2 {
			t.Fatalf("active readers after removing one %+v", quotas.Quotas)
		}
		ed.do("PATCH", pub, map[string]any{"access_mode": "partial"}).want(200)
		rita.do("GET", public, nil).wantError(403, "reader_required")
	})
}
