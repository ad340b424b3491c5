package api_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"testing"

	"github.com/strata-maps/strata/internal/api"
	"github.com/strata-maps/strata/internal/store"
	"github.com/strata-maps/strata/internal/store/storetest"
)

// crossSite is what a page of another site sends with its form or fetch.
var crossSite = http.Header{"Sec-Fetch-Site": {"cross-site"}, "Origin": {"https://evil.example"}}

// withHeader is crossSite with one more header.
func withHeader(h http.Header, name, value string) http.Header {
	out := h.Clone()
	out.Set(name, value)
	return out
}

// An Authorization header used to switch the cross-site check off whatever
// it held: another site's page added a junk one and the public routes
// (sign-out, reader sign-up) acted on the visitor's cookie. Only a request
// with an API key and no session cookie skips the check now.
func TestSecurityJunkAuthorizationDoesNotSkipTheCrossSiteCheck(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		ed := h.session(editor)
		pubPath := fmt.Sprintf("/api/v1/maps/%d/publication", h.mapID)
		ed.do("PATCH", pubPath, map[string]any{"url": "acme-csrf", "access_mode": "partial"}).want(200)
		ed.do("POST", fmt.Sprintf("/api/v1/maps/%d/publish", h.mapID), nil).want(201)
		if err := s.SetMapLive(context.Background(), h.mapID, true); err != nil {
			t.Fatal(err)
		}
		public := "/api/v1/public/maps/acme-csrf"
		outside := h.session(outsider)
		outside.do("GET", public, nil).wantError(403, "reader_required")
		for _, auth := range []string{"Basic Zm9vOmJhcg==", "Bearer junk", "Bearer"} {
			header := withHeader(crossSite, "Authorization", auth)
			// The visitor is not made a reader of the map by another site.
			outside.send("POST", public+"/readers", nil, header).wantError(403, "forbidden")
			outside.do("GET", public, nil).wantError(403, "reader_required")
			// Nor signed out by it.
			for _, path := range []string{"/api/v1/auth/logout", "/api/v1/public/logout"} {
				ed.send("POST", path, nil, header).wantError(403, "forbidden")
				ed.do("GET", "/api/v1/auth/session", nil).want(200)
			}
		}
		// A script with its key and no cookie needs no Origin.
		key := h.newKey(admin, "acme", "script", "edit")
		h.script(key.Key, "GET", fmt.Sprintf("/api/v1/maps/%d", h.mapID), nil).want(200)
		h.anonymous().send("PATCH", fmt.Sprintf("/api/v1/maps/%d", h.mapID), map[string]any{"name": "Renamed by a script"},
			http.Header{"Authorization": {"Bearer " + key.Key}, "Origin": nil, "Sec-Fetch-Site": nil}).want(200)
	})
}

// API answers are the user's data and were cacheable by any cache that
// chose to (no Cache-Control): now no-store, except the answers built to be
// revalidated: a map's document and the public map (private, no-cache,
// with their ETag and 304) and media files (their own caching).
func TestSecurityAPIAnswersAreNotStored(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newMediaHarness(t, s, t.TempDir(), nil)
		ed := h.session(editor)
		for _, res := range []*response{
			ed.do("GET", "/api/v1/auth/session", nil).want(200),
			ed.do("GET", "/api/v1/clients/acme/maps", nil).want(200),
			ed.do("GET", "/api/v1/clients/acme/users", nil).wantError(403, "forbidden"),
			h.anonymous().do("GET", "/api/v1/auth/session", nil).wantError(401, "unauthenticated"),
			h.anonymous().do("GET", "/api/v1/nope", nil).wantError(404, "not_found"),
		} {
			if cc := res.header.Get("Cache-Control"); cc != "no-store" {
				t.Errorf("%s: Cache-Control %q, want no-store", res.body, cc)
			}
		}
		// A map's document: revalidated by its ETag, stored by no shared cache.
		path := fmt.Sprintf("/api/v1/maps/%d", h.mapID)
		doc := ed.do("GET", path, nil).want(200)
		if cc := doc.header.Get("Cache-Control"); cc != "private, no-cache" || doc.header.Get("ETag") == "" {
			t.Fatalf("map document: Cache-Control %q, ETag %q", cc, doc.header.Get("ETag"))
		}
		same := ed.send("GET", path, nil, http.Header{"If-None-Match": {doc.header.Get("ETag")}}).want(304)
		if cc := same.header.Get("Cache-Control"); cc != "private, no-cache" {
			t.Fatalf("304: Cache-Control %q", cc)
		}
		// A media file keeps its own caching.
		var a struct {
			URL string `json:"url"`
		}
		h.as(student).upload("POST", mediaPath, formPart{field: "file", filename: "dot.png", body: pngOf(4, 4)}).want(201).decode(&a)
		if cc := ed.do("GET", a.URL, nil).want(200).header.Get("Cache-Control"); !strings.HasPrefix(cc, "private, ") {
			t.Fatalf("media file: Cache-Control %q", cc)
		}
	})
}

// newBareServer serves api.New(d) with a store of its own.
func newBareServer(t *testing.T, change func(*api.Deps)) *httptest.Server {
	t.Helper()
	d := api.Deps{Store: storetest.Open(t, store.SQLite), Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Web: testWeb}
	change(&d)
	srv := httptest.NewServer(api.New(withServices(d)))
	t.Cleanup(srv.Close)
	return srv
}

