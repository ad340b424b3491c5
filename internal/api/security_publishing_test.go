package api_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/strata-maps/strata/internal/auth"
	"github.com/strata-maps/strata/internal/store"
	"github.com/strata-maps/strata/internal/store/storetest"
)

// Attacks on publishing and the reader's side (issue 15).

// pubSend sends a request with exactly the headers given (no same-origin
// header of its own, unlike client.do) and the client's cookies.
func pubSend(c *client, method, path string, header map[string]string) *response {
	c.h.t.Helper()
	h := http.Header{"Sec-Fetch-Site": nil, "Origin": nil, "Content-Type": nil} // nil: not sent
	for k, v := range header {
		h.Set(k, v)
	}
	return c.send(method, path, nil, h)
}

// pubFetched: the headers of the embedded page's own fetch calls.
var pubFetched = map[string]string{"Sec-Fetch-Site": "same-origin", "Sec-Fetch-Dest": "empty", "Sec-Fetch-Mode": "cors"}

// pubPublishNode publishes the harness's map, live, with one node titled
// title, at the address url; it answers the node's id.
func pubPublishNode(t *testing.T, h *harness, s *store.Store, url, title string, publication map[string]any) int64 {
	t.Helper()
	ed := h.as(editor)
	var node struct {
		ID int64 `json:"id"`
	}
	ed.do("POST", fmt.Sprintf("/api/v1/maps/%d/nodes", h.mapID), map[string]any{
		"design": map[string]any{"shape": "circle"}, "geometry": map[string]any{"center": map[string]any{"x": 100, "y": 100}},
	}).want(201).decode(&node)
	ed.do("PATCH", fmt.Sprintf("/api/v1/maps/%d/elements", h.mapID), map[string]any{"nodes": []any{
		map[string]any{"id": node.ID, "content": map[string]any{"en": map[string]any{"title": title, "seo_description": title + " described"}}},
	}}).want(200)
	publication["url"] = url
	ed.do("PATCH", fmt.Sprintf("/api/v1/maps/%d/publication", h.mapID), publication).want(200)
	ed.do("POST", fmt.Sprintf("/api/v1/maps/%d/publish", h.mapID), nil).want(201)
	if err := s.SetMapLive(context.Background(), h.mapID, true); err != nil {
		t.Fatal(err)
	}
	return node.ID
}

// A member whose per-map access is none gets nothing of the published map:
// not its document, not a node, and a /m/ page word for word that of an
// unknown address (no title, meta tags, outline or embed domains).
func TestSecurityPerMapNoneHidesThePublishedMap(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		nodeID := pubPublishNode(t, h, s, "acme-secret", "Secret plan", map[string]any{"access_mode": "accessible",
			"seo_title": "Acme SEO title", "embed_domains": "partner.example.org"})
		h.as(admin).do("PATCH", fmt.Sprintf("/api/v1/maps/%d/permissions", h.mapID), map[string]any{"users": map[string]string{
			fmt.Sprintf("/api/v1/users/%d", h.users[guest].ID):   "none",
			fmt.Sprintf("/api/v1/users/%d", h.users[student].ID): "none",
		}}).want(200)
		_, unknownHeader, unknown := page(t, h.as(anon), "/m/no-such-map", "document")

		for _, mode := range []string{"accessible", "limited"} {
			h.as(editor).do("PATCH", fmt.Sprintf("/api/v1/maps/%d/publication", h.mapID), map[string]any{"access_mode": mode}).want(200)
			for _, who := range []string{guest, student} {
				t.Run(mode+"/"+who, func(t *testing.T) {
					c := h.as(who)
					c.do("GET", "/api/v1/public/maps/acme-secret", nil).wantError(404, "not_found")
					c.do("GET", fmt.Sprintf("/api/v1/public/maps/acme-secret/nodes/%d", nodeID), nil).wantError(404, "not_found")
					for _, dest := range []string{"document", "iframe"} {
						status, header, body := page(t, c, "/m/acme-secret", dest)
						if status != 200 || header.Get("Content-Security-Policy") != unknownHeader.Get("Content-Security-Policy") || body != unknown {
							t.Fatalf("%s page: %d, CSP %q, differs from an unknown address's: %v\n%s",
								dest, status, header.Get("Content-Security-Policy"), body != unknown, body)
						}
						for _, leak := range []string{"Secret plan", "Acme SEO", "Acme map", "partner.example.org", "<noscript>"} {
							if strings.Contains(body, leak) {
								t.Fatalf("%s page leaks %q", dest, leak)
							}
						}
					}
				})
			}
			// Members without a per-map none still read it.
			h.as(editor).do("GET", "/api/v1/public/maps/acme-secret", nil).want(200)
			if _, _, body := page(t, h.as(editor), "/m/acme-secret", "document"); !strings.Contains(body, "<title>Acme SEO title</title>") {
				t.Fatalf("a member lost the page:\n%s", body)
			}
		}
	})
}

