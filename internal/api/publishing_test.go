package api_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/strata-maps/strata/internal/auth"
	"github.com/strata-maps/strata/internal/store"
	"github.com/strata-maps/strata/internal/store/storetest"
)

type publicationBody struct {
	URL          string   `json:"url"`
	AccessMode   string   `json:"access_mode"`
	EmbedDomains []string `json:"embed_domains"`
	Status       string   `json:"status"`
	Live         *struct {
		ID        int64  `json:"id"`
		Revision  int64  `json:"revision"`
		Name      string `json:"name"`
		CreatedBy *struct {
			ID   int64  `json:"id"`
			Name string `json:"name"`
		} `json:"created_by"`
	} `json:"live"`
	SyncedRevision int64 `json:"synced_revision"`
	MapLive        bool  `json:"map_live"`
	Revision       int64 `json:"revision"`
}

func TestPublishingByRole(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		path := fmt.Sprintf("/api/v1/maps/%d/publish", h.mapID)
		want := map[string]int{anon: 401, guest: 403, student: 403, editor: 201, admin: 201, super: 201, outsider: 404}
		for _, a := range actors {
			res := h.as(a).do("POST", path, map[string]any{"name": "By " + a})
			res.want(want[a])
			if want[a] == 403 {
				res.wantError(403, "forbidden")
			}
		}
		var vs struct {
			Versions []struct {
				Name string `json:"name"`
				Kind string `json:"kind"`
			} `json:"versions"`
		}
		h.as(guest).do("GET", fmt.Sprintf("/api/v1/maps/%d/versions", h.mapID), nil).want(200).decode(&vs)
		if len(vs.Versions) != 3 || vs.Versions[0].Name != "By "+super || vs.Versions[2].Name != "By "+editor || vs.Versions[0].Kind != "published" {
			t.Fatalf("versions %+v", vs.Versions)
		}
	})
}