// HSTS is sent when Strata is served over https: the public URL is https,
// or a trusted proxy says the request came over https. Never over plain
// http, where a forged X-Forwarded-Proto from anyone else changes nothing.
func TestSecurityHSTSOverHTTPS(t *testing.T) {
	hsts := func(srv *httptest.Server, path string, header map[string]string) string {
		t.Helper()
		res, _ := do(t, "GET", srv.URL+path, header)
		return res.Header.Get("Strict-Transport-Security")
	}
	https := newBareServer(t, func(d *api.Deps) { d.PublicURL = "https://maps.example.org" })
	for _, p := range []string{"/api/v1/auth/session", "/login", "/healthz"} {
		if v := hsts(https, p, nil); !strings.HasPrefix(v, "max-age=31536000") {
			t.Errorf("https public URL, %s: Strict-Transport-Security %q", p, v)
		}
	}
	proxied := newBareServer(t, func(d *api.Deps) {
		d.PublicURL = "http://maps.example.org"
		d.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8"), netip.MustParsePrefix("::1/128")}
	})
	if v := hsts(proxied, "/login", map[string]string{"X-Forwarded-Proto": "https"}); v == "" {
		t.Error("a trusted proxy's X-Forwarded-Proto: https gets no HSTS")
	}
	if v := hsts(proxied, "/login", nil); v != "" {
		t.Errorf("plain http: Strict-Transport-Security %q", v)
	}
	direct := newBareServer(t, func(d *api.Deps) { d.PublicURL = "http://maps.example.org" })
	if v := hsts(direct, "/login", map[string]string{"X-Forwarded-Proto": "https"}); v != "" {
		t.Errorf("X-Forwarded-Proto from an untrusted client: Strict-Transport-Security %q", v)
	}
	tls := httptest.NewTLSServer(api.New(withServices(api.Deps{Store: storetest.Open(t, store.SQLite), Log: slog.New(slog.NewTextHandler(io.Discard, nil))})))
	t.Cleanup(tls.Close)
	res, err := tls.Client().Get(tls.URL + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.Header.Get("Strict-Transport-Security") == "" {
		t.Error("a TLS connection gets no HSTS")
	}
}

// With a public URL, a request naming another Host (another domain pointed
// at the server, DNS rebinding) is refused in the envelope; the health
// checks answer any Host, for load balancers probing the instance's address.
func TestSecurityHostCheckedAgainstThePublicURL(t *testing.T) {
	srv := newBareServer(t, func(d *api.Deps) {
		d.PublicURL = "https://maps.example.org"
		d.Hosts = []string{d.PublicURL}
		d.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8")} // not the test's address
	})
	get := func(path, host string, header map[string]string) (*http.Response, string) {
		t.Helper()
		req, err := http.NewRequest("GET", srv.URL+path, nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Host = host
		for k, v := range header {
			req.Header.Set(k, v)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res, string(b)
	}
	for _, host := range []string{"maps.example.org", "MAPS.example.org", "maps.example.org:443"} {
		for _, path := range []string{"/api/v1/auth/session", "/login"} {
			if res, body := get(path, host, nil); res.StatusCode == http.StatusMisdirectedRequest {
				t.Errorf("Host %s, %s: %d %s", host, path, res.StatusCode, body)
			}
		}
	}
	for _, host := range []string{"evil.example", "maps.example.org.evil.example", "maps.example.org:8443", "127.0.0.1"} {
		for _, path := range []string{"/api/v1/auth/session", "/login", "/m/some-map", "/api/v1/openapi.json"} {
			res, body := get(path, host, map[string]string{"X-Forwarded-Host": "maps.example.org"}) // from an untrusted client
			var env envelope
			if res.StatusCode != http.StatusMisdirectedRequest || json.Unmarshal([]byte(body), &env) != nil || env.Error.Code != "misdirected_request" {
				t.Errorf("Host %s, %s: %d %s, want 421 in the envelope", host, path, res.StatusCode, body)
			}
		}
		for _, path := range []string{"/healthz", "/readyz"} {
			if res, body := get(path, host, nil); res.StatusCode != 200 {
				t.Errorf("Host %s, %s: %d %s", host, path, res.StatusCode, body)
			}
		}
	}
	// Behind a trusted proxy that rewrites Host, X-Forwarded-Host is the host asked for.
	behind := newBareServer(t, func(d *api.Deps) {
		d.PublicURL = "https://maps.example.org"
		d.Hosts = []string{d.PublicURL}
		d.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8"), netip.MustParsePrefix("::1/128")}
	})
	for fwd, want := range map[string]int{"maps.example.org": 401, "evil.example": 421} {
		if res, body := do(t, "GET", behind.URL+"/api/v1/auth/session", map[string]string{"X-Forwarded-Host": fwd}); res.StatusCode != want {
			t.Errorf("X-Forwarded-Host %s from a trusted proxy: %d %s, want %d", fwd, res.StatusCode, body, want)
		}
	}
	// Without a public URL (make run), any Host is answered.
	srv = newBareServer(t, func(*api.Deps) {})
	if res, body := get("/api/v1/auth/session", "anything.example", nil); res.StatusCode != 401 {
		t.Errorf("no public URL: %d %s", res.StatusCode, body)
	}
}
