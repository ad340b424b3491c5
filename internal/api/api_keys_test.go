package api_test

import (
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/strata-maps/strata/internal/api"
	"github.com/strata-maps/strata/internal/apikeys"
	"github.com/strata-maps/strata/internal/store"
	"github.com/strata-maps/strata/internal/store/storetest"
)

type apiKeyBody struct {
	ID         int64   `json:"id"`
	Name       string  `json:"name"`
	Scope      string  `json:"scope"`
	Key        string  `json:"key"`
	UserID     int64   `json:"user_id"`
	CreatedAt  string  `json:"created_at"`
	LastUsedAt *string `json:"last_used_at"`
	CreatedBy  *struct {
		ID   int64  `json:"id"`
		Name string `json:"name"`
	} `json:"created_by"`
}

// newKey creates a key of the client as the actor, an admin there.
func (h *harness) newKey(actor, client, name, scope string) apiKeyBody {
	h.t.Helper()
	var k apiKeyBody
	h.session(actor).do("POST", "/api/v1/clients/"+client+"/api_keys", map[string]any{"name": name, "scope": scope}).want(201).decode(&k)
	if k.Key == "" || k.ID == 0 {
		h.t.Fatalf("created key %+v", k)
	}
	return k
}

// script sends a request as a script does: the key and no cookie, no
// Origin, no Sec-Fetch-Site.
func (h *harness) script(key, method, path string, body any) *response {
	h.t.Helper()
	return h.anonymous().send(method, path, body, http.Header{"Authorization": {"Bearer " + key}, "Origin": nil, "Sec-Fetch-Site": nil})
}

func TestAPIKeysCreateListRevoke(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		path := "/api/v1/clients/acme/api_keys"
		for _, who := range []string{guest, student, editor} {
			h.session(who).do("POST", path, map[string]any{"name": "x", "scope": "read"}).wantError(403, "forbidden")
			h.session(who).do("GET", path, nil).wantError(403, "forbidden")
		}
		h.session(outsider).do("GET", path, nil).wantError(404, "not_found")
		h.anonymous().do("GET", path, nil).wantError(401, "unauthenticated")

		adm := h.session(admin)
		res := adm.do("POST", path, map[string]any{"name": "Nightly import", "scope": "edit"}).want(201)
		if res.header.Get("Cache-Control") != "no-store" {
			t.Fatalf("the answer holding the key may be cached: %q", res.header.Get("Cache-Control"))
		}
		var k apiKeyBody
		res.decode(&k)
		if !strings.HasPrefix(k.Key, "strata_") || k.Name != "Nightly import" || k.Scope != "edit" || k.CreatedAt == "" {
			t.Fatalf("created %+v", k)
		}
		for _, bad := range []struct {
			body  any
			field string
		}{
			{map[string]any{"name": "", "scope": "read"}, "name"},
			{map[string]any{"name": strings.Repeat("n", 10000), "scope": "read"}, "name"},
			{map[string]any{"name": "a\u0000b", "scope": "read"}, ""},
			{map[string]any{"name": "ok", "scope": "admin"}, "scope"},
			{map[string]any{"name": "ok"}, "scope"},
			{`{"name": "a", "scope": "read"}{"name": "b", "scope": "read"}`, ""},
			{`{"name": "a", "name": "b", "scope": "read", "key": "strata_mine"}`, "key"},
		} {
			r := adm.do("POST", path, bad.body)
			if bad.field == "" {
				r.wantError(400, "validation_failed")
			} else {
				r.wantError(400, "validation_failed", bad.field)
			}
		}
		adm.do("POST", path, `{"name": "`+strings.Repeat("x", 5<<20)+`", "scope": "read"}`).wantError(413, "too_large")

		var list struct {
			APIKeys []apiKeyBody `json:"api_keys"`
		}
		lr := h.session(super).do("GET", path, nil).want(200)
		if strings.Contains(string(lr.body), k.Key) || strings.Contains(string(lr.body), `"key"`) {
			t.Fatalf("the list shows the key: %s", lr.body)
		}
		lr.decode(&list)
		if len(list.APIKeys) != 1 || list.APIKeys[0].ID != k.ID || list.APIKeys[0].CreatedBy == nil ||
			list.APIKeys[0].CreatedBy.ID != h.users[admin].ID || list.APIKeys[0].LastUsedAt != nil {
			t.Fatalf("list %s", lr.body)
		}
		h.script(k.Key, "GET", fmt.Sprintf("/api/v1/maps/%d", h.mapID), nil).want(200)
		adm.do("GET", path, nil).want(200).decode(&list)
		if list.APIKeys[0].LastUsedAt == nil {
			t.Fatalf("last use not recorded: %+v", list.APIKeys[0])
		}

		// Another client's key is not found; revoking stops the key at once.
		globexKey := h.newKey(outsider, "globex", "Theirs", "read")
		adm.do("DELETE", path+"/"+strconv.FormatInt(globexKey.ID, 10), nil).wantError(404, "not_found")
		adm.do("DELETE", path+"/nope", nil).wantError(404, "not_found")
		h.script(globexKey.Key, "GET", "/api/v1/clients/globex/maps", nil).want(200)
		adm.do("DELETE", path+"/"+strconv.FormatInt(k.ID, 10), nil).want(204)
		h.script(k.Key, "GET", fmt.Sprintf("/api/v1/maps/%d", h.mapID), nil).wantError(401, "unauthenticated")
		adm.do("DELETE", path+"/"+strconv.FormatInt(k.ID, 10), nil).wantError(404, "not_found")
		adm.do("GET", path, nil).want(200).decode(&list)
		if len(list.APIKeys) != 0 {
			t.Fatalf("a revoked key is listed: %+v", list)
		}
	})
}