// The /m/ page says what the live version says: the working copy's new
// name, description and node titles stay out of it until published.
func TestSecurityPublicPageShowsTheLiveVersion(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		ed := h.as(editor)
		ed.do("PATCH", fmt.Sprintf("/api/v1/maps/%d", h.mapID), map[string]any{"description": "Published description"}).want(200)
		nodeID := pubPublishNode(t, h, s, "acme-live", "Published node", map[string]any{"access_mode": "accessible",
			"seo_title": "Published SEO title"})
		ed.do("PATCH", fmt.Sprintf("/api/v1/maps/%d", h.mapID), map[string]any{"name": "Draft name", "description": "Draft description"}).want(200)
		ed.do("PATCH", fmt.Sprintf("/api/v1/maps/%d/publication", h.mapID), map[string]any{"seo_title": "Draft SEO title",
			"seo_description": "Draft SEO description"}).want(200)
		ed.do("PATCH", fmt.Sprintf("/api/v1/maps/%d/elements", h.mapID), map[string]any{"nodes": []any{
			map[string]any{"id": nodeID, "content": map[string]any{"en": map[string]any{"title": "Draft node"}}},
		}}).want(200)

		_, _, body := page(t, h.as(anon), "/m/acme-live", "document")
		for _, want := range []string{"<title>Published SEO title</title>", `content="Published description"`, "<h1>Acme map</h1>", "<h2>Published node</h2>"} {
			if !strings.Contains(body, want) {
				t.Fatalf("the page lacks the live version's %q:\n%s", want, body)
			}
		}
		for _, draft := range []string{"Draft name", "Draft description", "Draft node", "Draft SEO"} {
			if strings.Contains(body, draft) {
				t.Fatalf("the page shows the working copy's %q:\n%s", draft, body)
			}
		}
		// Publishing takes the texts for search engines live with the map.
		ed.do("POST", fmt.Sprintf("/api/v1/maps/%d/publish", h.mapID), nil).want(201)
		_, _, body = page(t, h.as(anon), "/m/acme-live", "document")
		for _, want := range []string{"<title>Draft SEO title</title>", `content="Draft SEO description"`, "<h1>Draft name</h1>", "<h2>Draft node</h2>"} {
			if !strings.Contains(body, want) {
				t.Fatalf("the page lacks the newly published %q:\n%s", want, body)
			}
		}
	})
}

// Embed domains that would let every site under a public suffix frame the
// map, and ports that are no ports, are refused with a field error.
func TestSecurityEmbedDomainsRefusePublicSuffixesAndBadPorts(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		ed := h.as(editor)
		pubPath := fmt.Sprintf("/api/v1/maps/%d/publication", h.mapID)
		var before publicationBody
		ed.do("PATCH", pubPath, map[string]any{"embed_domains": "partner.example.org"}).want(200).decode(&before)
		for _, bad := range []string{"*.com", "com", "co.uk", "*.co.uk", "https://*.co.uk", "github.io", "*.github.io",
			"example.org:0", "example.org:65536", "example.org:99999", "example.org:http", "example.org:", "example.org:+80",
			"partner.example.org\n*.com"} {
			t.Run(bad, func(t *testing.T) {
				ed.do("PATCH", pubPath, map[string]any{"embed_domains": bad}).wantError(400, "validation_failed", "embed_domains")
			})
		}
		var after publicationBody
		ed.do("GET", pubPath, nil).want(200).decode(&after)
		if fmt.Sprint(after.EmbedDomains) != fmt.Sprint(before.EmbedDomains) {
			t.Fatalf("a refused list was stored: %v", after.EmbedDomains)
		}
		ed.do("PATCH", pubPath, map[string]any{"embed_domains": "example.co.uk\n*.example.com\nalice.github.io\nlocalhost:3000\nhttps://partner.example.org:65535"}).
			want(200).decode(&after)
		if want := "[example.co.uk *.example.com alice.github.io localhost:3000 https://partner.example.org:65535]"; fmt.Sprint(after.EmbedDomains) != want {
			t.Fatalf("embed domains %v, want %s", after.EmbedDomains, want)
		}
	})
}