func TestPublishingStatusAndPublicAccess(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		ed := h.as(editor)
		pubPath := fmt.Sprintf("/api/v1/maps/%d/publication", h.mapID)
		var p publicationBody
		ed.do("GET", pubPath, nil).want(200).decode(&p)
		if p.Status != "not_published" || p.Live != nil || p.AccessMode != "limited" {
			t.Fatalf("before publishing: %+v", p)
		}
		// A node with content, then the address, then publishing.
		var node struct {
			ID int64 `json:"id"`
		}
		ed.do("POST", fmt.Sprintf("/api/v1/maps/%d/nodes", h.mapID), map[string]any{
			"design": map[string]any{"shape": "circle"}, "geometry": map[string]any{"center": map[string]any{"x": 100, "y": 100}},
		}).want(201).decode(&node)
		setContent := func(html string) {
			ed.do("PATCH", fmt.Sprintf("/api/v1/maps/%d/elements", h.mapID), map[string]any{"nodes": []any{
				map[string]any{"id": node.ID, "content": map[string]any{"de": map[string]any{"title": "Strategie", "content": html}}},
			}}).want(200)
		}
		setContent("<p>Der <b>Plan</b></p>")
		h.as(student).do("PATCH", pubPath, map[string]any{"url": "acme-plan"}).wantError(403, "forbidden")
		ed.do("PATCH", pubPath, map[string]any{"url": "acme-plan", "seo_description": "The plan"}).want(200)
		ed.do("POST", fmt.Sprintf("/api/v1/maps/%d/publish", h.mapID), nil).want(201).decode(&p)
		if p.Status != "up_to_date" || p.Live == nil || p.Live.CreatedBy == nil || p.Live.CreatedBy.ID != h.users[editor].ID ||
			p.Live.CreatedBy.Name != "Test editor" || p.SyncedRevision != p.Revision {
			t.Fatalf("after publishing: %+v", p)
		}

		public := "/api/v1/public/maps/acme-plan"
		// Published but not a live map (the overview's toggle): it does not exist publicly,
		// and the publication says why.
		h.as(guest).do("GET", public, nil).wantError(404, "not_found")
		if p.MapLive {
			t.Fatal("the publication says the map is live before its toggle is on")
		}
		ed.do("PATCH", fmt.Sprintf("/api/v1/maps/%d/live", h.mapID), map[string]any{"live": true}).want(200)
		ed.do("GET", pubPath, nil).want(200).decode(&p)
		if !p.MapLive {
			t.Fatal("the publication does not say the map is live")
		}

		// Limited: members only; anonymous readers are asked to sign in.
		h.as(anon).do("GET", public, nil).wantError(401, "unauthenticated")
		h.as(outsider).do("GET", public, nil).wantError(404, "not_found")
		res := h.as(guest).do("GET", public, nil).want(200)
		if !strings.Contains(string(res.body), `"nodes":[`) || res.header.Get("ETag") == "" {
			t.Fatalf("live document %.200s, etag %q", res.body, res.header.Get("ETag"))
		}
		// The node's whole content as published.
		publishedHTML := func() string {
			var got struct {
				ID      int64 `json:"id"`
				Content map[string]struct {
					Content string `json:"content"`
				} `json:"content"`
			}
			h.as(guest).do("GET", fmt.Sprintf("%s/nodes/%d", public, node.ID), nil).want(200).decode(&got)
			if got.ID != node.ID {
				t.Fatalf("node %d answered for %d", got.ID, node.ID)
			}
			return got.Content["de"].Content
		}
		if got := publishedHTML(); got != "<p>Der <b>Plan</b></p>" {
			t.Fatalf("published content %q", got)
		}
		h.as(guest).do("GET", public+"/nodes/999999", nil).wantError(404, "not_found")

		// The working copy changes: the live version does not, and the status says so.
		setContent("<p>Neu</p>")
		ed.do("GET", pubPath, nil).want(200).decode(&p)
		if p.Status != "changed" {
			t.Fatalf("after a change: %s", p.Status)
		}
		var overview struct {
			Maps []struct {
				ID         int64  `json:"id"`
				LiveStatus string `json:"live_status"`
			} `json:"maps"`
		}
		ed.do("GET", "/api/v1/clients/acme/maps", nil).want(200).decode(&overview)
		if len(overview.Maps) != 1 || overview.Maps[0].LiveStatus != "changed" {
			t.Fatalf("the overview says %+v", overview.Maps)
		}
		if got := publishedHTML(); got != "<p>Der <b>Plan</b></p>" {
			t.Fatalf("the live version moved with the working copy: %q", got)
		}

		// Partial: members, and those who register as readers; accessible: anyone.
		ed.do("PATCH", pubPath, map[string]any{"access_mode": "partial"}).want(200)
		h.as(anon).do("GET", public, nil).wantError(401, "unauthenticated")
		h.as(outsider).do("GET", public, nil).wantError(403, "reader_required")
		h.as(guest).do("GET", public, nil).want(200)
		ed.do("PATCH", pubPath, map[string]any{"access_mode": "accessible"}).want(200)
		h.as(anon).do("GET", public, nil).want(200)

		// Taking the live version down: the working copy stays, the address answers 404.
		h.as(student).do("DELETE", pubPath+"/live", nil).wantError(403, "forbidden")
		ed.do("DELETE", pubPath+"/live", nil).want(200).decode(&p)
		if p.Status != "not_published" || p.Live != nil {
			t.Fatalf("after deleting the live version: %+v", p)
		}
		h.as(anon).do("GET", public, nil).wantError(404, "not_found")
		h.as(anon).do("GET", "/api/v1/public/maps/no-such-map", nil).wantError(404, "not_found")
	})
}

