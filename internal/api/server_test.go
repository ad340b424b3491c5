package api_test

import (
	"encoding/json"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/strata-maps/strata/internal/api"
	"github.com/strata-maps/strata/internal/store"
	"github.com/strata-maps/strata/internal/store/storetest"
)

var testWeb = fstest.MapFS{
	"index.html":         {Data: []byte("<!doctype html><title>Strata</title><div id=root></div>")},
	"assets/app-1a2b.js": {Data: []byte("console.log(1)")},
	"favicon.svg":        {Data: []byte("<svg/>")},
}

func newServer(t *testing.T, s *store.Store, web fs.FS) *httptest.Server {
	t.Helper()
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	srv := httptest.NewServer(api.New(withServices(api.Deps{Store: s, Log: log, Web: web})))
	t.Cleanup(srv.Close)
	return srv
}

type envelope struct {
	Error struct {
		Code    string            `json:"code"`
		Message string            `json:"message"`
		Details map[string]string `json:"details"`
	} `json:"error"`
}

func do(t *testing.T, method, url string, header map[string]string) (*http.Response, string) {
	t.Helper()
	req, err := http.NewRequest(method, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res, string(b)
}

func TestHealthAndReadiness(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		srv := newServer(t, s, testWeb)
		for _, p := range []string{"/healthz", "/readyz"} {
			if res, body := do(t, "GET", srv.URL+p, nil); res.StatusCode != 200 || !strings.Contains(body, `"ok"`) {
				t.Errorf("%s = %d %s", p, res.StatusCode, body)
			}
		}
		s.Close() // the database goes away: ready no more, still healthy
		if res, _ := do(t, "GET", srv.URL+"/readyz", nil); res.StatusCode != http.StatusServiceUnavailable {
			t.Errorf("readyz with a closed database = %d, want 503", res.StatusCode)
		}
		if res, _ := do(t, "GET", srv.URL+"/healthz", nil); res.StatusCode != 200 {
			t.Errorf("healthz with a closed database = %d, want 200", res.StatusCode)
		}
	})
}

func TestUnknownAPIPathsAnswerInTheEnvelope(t *testing.T) {
	srv := newServer(t, storetest.Open(t, store.SQLite), testWeb)
	for _, tc := range []struct{ method, path string }{
		{"GET", "/api/v1/nope"},
		{"GET", "/api/"},
		{"GET", "/api"},
		{"DELETE", "/api/v1/whatever/12"},
	} {
		res, body := do(t, tc.method, srv.URL+tc.path, nil)
		var env envelope
		if err := json.Unmarshal([]byte(body), &env); err != nil || res.StatusCode != 404 || env.Error.Code != "not_found" {
			t.Errorf("%s %s = %d %q; want 404 in the envelope", tc.method, tc.path, res.StatusCode, body)
		}
		if ct := res.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
			t.Errorf("%s %s content type %q, want JSON (never the web app)", tc.method, tc.path, ct)
		}
	}
}

func TestWebAppFallbackAndCaching(t *testing.T) {
	srv := newServer(t, storetest.Open(t, store.SQLite), testWeb)
	for _, p := range []string{"/", "/login", "/clients/acme", "/editor/12"} {
		res, body := do(t, "GET", srv.URL+p, nil)
		if res.StatusCode != 200 || !strings.Contains(body, "<div id=root>") {
			t.Errorf("GET %s = %d %q, want the app shell", p, res.StatusCode, body)
		}
		if cc := res.Header.Get("Cache-Control"); cc != "no-cache" {
			t.Errorf("GET %s Cache-Control %q, want no-cache", p, cc)
		}
	}
	if res, _ := do(t, "GET", srv.URL+"/login", nil); res.Header.Get("X-Content-Type-Options") != "nosniff" ||
		!strings.HasSuffix(res.Header.Get("Content-Security-Policy"), "; frame-ancestors 'self'") {
		t.Errorf("security headers missing: %v", res.Header)
	}
	res, body := do(t, "GET", srv.URL+"/assets/app-1a2b.js", nil)
	if res.StatusCode != 200 || body != "console.log(1)" || !strings.Contains(res.Header.Get("Cache-Control"), "immutable") {
		t.Errorf("hashed asset = %d %q cache %q", res.StatusCode, body, res.Header.Get("Cache-Control"))
	}
	if res, _ := do(t, "GET", srv.URL+"/assets/missing-9f.js", nil); res.StatusCode != 404 {
		t.Errorf("missing asset = %d, want 404 (not the app shell)", res.StatusCode)
	}
	if res, body := do(t, "GET", srv.URL+"/favicon.svg", nil); res.StatusCode != 200 || body != "<svg/>" {
		t.Errorf("favicon = %d %q", res.StatusCode, body)
	}
}

func TestWithoutWebBuildTheAppIsMissingNotFaked(t *testing.T) {
	srv := newServer(t, storetest.Open(t, store.SQLite), nil)
	if res, body := do(t, "GET", srv.URL+"/login", nil); res.StatusCode != 503 || !strings.Contains(body, "make build") {
		t.Errorf("GET /login without a web build = %d %q", res.StatusCode, body)
	}
	if res, _ := do(t, "GET", srv.URL+"/healthz", nil); res.StatusCode != 200 {
		t.Errorf("healthz = %d", res.StatusCode)
	}
}

func TestStateChangingRequestsFromAnotherSiteAreRefused(t *testing.T) {
	srv := newServer(t, storetest.Open(t, store.SQLite), testWeb)
	for _, h := range []map[string]string{
		{"Sec-Fetch-Site": "cross-site"},
		{"Sec-Fetch-Site": "same-site"},
		{"Origin": "https://evil.example"},
	} {
		res, body := do(t, "POST", srv.URL+"/api/v1/auth/logout", h)
		var env envelope
		_ = json.Unmarshal([]byte(body), &env)
		if res.StatusCode != 403 || env.Error.Code != "forbidden" {
			t.Errorf("POST with %v = %d %s, want 403 forbidden", h, res.StatusCode, body)
		}
	}
	// Same origin passes the check (and reaches routing: 404 until the call exists).
	res, _ := do(t, "POST", srv.URL+"/api/v1/nothing", map[string]string{"Origin": srv.URL, "Sec-Fetch-Site": "same-origin"})
	if res.StatusCode == 403 {
		t.Errorf("same-origin POST refused")
	}
}
