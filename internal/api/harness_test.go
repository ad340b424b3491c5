package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/strata-maps/strata/internal/access"
	"github.com/strata-maps/strata/internal/accounts"
	"github.com/strata-maps/strata/internal/api"
	"github.com/strata-maps/strata/internal/apikeys"
	"github.com/strata-maps/strata/internal/auth"
	"github.com/strata-maps/strata/internal/auth/authtest"
	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/editing"
	"github.com/strata-maps/strata/internal/live"
	"github.com/strata-maps/strata/internal/mail"
	"github.com/strata-maps/strata/internal/mapcatalog"
	"github.com/strata-maps/strata/internal/prepared"
	"github.com/strata-maps/strata/internal/publishing"
	"github.com/strata-maps/strata/internal/store"
	"github.com/strata-maps/strata/internal/webapp"
)

// Actors of the scenarios: anonymous, each role in client acme, a
// superuser, and the admin of another client.
const (
	anon     = "anonymous"
	guest    = "guest"
	student  = "student"
	editor   = "editor"
	admin    = "admin"
	super    = "superuser"
	outsider = "outsider"
)

var actors = []string{anon, guest, student, editor, admin, super, outsider}

// harness is a server on a fresh database with the actors above signed in.
type harness struct {
	t      testing.TB
	store  *store.Store
	srv    *httptest.Server
	hub    *live.Hub
	outbox string
	users  map[string]domain.User
	acme   domain.Client
	mapID  int64
}

// testFonts are the fonts the test server serves.
var testFonts = []webapp.Font{{FamilyName: "Inter", Name: "Inter (sans-serif)", Package: "@fontsource/inter",
	Faces: []webapp.FontFace{{File: "inter-latin-400-normal.woff2", Weight: 400, Style: "normal"}}}}

// testPassword signs in every harness user; hashed once for all tests, at
// argon2id's smallest cost (authtest): sign-in is what the tests exercise.
const testPassword = "correct horse battery"

var testPasswordHash = authtest.PasswordHash(testPassword)

func newHarness(t testing.TB, s *store.Store) *harness {
	t.Helper()
	return newHarnessWith(t, s, nil)
}

// withServices is d with the services cmd/strata builds, made on d.Store
// where d has none: each server of a test builds its own, as each
// instance does.
func withServices(d api.Deps) api.Deps {
	if d.Access == nil {
		d.Access = access.New(d.Store)
	}
	if d.Editing == nil {
		d.Editing = editing.New(d.Store, d.Live)
	}
	if d.Accounts == nil {
		d.Accounts = testAccounts(d, "strata", loginLimits{})
	}
	limiters := auth.Limiters(d.Redis, "strata")
	if d.Publishing == nil {
		d.Publishing = publishing.New(publishing.Config{Store: d.Store, Editing: d.Editing, Log: d.Log, NewLimiter: limiters})
	}
	if d.Catalog == nil {
		d.Catalog = mapcatalog.New(d.Store, d.Editing)
	}
	if d.APIKeys == nil {
		d.APIKeys = apikeys.New(apikeys.Config{Store: d.Store, NewLimiter: limiters})
	}
	if d.Documents == nil {
		docs, err := prepared.New(prepared.Config{Store: d.Store})
		if err != nil {
			panic(err) // it only compresses constants
		}
		d.Documents = docs
	}
	return d
}

// loginLimits are the failed sign-ins a test server allows in 15 minutes
// (zero keeps accounts' defaults).
type loginLimits struct{ perAccount, perAddress int }

// testAccounts is the accounts service of a test server on d, its limits
// in d.Redis under prefix when it has one.
func testAccounts(d api.Deps, prefix string, l loginLimits) *accounts.Service {
	log := d.Log
	if log == nil {
		log = slog.Default()
	}
	return accounts.New(accounts.Config{Store: d.Store, Mail: d.Mail, Log: log, PublicURL: d.PublicURL,
		NewLimiter: auth.Limiters(d.Redis, prefix), LoginFailuresPerAccount: l.perAccount, LoginFailuresPerAddress: l.perAddress,
		Rechecks: api.LiveRechecks(d.Live)})
}