func TestPublicationBadInput(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		ed := h.as(editor)
		pubPath := fmt.Sprintf("/api/v1/maps/%d/publication", h.mapID)
		ed.do("PATCH", pubPath, map[string]any{"url": "taken", "embed_domains": "example.org\nhttps://www.example.org"}).want(200)
		var before publicationBody
		ed.do("GET", pubPath, nil).want(200).decode(&before)

		other := h.as(admin)
		var created struct {
			ID int64 `json:"id"`
		}
		other.do("POST", "/api/v1/clients/acme/maps", newMapBody("Second")).want(201).decode(&created)
		other.do("PATCH", fmt.Sprintf("/api/v1/maps/%d/publication", created.ID), map[string]any{"url": "taken"}).wantError(409, "conflict")

		for name, body := range map[string]any{
			"address with capitals":      map[string]any{"url": "Acme"},
			"address too short":          map[string]any{"url": "ab"},
			"address with a slash":       map[string]any{"url": "a/b/c"},
			"unknown access mode":        map[string]any{"access_mode": "public"},
			"a directive in the domains": map[string]any{"embed_domains": "example.org; script-src *"},
			"SEO description too long":   map[string]any{"seo_description": strings.Repeat("x", 301)},
			"wrong type":                 map[string]any{"embed_only": "yes"},
			"malformed JSON":             `{"url":`,
		} {
			t.Run(name, func(t *testing.T) {
				ed.do("PATCH", pubPath, body).wantError(400, "validation_failed")
			})
		}
		var after publicationBody
		ed.do("GET", pubPath, nil).want(200).decode(&after)
		if fmt.Sprint(after) != fmt.Sprint(before) {
			t.Fatalf("a refused change wrote something: %+v, was %+v", after, before)
		}
		ed.do("POST", fmt.Sprintf("/api/v1/maps/%d/publish", h.mapID), map[string]any{"name": strings.Repeat("n", 201)}).wantError(400, "validation_failed", "name")
		var vs struct {
			Versions []any `json:"versions"`
		}
		ed.do("GET", fmt.Sprintf("/api/v1/maps/%d/versions", h.mapID), nil).want(200).decode(&vs)
		if len(vs.Versions) != 0 {
			t.Fatalf("a refused publish stored a version: %v", vs.Versions)
		}
	})
}

// page fetches a public page as a browser would for the destination given
// (document, iframe).
func page(t *testing.T, c *client, path, dest string) (int, http.Header, string) {
	t.Helper()
	req, err := http.NewRequest("GET", c.h.srv.URL+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Sec-Fetch-Dest", dest)
	res, err := c.http.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res.StatusCode, res.Header, string(b)
}

func TestPublicPage(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		ed := h.as(editor)
		pubPath := fmt.Sprintf("/api/v1/maps/%d/publication", h.mapID)
		var node struct {
			ID int64 `json:"id"`
		}
		ed.do("POST", fmt.Sprintf("/api/v1/maps/%d/nodes", h.mapID), map[string]any{
			"design": map[string]any{"shape": "circle"}, "geometry": map[string]any{"center": map[string]any{"x": 100, "y": 100}},
		}).want(201).decode(&node)
		ed.do("PATCH", fmt.Sprintf("/api/v1/maps/%d/elements", h.mapID), map[string]any{"nodes": []any{
			map[string]any{"id": node.ID, "content": map[string]any{"en": map[string]any{"title": "Growth <plan>", "seo_description": "How we grow & why"}}},
		}}).want(200)
		ed.do("PATCH", pubPath, map[string]any{"url": "acme-plan", "access_mode": "accessible", "seo_title": "The Acme plan",
			"seo_description": "Where Acme goes next", "embed_domains": "partner.example.org\nhttps://www.example.com"}).want(200)
		ed.do("POST", fmt.Sprintf("/api/v1/maps/%d/publish", h.mapID), nil).want(201)
		if err := s.SetMapLive(context.Background(), h.mapID, true); err != nil {
			t.Fatal(err)
		}

		status, header, body := page(t, h.as(anon), "/m/acme-plan", "document")
		if status != 200 || !strings.HasSuffix(header.Get("Content-Security-Policy"), "; frame-ancestors 'self' partner.example.org https://www.example.com") {
			t.Fatalf("status %d, CSP %q", status, header.Get("Content-Security-Policy"))
		}
		for _, want := range []string{"<title>The Acme plan</title>", `content="Where Acme goes next"`,
			"<h2>Growth &lt;plan&gt;</h2>", "<p>How we grow &amp; why</p>", "<noscript>"} {
			if !strings.Contains(body, want) {
				t.Fatalf("the page lacks %q:\n%s", want, body)
			}
		}

		// Members only: a signed-out reader gets the app (which asks to sign in), not the outline.
		ed.do("PATCH", pubPath, map[string]any{"access_mode": "limited"}).want(200)
		_, _, body = page(t, h.as(anon), "/m/acme-plan", "document")
		if strings.Contains(body, "Growth") || strings.Contains(body, "Acme plan") || !strings.Contains(body, "<title>Strata</title>") {
			t.Fatalf("a limited map's outline reached a signed-out reader:\n%s", body)
		}
		if _, _, body = page(t, h.as(guest), "/m/acme-plan", "document"); !strings.Contains(body, "Growth &lt;plan&gt;") {
			t.Fatalf("a member does not get the outline:\n%s", body)
		}

		// Callable only when embedded.
		ed.do("PATCH", pubPath, map[string]any{"access_mode": "accessible", "embed_only": true}).want(200)
		// Opened directly, the app is told to say so, and nothing of the map comes with it.
		if status, _, body = page(t, h.as(anon), "/m/acme-plan", "document"); status != 403 ||
			!strings.Contains(body, `<meta name="strata-embed-only"`) || strings.Contains(body, "Growth") {
			t.Fatalf("opened directly: %d\n%s", status, body)
		}
		if status, _, body = page(t, h.as(anon), "/m/acme-plan", "iframe"); status != 200 ||
			strings.Contains(body, "strata-embed-only") || !strings.Contains(body, "Growth &lt;plan&gt;") {
			t.Fatalf("embedded: %d\n%s", status, body)
		}

		// An unknown address: the app, framed by no one else.
		status, header, _ = page(t, h.as(anon), "/m/nothing-here", "document")
		if status != 200 || !strings.HasSuffix(header.Get("Content-Security-Policy"), "; frame-ancestors 'self'") {
			t.Fatalf("unknown address: %d, %q", status, header.Get("Content-Security-Policy"))
		}
	})
}