// A map callable only when embedded answers its document and nodes only to
// the embedded page's own calls, as its page answers only a frame.
func TestSecurityEmbedOnlyHoldsForThePublicAPI(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		nodeID := pubPublishNode(t, h, s, "acme-embed", "Embedded", map[string]any{"access_mode": "accessible", "embed_only": true,
			"embed_domains": "partner.example.org"})
		anyone := h.as(anon)
		for _, path := range []string{"/api/v1/public/maps/acme-embed", fmt.Sprintf("/api/v1/public/maps/acme-embed/nodes/%d", nodeID)} {
			for name, header := range map[string]map[string]string{
				"no fetch metadata (curl)": nil,
				"opened directly":          {"Sec-Fetch-Site": "none", "Sec-Fetch-Dest": "document", "Sec-Fetch-Mode": "navigate"},
				"another site's script":    {"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Dest": "empty", "Sec-Fetch-Mode": "cors"},
				"a sibling site's script":  {"Sec-Fetch-Site": "same-site", "Sec-Fetch-Dest": "empty", "Sec-Fetch-Mode": "cors"},
				"same origin, no dest":     {"Sec-Fetch-Site": "same-origin"},
			} {
				t.Run(name, func(t *testing.T) {
					pubSend(anyone, "GET", path, header).wantError(403, "forbidden", "embed_only")
				})
			}
			pubSend(anyone, "GET", path, pubFetched).want(200)
		}
		// A map that does not exist for the reader is not found, embedded or not.
		h.as(admin).do("PATCH", fmt.Sprintf("/api/v1/maps/%d/permissions", h.mapID), map[string]any{"users": map[string]string{
			fmt.Sprintf("/api/v1/users/%d", h.users[guest].ID): "none"}}).want(200)
		pubSend(h.as(guest), "GET", "/api/v1/public/maps/acme-embed", nil).wantError(404, "not_found")
	})
}

// pubRoutesBesidesPublic are the API's routes other than the public map calls
// and those that need no session: each must refuse the reader cookie.
func pubRoutesBesidesPublic(mapID int64) []string {
	m := func(f string) string { return fmt.Sprintf(f, mapID) }
	return []string{
		"GET /api/v1/auth/session",
		"GET /api/v1/users/1", "PATCH /api/v1/users/1", "POST /api/v1/users/1/password",
		m("GET /api/v1/live?map_id=%d"),
		"GET /api/v1/clients", "POST /api/v1/clients", "PATCH /api/v1/clients/acme", "DELETE /api/v1/clients/acme",
		"POST /api/v1/clients/acme/access_requests", "POST /api/v1/clients/acme/invitations",
		"GET /api/v1/clients/acme/maps", "POST /api/v1/clients/acme/maps", "GET /api/v1/clients/acme/access_requests",
		"GET /api/v1/clients/acme/quotas", "PATCH /api/v1/clients/acme/quotas", "GET /api/v1/clients/acme/testing_period",
		"GET /api/v1/clients/acme/features", "PATCH /api/v1/clients/acme/testing_period", "GET /api/v1/clients/acme/settings",
		"PATCH /api/v1/clients/acme/settings", "GET /api/v1/clients/acme/api_keys", "POST /api/v1/clients/acme/api_keys",
		"DELETE /api/v1/clients/acme/api_keys/1", "GET /api/v1/clients/acme/users",
		"PATCH /api/v1/clients/acme/users/1", "DELETE /api/v1/clients/acme/users/1", "DELETE /api/v1/clients/acme/readers/1",
		"GET /api/v1/clients/acme/templates", "PATCH /api/v1/clients/acme/templates/1", "DELETE /api/v1/clients/acme/templates/1",
		m("GET /api/v1/maps/%d"), m("PATCH /api/v1/maps/%d"), m("DELETE /api/v1/maps/%d"), m("POST /api/v1/maps/%d/clone"),
		m("PATCH /api/v1/maps/%d/live"), m("GET /api/v1/maps/%d/changes"), m("GET /api/v1/maps/%d/publication"),
		m("PATCH /api/v1/maps/%d/publication"), m("DELETE /api/v1/maps/%d/publication/live"), m("POST /api/v1/maps/%d/publish"),
		m("GET /api/v1/maps/%d/versions"), m("POST /api/v1/maps/%d/versions"), m("POST /api/v1/maps/%d/versions/1/publish"),
		m("POST /api/v1/maps/%d/versions/1/restore"), m("POST /api/v1/maps/%d/publication/reset"), m("GET /api/v1/maps/%d/protocol"),
		m("GET /api/v1/maps/%d/permissions"), m("PATCH /api/v1/maps/%d/permissions"), m("PATCH /api/v1/maps/%d/elements"),
		m("PATCH /api/v1/maps/%d/global"), m("POST /api/v1/maps/%d/nodes"), m("POST /api/v1/maps/%d/nodes/clone"),
		m("GET /api/v1/maps/%d/nodes/1"), m("PATCH /api/v1/maps/%d/nodes/1"), m("DELETE /api/v1/maps/%d/nodes/1"),
		m("POST /api/v1/maps/%d/edges"), m("PATCH /api/v1/maps/%d/edges/1"), m("DELETE /api/v1/maps/%d/edges/1"),
		m("GET /api/v1/maps/%d/templates/objects"), m("POST /api/v1/maps/%d/templates/objects"),
		m("PATCH /api/v1/maps/%d/templates/objects/1"), m("DELETE /api/v1/maps/%d/templates/objects/1"),
	}
}