// newHarnessWith is newHarness with changes to the server's dependencies.
func newHarnessWith(t testing.TB, s *store.Store, change func(*api.Deps)) *harness {
	t.Helper()
	ctx := context.Background()
	h := &harness{t: t, store: s, outbox: t.TempDir(), users: map[string]domain.User{}}
	log := slog.New(slog.NewTextHandler(testLog{t}, &slog.HandlerOptions{Level: slog.LevelWarn}))
	rights := access.New(s)
	h.hub = live.NewHub(live.NewMemoryState(), live.NewMemoryBus(), log,
		live.Options{Grants: access.LiveGrants(rights, accounts.GrantMapAccess), Access: access.LiveAccess(rights)})
	t.Cleanup(h.hub.Close)
	deps := api.Deps{Store: s, Log: log, Web: testWeb, PublicURL: "http://strata.test", Access: rights,
		Mail: &mail.Outbox{Dir: h.outbox, Log: log}, Editing: editing.New(s, h.hub), Live: h.hub, Fonts: testFonts}
	if change != nil {
		change(&deps)
	}
	handler := api.New(withServices(deps))
	h.srv = httptest.NewServer(handler)
	t.Cleanup(func() {
		h.srv.Close()
		handler.Wait()
	})

	var err error
	if h.acme, err = s.CreateClient(ctx, "acme", "Acme Ltd"); err != nil {
		t.Fatal(err)
	}
	globex, err := s.CreateClient(ctx, "globex", "Globex")
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range actors[1:] {
		u, err := s.CreateUser(ctx, store.NewUser{Email: a + "@example.org", Name: "Test " + a, PasswordHash: testPasswordHash, IsSuperuser: a == super})
		if err != nil {
			t.Fatal(err)
		}
		h.users[a] = u
		switch a {
		case super:
		case outsider:
			err = s.AddMembership(ctx, u.ID, globex.ID, domain.RoleAdmin)
		default:
			err = s.AddMembership(ctx, u.ID, h.acme.ID, domain.Role(a))
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	m, err := s.CreateMap(ctx, domain.Map{ClientID: h.acme.ID, Name: "Acme map", Width: 2000, Height: 1000, VisibilityLevels: 4})
	if err != nil {
		t.Fatal(err)
	}
	h.mapID = m.ID
	return h
}

// client is a browser: a cookie jar and same-origin headers.
type client struct {
	h    *harness
	http *http.Client
	// base is the server's address when it is not the harness's.
	base string
}

func (h *harness) anonymous() *client {
	jar, err := cookiejar.New(nil)
	if err != nil {
		h.t.Fatal(err)
	}
	return &client{h: h, http: &http.Client{Jar: jar}}
}

// as returns a client signed in as the actor (anonymous stays signed out).
func (h *harness) as(actor string) *client {
	h.t.Helper()
	c := h.anonymous()
	if actor == anon {
		return c
	}
	res := c.do("POST", "/api/v1/auth/login", map[string]any{"email": actor + "@example.org", "password": testPassword})
	res.want(200)
	return c
}

type response struct {
	t      testing.TB
	status int
	header http.Header
	body   []byte
}

// do sends a JSON request. A string body is sent as it is (for malformed
// JSON); nil sends no body.
func (c *client) do(method, path string, body any) *response {
	c.h.t.Helper()
	return c.send(method, path, body, nil)
}

// send is do with extra headers.
func (c *client) send(method, path string, body any, header http.Header) *response {
	c.h.t.Helper()
	var r io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		r = strings.NewReader(b)
	default:
		buf, err := json.Marshal(b)
		if err != nil {
			c.h.t.Fatal(err)
		}
		r = bytes.NewReader(buf)
	}
	base := c.h.srv.URL
	if c.base != "" {
		base = c.base
	}
	req, err := http.NewRequest(method, base+path, r)
	if err != nil {
		c.h.t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	// What a browser sends with a fetch from Strata's own page.
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	req.Header.Set("Origin", base)
	for k, vs := range header { // a nil value removes a header
		if vs == nil {
			req.Header.Del(k)
		} else {
			req.Header[k] = vs
		}
	}
	res, err := c.http.Do(req)
	if err != nil {
		c.h.t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		c.h.t.Fatal(err)
	}
	// Every answer the tests get is held to the API's contract (contract.go).
	if err := api.CheckAnswer(method, path, res.StatusCode, b); err != nil {
		c.h.t.Errorf("contract: %s %s: %v", method, path, err)
	}
	return &response{t: c.h.t, status: res.StatusCode, header: res.Header, body: b}
}

func (r *response) want(status int) *response {
	r.t.Helper()
	if r.status != status {
		r.t.Fatalf("status %d, want %d; body %s", r.status, status, r.body)
	}
	return r
}

// wantError checks the status and the envelope's code, and that each of
// fields is named in its details.
func (r *response) wantError(status int, code string, fields ...string) *response {
	r.t.Helper()
	r.want(status)
	var env envelope
	if err := json.Unmarshal(r.body, &env); err != nil {
		r.t.Fatalf("error body is not the envelope: %s", r.body)
	}
	if env.Error.Code != code || env.Error.Message == "" {
		r.t.Fatalf("error %+v, want code %s with a message", env.Error, code)
	}
	for _, f := range fields {
		if env.Error.Details[f] == "" {
			r.t.Fatalf("details %v do not name %s", env.Error.Details, f)
		}
	}
	return r
}

func (r *response) decode(v any) {
	r.t.Helper()
	if err := json.Unmarshal(r.body, v); err != nil {
		r.t.Fatalf("decode %s: %v", r.body, err)
	}
}

var linkPattern = regexp.MustCompile(`https?://\S+`)

// mails returns the outbox's messages to the address, oldest first.
func (h *harness) mails(to string) []string {
	h.t.Helper()
	files, err := filepath.Glob(filepath.Join(h.outbox, "*.eml"))
	if err != nil {
		h.t.Fatal(err)
	}
	sort.Strings(files)
	var out []string
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			h.t.Fatal(err)
		}
		if strings.Contains(string(b), "To: <"+to+">\r\n") {
			out = append(out, string(b))
		}
	}
	return out
}