// Readers get only what the published map shows them: a hidden node, a
// node on hidden layers only and the edges to them are not sent, their text
// included, while the version keeps them for restoring.
func TestPublicMapLeavesOutWhatReadersAreNotShown(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		ed := h.as(editor)
		mapPath := fmt.Sprintf("/api/v1/maps/%d", h.mapID)
		newNode := func(title string, visibility map[string]any) int64 {
			var n struct {
				ID int64 `json:"id"`
			}
			ed.do("POST", mapPath+"/nodes", map[string]any{"design": map[string]any{"shape": "circle"},
				"geometry": map[string]any{"center": map[string]any{"x": 100, "y": 100}}, "visibility": visibility}).want(201).decode(&n)
			ed.do("PATCH", mapPath+"/elements", map[string]any{"nodes": []any{map[string]any{"id": n.ID,
				"content": map[string]any{"en": map[string]any{"title": title, "content": "<p>" + title + " text</p>", "seo_description": title + " outline"}}}}}).want(200)
			return n.ID
		}
		shown := newNode("Shown", map[string]any{"min_level": 1, "max_level": 4})
		hidden := newNode("Secret", map[string]any{"min_level": 1, "max_level": 4, "hidden": true})
		layered := newNode("Layer two only", map[string]any{"min_level": 2, "max_level": 2})
		beside := newNode("Beside", map[string]any{"min_level": 1, "max_level": 2})
		// The shown node's next is the hidden one; level 2 is hidden.
		ed.do("PATCH", mapPath+"/elements", map[string]any{
			"nodes":  []any{map[string]any{"id": shown, "next_id": hidden, "previous_id": beside}},
			"levels": []any{map[string]any{"id": 2, "hidden": true}},
		}).want(200)
		newEdge := func(from, to int64, hiddenEdge bool) int64 {
			var e struct {
				ID int64 `json:"id"`
			}
			ed.do("POST", mapPath+"/edges/", map[string]any{"node": map[string]any{"from_id": from, "to_id": to},
				"visibility": map[string]any{"min_level": 1, "max_level": 4, "hidden": hiddenEdge}}).want(201).decode(&e)
			return e.ID
		}
		keptEdge := newEdge(shown, beside, false)
		newEdge(shown, hidden, false)
		newEdge(beside, layered, false)
		newEdge(beside, shown, true)

		ed.do("PATCH", mapPath+"/publication", map[string]any{"url": "acme-readers-view", "access_mode": "accessible"}).want(200)
		ed.do("POST", mapPath+"/publish", nil).want(201)
		if err := s.SetMapLive(context.Background(), h.mapID, true); err != nil {
			t.Fatal(err)
		}

		public := "/api/v1/public/maps/acme-readers-view"
		res := h.as(anon).do("GET", public, nil).want(200)
		var doc struct {
			Nodes []struct {
				ID         int64  `json:"id"`
				NextID     *int64 `json:"next_id"`
				PreviousID *int64 `json:"previous_id"`
				Content    map[string]struct {
					Title string `json:"title"`
				} `json:"content"`
			} `json:"nodes"`
			Edges []struct {
				ID int64 `json:"id"`
			} `json:"edges"`
			Layers []struct {
				ID     int  `json:"id"`
				Hidden bool `json:"hidden"`
			} `json:"layers"`
		}
		res.decode(&doc)
		// Every part of the document is there, as the editors' document has it.
		var readersParts, editorsParts map[string]json.RawMessage
		res.decode(&readersParts)
		ed.do("GET", mapPath, nil).want(200).decode(&editorsParts)
		// Readers get the version's sections besides (sections_publish_test.go).
		if len(readersParts) != len(editorsParts)+8 {
			t.Fatalf("readers get the parts %v, editors %v", slices.Sorted(maps.Keys(readersParts)), slices.Sorted(maps.Keys(editorsParts)))
		}
		for k := range editorsParts {
			if _, ok := readersParts[k]; !ok {
				t.Fatalf("readers do not get %q", k)
			}
		}
		if string(readersParts["global_design"]) != string(editorsParts["global_design"]) {
			t.Fatalf("the global design differs for readers: %s", readersParts["global_design"])
		}
		if len(doc.Nodes) != 2 || doc.Nodes[0].ID != shown || doc.Nodes[1].ID != beside {
			t.Fatalf("readers got nodes %+v", doc.Nodes)
		}
		if n := doc.Nodes[0]; n.NextID != nil || n.PreviousID == nil || *n.PreviousID != beside || n.Content["en"].Title != "Shown" {
			t.Fatalf("the shown node as readers get it: %+v", n)
		}
		if len(doc.Edges) != 1 || doc.Edges[0].ID != keptEdge {
			t.Fatalf("readers got edges %+v", doc.Edges)
		}
		if len(doc.Layers) == 0 {
			t.Fatal("the layers' flags are not sent")
		}
		for _, secret := range []string{"Secret", "Layer two only"} {
			if strings.Contains(string(res.body), secret) {
				t.Fatalf("%q reached readers: %s", secret, res.body)
			}
		}
		h.as(anon).do("GET", fmt.Sprintf("%s/nodes/%d", public, hidden), nil).wantError(404, "not_found")
		h.as(anon).do("GET", fmt.Sprintf("%s/nodes/%d", public, layered), nil).wantError(404, "not_found")
		h.as(anon).do("GET", fmt.Sprintf("%s/nodes/%d", public, shown), nil).want(200)
		_, _, body := page(t, h.as(anon), "/m/acme-readers-view", "document")
		if !strings.Contains(body, "Shown outline") || strings.Contains(body, "Secret") || strings.Contains(body, "Layer two only") {
			t.Fatalf("the page's outline:\n%s", body)
		}

		// The version keeps the whole map: resetting to it brings back the hidden node.
		ed.do("DELETE", fmt.Sprintf("%s/nodes/%d", mapPath, hidden), nil).want(200)
		ed.do("POST", mapPath+"/publication/reset", nil).want(200)
		var working struct {
			Nodes []struct {
				ID int64 `json:"id"`
			} `json:"nodes"`
		}
		ed.do("GET", mapPath, nil).want(200).decode(&working)
		if len(working.Nodes) != 4 {
			t.Fatalf("the working copy after resetting to the live version: %+v", working.Nodes)
		}
	})
}