// The reader cookie, got by signing in inside an embedded map, reads the
// public map calls and nothing else, under whatever cookie name it is
// sent; logging out (inside the embed, or with it on the sign-out call)
// ends its session and clears it.
func TestSecurityReaderCookieReadsPublicMapsOnly(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		pubPublishNode(t, h, s, "acme-members", "Members", map[string]any{"access_mode": "limited", "embed_domains": "partner.example.org"})
		public := "/api/v1/public/maps/acme-members"
		signIn := func() *http.Cookie {
			t.Helper()
			res := h.anonymous().do("POST", "/api/v1/auth/login", map[string]any{"email": admin + "@example.org", "password": testPassword, "embedded": true}).want(200)
			return readerCookie(t, res)
		}
		reader := signIn()
		framed := &client{h: h, http: &http.Client{Jar: sentCookies{reader}}}
		framed.do("GET", public, nil).want(200)
		// The same token as the session cookie, and both cookies at once.
		asSession := &client{h: h, http: &http.Client{Jar: sentCookies{{Name: auth.SessionCookie, Value: reader.Value}}}}
		both := &client{h: h, http: &http.Client{Jar: sentCookies{reader, {Name: auth.SessionCookie, Value: reader.Value}}}}
		for _, route := range pubRoutesBesidesPublic(h.mapID) {
			method, path, _ := strings.Cut(route, " ")
			for name, c := range map[string]*client{"reader cookie": framed, "as the session cookie": asSession, "both": both} {
				t.Run(name+" "+route, func(t *testing.T) {
					c.do(method, path, map[string]any{}).wantError(401, "unauthenticated")
				})
			}
		}

		// Logging out inside the embed: the only call the reader cookie reaches.
		res := framed.do("POST", "/api/v1/public/logout", nil).want(204)
		cleared := false
		for _, c := range (&http.Response{Header: res.header}).Cookies() {
			if c.Name == auth.ReaderCookie && c.MaxAge < 0 && c.Partitioned && c.Path == auth.ReaderCookiePath {
				cleared = true
			}
		}
		if !cleared {
			t.Fatalf("logout did not clear the reader cookie: %v", res.header["Set-Cookie"])
		}
		framed.do("GET", public, nil).wantError(401, "unauthenticated")

		// The sign-out call, when it carries the reader cookie, ends its session too.
		reader = signIn()
		framed = &client{h: h, http: &http.Client{Jar: sentCookies{reader}}}
		framed.do("GET", public, nil).want(200)
		framed.do("POST", "/api/v1/auth/logout", nil).want(204)
		framed.do("GET", public, nil).wantError(401, "unauthenticated")
	})
}

// pubRoutesChangingAMap are the routes that change or delete a map, its
// elements or its publication: on a template, each is for its author and
// the client's admins only.
func pubRoutesChangingAMap(id, nodeID int64) []string {
	m := func(f string) string { return fmt.Sprintf(f, id) }
	n := func(f string) string { return fmt.Sprintf(f, id, nodeID) }
	return []string{
		m("PATCH /api/v1/clients/acme/templates/%d"), m("DELETE /api/v1/clients/acme/templates/%d"),
		m("PATCH /api/v1/maps/%d"), m("DELETE /api/v1/maps/%d"), m("POST /api/v1/maps/%d/clone"), m("PATCH /api/v1/maps/%d/live"),
		m("PATCH /api/v1/maps/%d/publication"), m("DELETE /api/v1/maps/%d/publication/live"), m("POST /api/v1/maps/%d/publish"),
		m("POST /api/v1/maps/%d/versions"), m("POST /api/v1/maps/%d/versions/1/publish"), m("POST /api/v1/maps/%d/versions/1/restore"),
		m("POST /api/v1/maps/%d/publication/reset"), m("PATCH /api/v1/maps/%d/permissions"),
		m("PATCH /api/v1/maps/%d/elements"), m("PATCH /api/v1/maps/%d/global"),
		m("POST /api/v1/maps/%d/nodes"), m("POST /api/v1/maps/%d/nodes/clone"),
		n("PATCH /api/v1/maps/%d/nodes/%d"), n("DELETE /api/v1/maps/%d/nodes/%d"),
		m("POST /api/v1/maps/%d/edges"), m("PATCH /api/v1/maps/%d/edges/1"), m("DELETE /api/v1/maps/%d/edges/1"),
		m("POST /api/v1/maps/%d/templates/objects"), m("PATCH /api/v1/maps/%d/templates/objects/1"),
		m("DELETE /api/v1/maps/%d/templates/objects/1"),
	}
}