// What a key may do: read with read, change with edit, the maps of its
// own client only, attributed to the key in the change log.
func TestAPIKeysActOnMaps(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		read := h.newKey(admin, "acme", "Dashboard", "read")
		edit := h.newKey(admin, "acme", "Import", "edit")
		mapPath := fmt.Sprintf("/api/v1/maps/%d", h.mapID)
		node := map[string]any{"design": map[string]any{"shape": "rectangle"},
			"geometry":   map[string]any{"center": map[string]float64{"x": 100, "y": 200}},
			"visibility": map[string]any{"min_level": 1, "max_level": 4, "hidden": false}}

		// curl -H "Authorization: Bearer …" …/api/v1/maps/{id}: nothing else needed.
		req, err := http.NewRequest("GET", h.srv.URL+mapPath, nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Authorization", "Bearer "+read.Key)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != 200 || !strings.Contains(string(body), `"nodes"`) {
			t.Fatalf("GET the map with a key: %d %s", res.StatusCode, body)
		}

		h.script(read.Key, "GET", mapPath+"/changes?since=0", nil).want(200)
		h.script(read.Key, "GET", "/api/v1/clients/acme/maps", nil).want(200)
		h.script(read.Key, "POST", mapPath+"/nodes", node).wantError(403, "forbidden")
		h.script(read.Key, "PATCH", mapPath+"/elements", map[string]any{"map": map[string]any{"name": "x"}}).wantError(403, "forbidden")
		h.script(read.Key, "POST", "/api/v1/clients/acme/maps", map[string]any{"name": "New", "measurement": map[string]int{"width": 1000, "height": 1000}, "visibility_levels": 3}).wantError(403, "forbidden")

		// A write without Origin or cookie passes the CSRF check, and is the key's in the change log.
		var created struct {
			ID       int64 `json:"id"`
			Revision int64 `json:"revision"`
		}
		h.script(edit.Key, "POST", mapPath+"/nodes", node).want(201).decode(&created)
		var changes struct {
			Changes []struct {
				Revision int64  `json:"revision"`
				UserID   *int64 `json:"user_id"`
			} `json:"changes"`
		}
		h.session(admin).do("GET", mapPath+"/changes?since=0", nil).want(200).decode(&changes)
		last := changes.Changes[len(changes.Changes)-1]
		if last.Revision != created.Revision || last.UserID == nil || *last.UserID != edit.UserID || edit.UserID == h.users[admin].ID {
			t.Fatalf("the change is not the key's: %+v, key user %d", changes, edit.UserID)
		}
		// A request carrying a session cookie is a browser's, key or not: without Origin it is refused
		// (a junk key beside the cookie must not switch the cross-site check off).
		h.session(editor).send("POST", mapPath+"/nodes", node, http.Header{"Authorization": {"Bearer " + edit.Key}, "Origin": nil, "Sec-Fetch-Site": nil}).wantError(403, "forbidden")
		h.script(edit.Key, "POST", "/api/v1/clients/acme/maps", map[string]any{"name": "Scripted", "measurement": map[string]int{"width": 1000, "height": 1000}, "visibility_levels": 3}).want(201)

		// A key of another client finds none of acme's maps.
		theirs := h.newKey(outsider, "globex", "Theirs", "edit")
		h.script(theirs.Key, "GET", mapPath, nil).wantError(404, "not_found")
		h.script(theirs.Key, "POST", mapPath+"/nodes", node).wantError(404, "not_found")
		h.script(theirs.Key, "GET", "/api/v1/clients/acme/maps", nil).wantError(404, "not_found")

		// A deactivated client's keys stop at once.
		h.session(super).do("PATCH", "/api/v1/clients/acme", map[string]any{"active": false}).want(200)
		h.script(read.Key, "GET", mapPath, nil).wantError(401, "unauthenticated")
		h.session(super).do("PATCH", "/api/v1/clients/acme", map[string]any{"active": true}).want(200)
		h.script(read.Key, "GET", mapPath, nil).want(200)

		h.script("strata_unknown", "GET", mapPath, nil).wantError(401, "unauthenticated")
		h.anonymous().send("GET", mapPath, nil, http.Header{"Authorization": {"Basic YTpi"}}).wantError(401, "unauthenticated")
	})
}