// sentCookies is a cookie jar that sends the cookies it was made with and
// keeps none: what a browser sends to an embedded map's calls.
type sentCookies []*http.Cookie

func (sentCookies) SetCookies(*url.URL, []*http.Cookie) {}
func (c sentCookies) Cookies(*url.URL) []*http.Cookie   { return c }

// readerCookie answers the reader cookie a response sets, checking that it
// is the embedded kind and that no session cookie comes with it.
func readerCookie(t *testing.T, res *response) *http.Cookie {
	t.Helper()
	var reader *http.Cookie
	for _, c := range (&http.Response{Header: res.header}).Cookies() {
		switch c.Name {
		case auth.ReaderCookie:
			reader = c
		case auth.SessionCookie:
			t.Fatalf("signing in embedded set the session cookie too")
		}
	}
	if reader == nil || !reader.Partitioned || !reader.Secure || !reader.HttpOnly || reader.SameSite != http.SameSiteNoneMode || reader.Path != auth.ReaderCookiePath {
		t.Fatalf("reader cookie %+v", reader)
	}
	return reader
}

// A member signing in inside a members-only map embedded in another site
// gets the reader cookie, which reads the map and nothing else; so does a
// reader registering inside an embedded partial map.
func TestSigningInInsideAnEmbeddedMap(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		ed := h.as(editor)
		pubPath := fmt.Sprintf("/api/v1/maps/%d/publication", h.mapID)
		ed.do("PATCH", pubPath, map[string]any{"url": "acme-embedded", "access_mode": "limited", "embed_domains": "partner.example.org"}).want(200)
		ed.do("POST", fmt.Sprintf("/api/v1/maps/%d/publish", h.mapID), nil).want(201)
		if err := s.SetMapLive(context.Background(), h.mapID, true); err != nil {
			t.Fatal(err)
		}
		public := "/api/v1/public/maps/acme-embedded"

		res := h.anonymous().do("POST", "/api/v1/auth/login", map[string]any{"email": guest + "@example.org", "password": testPassword, "embedded": true}).want(200)
		framed := &client{h: h, http: &http.Client{Jar: sentCookies{readerCookie(t, res)}}}
		framed.do("GET", public, nil).want(200)
		// Nothing but the public map calls takes it.
		framed.do("GET", "/api/v1/auth/session", nil).wantError(401, "unauthenticated")
		framed.do("GET", fmt.Sprintf("/api/v1/maps/%d", h.mapID), nil).wantError(401, "unauthenticated")
		framed.do("PATCH", pubPath, map[string]any{"access_mode": "accessible"}).wantError(401, "unauthenticated")
		// Nor does it let an outsider in.
		res = h.anonymous().do("POST", "/api/v1/auth/login", map[string]any{"email": outsider + "@example.org", "password": testPassword, "embedded": true}).want(200)
		outside := &client{h: h, http: &http.Client{Jar: sentCookies{readerCookie(t, res)}}}
		outside.do("GET", public, nil).wantError(404, "not_found")

		// A partial map: a reader who signed up inside the embed proves the
		// address (the link opens outside the frame), then signs in inside it.
		ed.do("PATCH", pubPath, map[string]any{"access_mode": "partial"}).want(200)
		h.anonymous().do("POST", public+"/readers", map[string]any{"name": "Rita", "email": "rita@example.org",
			"password": "a long enough password", "password_confirmation": "a long enough password", "embedded": true}).want(202)
		h.anonymous().followProof("rita@example.org").want(200)
		res = h.anonymous().do("POST", "/api/v1/auth/login", map[string]any{"email": "rita@example.org", "password": "a long enough password", "embedded": true}).want(200)
		rita := &client{h: h, http: &http.Client{Jar: sentCookies{readerCookie(t, res)}}}
		rita.do("GET", public, nil).want(200)
		// The outsider, signed in inside the embed, joins as a reader.
		outside.do("GET", public, nil).wantError(403, "reader_required")
		outside.do("POST", public+"/readers", nil).want(201)
		outside.do("GET", public, nil).want(200)
	})
}