// An editor who is not a map template's author can change or delete it
// through no route; its author (a student here) and an admin can.
func TestSecurityTemplateAuthorOrAdminOnEveryRoute(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		author := h.as(student)
		var tpl struct {
			ID int64 `json:"id"`
		}
		author.do("POST", fmt.Sprintf("/api/v1/maps/%d/clone", h.mapID), map[string]any{"name": "Our flow", "as_template": true, "theme": "process"}).
			want(201).decode(&tpl)
		var node struct {
			ID int64 `json:"id"`
		}
		author.do("POST", fmt.Sprintf("/api/v1/maps/%d/nodes", tpl.ID), map[string]any{
			"design": map[string]any{"shape": "circle"}, "geometry": map[string]any{"center": map[string]any{"x": 100, "y": 100}},
		}).want(201).decode(&node)
		before := author.do("GET", fmt.Sprintf("/api/v1/maps/%d", tpl.ID), nil).want(200).body

		other := h.as(editor)
		bodies := map[string]any{"name": "Hijacked", "description": "Hijacked", "live": true, "url": "hijacked",
			"nodes": []any{map[string]any{"id": node.ID, "content": map[string]any{"en": map[string]any{"title": "Hijacked"}}}}}
		for _, route := range pubRoutesChangingAMap(tpl.ID, node.ID) {
			method, path, _ := strings.Cut(route, " ")
			t.Run(route, func(t *testing.T) {
				res := other.do(method, path, bodies).wantError(403, "forbidden")
				// Permissions are admins' only, on every map.
				if !strings.Contains(path, "/permissions") && !strings.Contains(string(res.body), "author") {
					t.Fatalf("refused for another reason: %s", res.body)
				}
			})
		}
		if after := author.do("GET", fmt.Sprintf("/api/v1/maps/%d", tpl.ID), nil).want(200).body; string(after) != string(before) {
			t.Fatalf("a refused call changed the template:\n%s\nwas\n%s", after, before)
		}
		// The editor is told to open it read-only,
		var perms struct {
			Users map[string]string `json:"users"`
		}
		other.do("GET", fmt.Sprintf("/api/v1/maps/%d/permissions", tpl.ID), nil).want(200).decode(&perms)
		if got := perms.Users[fmt.Sprintf("/api/v1/users/%d", h.users[editor].ID)]; got != "read" {
			t.Fatalf("another's template opens with %q access for an editor", got)
		}
		if got := perms.Users[fmt.Sprintf("/api/v1/users/%d", h.users[student].ID)]; got != "edit" {
			t.Fatalf("the template's author has %q access", got)
		}
		// and on the live channel reads it and takes no lock.
		ws, _, err := other.dialLive(tpl.ID, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer ws.CloseNow()
		send(t, ws, "start_editing_element", map[string]any{"elem_type": "node", "elem_id": node.ID})
		var refused struct {
			Code string `json:"code"`
		}
		if err := json.Unmarshal(read(t, ws, "error"), &refused); err != nil || refused.Code != "forbidden" {
			t.Fatalf("the live channel let another editor lock a template's node: %+v %v", refused, err)
		}
		// Its author and an admin may.
		author.do("PATCH", fmt.Sprintf("/api/v1/maps/%d", tpl.ID), map[string]any{"name": "Our process"}).want(200)
		h.as(admin).do("PATCH", fmt.Sprintf("/api/v1/maps/%d", tpl.ID), map[string]any{"description": "Checked"}).want(200)
		h.as(admin).do("DELETE", fmt.Sprintf("/api/v1/maps/%d", tpl.ID), nil).want(204)
	})
}