// A key makes only the calls the route table gives keys: not account,
// member, invitation, key or session calls, even with an admin's edit key
// and a session cookie beside it.
func TestAPIKeysRefusedBeyondTheirRoutes(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		k := h.newKey(admin, "acme", "Import", "edit")
		mapPath := fmt.Sprintf("/api/v1/maps/%d", h.mapID)
		byKey := map[string]bool{}
		for _, r := range []string{"GET /api/v1/clients/acme/maps", "POST /api/v1/clients/acme/maps", "GET " + mapPath,
			"PATCH " + mapPath, "GET " + mapPath + "/changes", "GET " + mapPath + "/versions", "PATCH " + mapPath + "/elements",
			"PATCH " + mapPath + "/global", "POST " + mapPath + "/nodes", "POST " + mapPath + "/nodes/clone",
			"GET " + mapPath + "/nodes/1", "PATCH " + mapPath + "/nodes/1", "DELETE " + mapPath + "/nodes/1",
			"POST " + mapPath + "/edges", "PATCH " + mapPath + "/edges/1", "DELETE " + mapPath + "/edges/1",
			"GET " + mapPath + "/templates/objects", "POST " + mapPath + "/templates/objects",
			"PATCH " + mapPath + "/templates/objects/1", "DELETE " + mapPath + "/templates/objects/1"} {
			byKey[r] = true
		}
		adm := h.session(admin)
		refused := 0
		for _, route := range pubRoutesBesidesPublic(h.mapID) {
			if byKey[route] {
				continue
			}
			method, path, _ := strings.Cut(route, " ")
			for _, res := range []*response{
				h.script(k.Key, method, path, map[string]any{}),
				adm.send(method, path, map[string]any{}, http.Header{"Authorization": {"Bearer " + k.Key}}),
			} {
				if res.status != 401 && res.status != 403 {
					t.Errorf("%s with a key: %d %s", route, res.status, res.body)
				}
			}
			refused++
		}
		if refused < 30 {
			t.Fatalf("only %d routes tried", refused)
		}
		// On its own routes the edit key passes the gate (what follows may
		// still find nothing); a read key only on the reading ones.
		read := h.newKey(admin, "acme", "Dashboard", "read")
		for route := range byKey {
			method, path, _ := strings.Cut(route, " ")
			if res := h.script(k.Key, method, path, map[string]any{}); res.status == 401 || res.status == 403 {
				t.Errorf("%s with an edit key: %d %s", route, res.status, res.body)
			}
			res := h.script(read.Key, method, path, map[string]any{})
			if reading := method == "GET"; reading == (res.status == 403) || res.status == 401 {
				t.Errorf("%s with a read key: %d %s", route, res.status, res.body)
			}
		}
		h.script(k.Key, "GET", "/api/v1/clients/acme/api_keys", nil).wantError(403, "forbidden")
		h.script(k.Key, "POST", "/api/v1/clients/acme/api_keys", map[string]any{"name": "more", "scope": "edit"}).wantError(403, "forbidden")
		h.script(k.Key, "GET", "/api/v1/auth/session", nil).wantError(403, "forbidden")
	})
}

func TestAPIKeysRateLimited(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarnessWith(t, s, func(d *api.Deps) {
			d.APIKeys = apikeys.New(apikeys.Config{Store: d.Store, RequestsPerMinute: 3})
		})
		k := h.newKey(admin, "acme", "Import", "read")
		other := h.newKey(admin, "acme", "Other", "read")
		mapPath := fmt.Sprintf("/api/v1/maps/%d", h.mapID)
		for range 3 {
			h.script(k.Key, "GET", mapPath, nil).want(200)
		}
		res := h.script(k.Key, "GET", mapPath, nil).wantError(429, "rate_limited")
		if n, err := strconv.Atoi(res.header.Get("Retry-After")); err != nil || n < 1 || n > 60 {
			t.Fatalf("Retry-After %q", res.header.Get("Retry-After"))
		}
		h.script(other.Key, "GET", mapPath, nil).want(200)
		// The admin's own session is not limited by the key.
		h.session(admin).do("GET", mapPath, nil).want(200)
	})
}

func TestAPIKeyNotStoredInPlain(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		k := h.newKey(admin, "acme", "Import", "edit")
		h.script(k.Key, "GET", fmt.Sprintf("/api/v1/maps/%d", h.mapID), nil).want(200)
		dump := storetest.Dump(t, s)
		if !strings.Contains(dump, "Import") {
			t.Fatal("the dump does not hold the key's name: it cannot show the key is missing")
		}
		if strings.Contains(dump, strings.TrimPrefix(k.Key, "strata_")) {
			t.Fatal("the key is stored in plain text")
		}
	})
}
