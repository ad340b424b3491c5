package api_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/strata-maps/strata/internal/store"
	"github.com/strata-maps/strata/internal/store/storetest"
)

// Every page carries a full Content-Security-Policy: an injected script
// cannot run, an injected <base> cannot redirect, plugins are off. The
// public map's page keeps its own frame-ancestors (its embed domains).
func TestSecurityContentSecurityPolicyOnPages(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		ed := h.as(editor)
		pub := fmt.Sprintf("/api/v1/maps/%d/publication", h.mapID)
		ed.do("PATCH", pub, map[string]any{"url": "acme-csp", "access_mode": "accessible", "embed_domains": "partner.example.org"}).want(200)
		ed.do("POST", fmt.Sprintf("/api/v1/maps/%d/publish", h.mapID), nil).want(201)
		if err := s.SetMapLive(context.Background(), h.mapID, true); err != nil {
			t.Fatal(err)
		}
		for path, ancestors := range map[string]string{
			"/":                                "'self'",
			"/login":                           "'self'",
			fmt.Sprintf("/editor/%d", h.mapID): "'self'",
			"/m/acme-csp":                      "'self' partner.example.org",
			"/m/unknown":                       "'self'",
			"/api/v1/auth/session":             "'self'",
		} {
			res := ed.do("GET", path, nil)
			csp := res.header.Get("Content-Security-Policy")
			directives := map[string]string{}
			for _, d := range strings.Split(csp, ";") {
				name, value, _ := strings.Cut(strings.TrimSpace(d), " ")
				directives[name] = value
			}
			for name, want := range map[string]string{"script-src": "'self'", "object-src": "'none'", "base-uri": "'none'",
				"default-src": "'self'", "frame-ancestors": ancestors} {
				if directives[name] != want {
					t.Errorf("GET %s: %s %q, want %q (policy %q)", path, name, directives[name], want, csp)
				}
			}
		}
	})
}

// A write riding on the user's cookie must come from Strata's own page:
// cross-site (Sec-Fetch-Site) and Origin-less requests are refused, and
// nothing changes. The public URL's origin is Strata's own too.
func TestSecurityCrossSiteAndOriginlessCookieWritesRefused(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		ed := h.as(editor)
		path := fmt.Sprintf("/api/v1/maps/%d", h.mapID)
		body := map[string]any{"name": "Renamed by another site"}
		for name, header := range map[string]http.Header{
			"cross-site":             {"Sec-Fetch-Site": {"cross-site"}, "Origin": {"https://evil.example"}},
			"same-site":              {"Sec-Fetch-Site": {"same-site"}, "Origin": {"https://evil.strata.test"}},
			"no Origin, no Fetch":    {"Sec-Fetch-Site": nil, "Origin": nil},
			"no Origin, same-origin": {"Origin": nil},
			"a foreign Origin alone": {"Sec-Fetch-Site": nil, "Origin": {"https://evil.example"}},
		} {
			res := ed.send("PATCH", path, body, header)
			if res.status != 403 {
				t.Fatalf("%s: status %d, want 403: %s", name, res.status, res.body)
			}
			res.wantError(403, "forbidden")
		}
		if m, err := s.MapByID(context.Background(), h.mapID); err != nil || m.Name != "Acme map" {
			t.Fatalf("a refused write renamed the map to %q (%v)", m.Name, err)
		}
		// From the public URL's origin (a proxy that rewrites Host), and
		// without a cookie (scripts with no session), writes pass the check.
		ed.send("PATCH", path, map[string]any{"name": "Renamed"}, http.Header{"Sec-Fetch-Site": nil, "Origin": {"http://strata.test"}}).want(200)
		h.anonymous().send("POST", "/api/v1/auth/login", map[string]any{"email": "student@example.org", "password": testPassword},
			http.Header{"Sec-Fetch-Site": nil, "Origin": nil}).want(200)
	})
}