// lastLink returns the path and query of the first link containing part in
// the newest mail to the address.
func (h *harness) lastLink(to, part string) string {
	h.t.Helper()
	ms := h.mails(to)
	if len(ms) == 0 {
		h.t.Fatalf("no mail to %s", to)
	}
	for _, l := range linkPattern.FindAllString(ms[len(ms)-1], -1) {
		if strings.Contains(l, part) {
			return strings.TrimPrefix(l, "http://strata.test")
		}
	}
	h.t.Fatalf("no link with %q in:\n%s", part, ms[len(ms)-1])
	return ""
}

// followProof follows, in c, the newest link mailed to the address to prove
// it (a reader's sign-up or a change of address).
func (c *client) followProof(to string) *response {
	c.h.t.Helper()
	return c.do("POST", "/api/v1/auth/email_verifications", map[string]any{"token": tokenOf(c.h.lastLink(to, "/verify-email?token="))})
}

// tokenOf extracts the token query parameter of a link.
func tokenOf(link string) string {
	_, tok, _ := strings.Cut(link, "token=")
	return tok
}

// testLog shows the server's warnings and errors in the test's output.
type testLog struct{ t testing.TB }

func (l testLog) Write(b []byte) (int, error) {
	l.t.Log(strings.TrimSpace(string(b)))
	return len(b), nil
}
