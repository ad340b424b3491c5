// Package api serves Strata over HTTP: the /api/v1 JSON calls, the health
// checks and the embedded web app.
package api

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
	"time"

	"github.com/klauspost/compress/gzhttp"
	"github.com/klauspost/compress/gzip"
	"github.com/redis/go-redis/v9"

	"github.com/strata-maps/strata/internal/access"
	"github.com/strata-maps/strata/internal/accounts"
	"github.com/strata-maps/strata/internal/apikeys"
	"github.com/strata-maps/strata/internal/auth"
	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/editing"
	"github.com/strata-maps/strata/internal/live"
	"github.com/strata-maps/strata/internal/mail"
	"github.com/strata-maps/strata/internal/mapcatalog"
	"github.com/strata-maps/strata/internal/media"
	"github.com/strata-maps/strata/internal/prepared"
	"github.com/strata-maps/strata/internal/publishing"
	"github.com/strata-maps/strata/internal/store"
	"github.com/strata-maps/strata/internal/webapp"
)

// Deps is what the server is built from.
// The services are built once, by cmd/strata, and handed to the server,
// which translates HTTP to them and back.
type Deps struct {
	Store *store.Store
	// Access decides what an actor may do with a map (internal/access).
	Access *access.Service
	// Accounts owns the rules of the account area.
	Accounts *accounts.Service
	// Publishing owns versions, the live version and the public map.
	Publishing *publishing.Service
	// Catalog owns a client's maps: overview, creation, clones, templates.
	Catalog *mapcatalog.Service
	// APIKeys owns the clients' keys for scripts.
	APIKeys *apikeys.Service
	// Documents keeps the maps' documents ready to answer (GET /maps/{id}).
	Documents *prepared.Documents
	// Media is the media library (internal/media); nil leaves it unavailable.
	Media *media.Service
	Log   *slog.Logger
	// Web is the built web app (index.html at its root), or nil when this
	// binary was built without it.
	Web fs.FS
	// PublicURL is where users reach Strata: links in mail point there, and
	// its origin is accepted for state-changing requests besides the
	// request's own host. An https URL makes the session cookie Secure.
	PublicURL string
	Mail      mail.Sender
	Editing   *editing.Service
	// Live is the live channel; nil leaves /api/v1/live unavailable.
	Live *live.Hub
	// Fonts are the font families the web app serves to every client.
	Fonts []webapp.Font
	// DataDir is the data directory, which /readyz checks takes files;
	// empty checks none.
	DataDir string
	// Redis, when set, is pinged by /readyz (the services count their
	// limits in it); nil is none.
	Redis redis.Cmdable
	// TrustedProxies are the reverse proxies whose X-Forwarded-For names
	// the client.
	TrustedProxies []netip.Prefix
	// Hosts are the addresses (URLs) whose host requests must name; any
	// other Host is answered 421. Empty answers any Host: strata serve
	// passes the public URL when one was set.
	Hosts []string
}

// Server is the HTTP handler of Strata.
type Server struct {
	store       *store.Store
	log         *slog.Logger
	mail        mail.Sender
	editing     *editing.Service
	live        *live.Hub
	fonts       []webapp.Font
	dataDir     string
	redis       redis.Cmdable // nil without Redis; /readyz pings it
	writeProbe  writeProbe    // of /readyz
	api         *http.ServeMux
	patterns    []string     // of api, in the order routes registers them
	description description  // of api, as OpenAPI
	apiHandler  http.Handler // api, compressed
	web         http.Handler
	dist        fs.FS // the web app's files, for the public map's page
	// publishing owns versions, the live version and the public map.
	publishing *publishing.Service
	// catalog owns a client's maps: overview, creation, clones, templates.
	catalog *mapcatalog.Service
	// documents keeps the maps' documents ready to answer.
	documents    *prepared.Documents
	publicURL    string
	publicOrigin string
	secureCookie bool
	trusted      []netip.Prefix
	crossOrigin  *http.CrossOriginProtection
	// hosts are the hosts served (hostAllowed); empty serves any.
	hosts hostSet

	// access decides what an actor may do with a map.
	access *access.Service
	// accounts owns the rules of the account area.
	accounts *accounts.Service
	// apiKeys owns the clients' keys for scripts.
	apiKeys *apikeys.Service
	// media owns the clients' media libraries; nil answers their calls 503.
	media *media.Service
	// uploadLimit bounds a media upload's body (the largest type limit
	// and room for the form).
	uploadLimit int64
}

// New builds the server and its route table.
func New(d Deps) *Server {
	if d.Log == nil {
		d.Log = slog.Default()
	}
	d.Log = WithRequestIDs(d.Log)
	s := &Server{
		store: d.Store, log: d.Log, mail: d.Mail, editing: d.Editing, live: d.Live, fonts: d.Fonts, api: http.NewServeMux(), web: newWebApp(d.Web), dist: d.Web,
		publicURL:  strings.TrimRight(d.PublicURL, "/"),
		dataDir:    d.DataDir,
		redis:      d.Redis,
		trusted:    d.TrustedProxies,
		hosts:      newHostSet(d.Hosts),
		access:     d.Access,
		accounts:   d.Accounts,
		publishing: d.Publishing,
		catalog:    d.Catalog,
		apiKeys:    d.APIKeys,
		documents:  d.Documents,
		media:      d.Media,
	}
	if d.Media != nil {
		s.uploadLimit = d.Media.Limits().Largest() + 1<<20
	}
	if u, err := url.Parse(d.PublicURL); err == nil && u.Host != "" {
		s.publicOrigin = u.Scheme + "://" + u.Host
		s.secureCookie = u.Scheme == "https"
	}
	s.crossOrigin = newCrossOrigin(s.publicOrigin, s.log)
	s.routes()
	// Responses are compressed for clients that accept it: a large map's
	// document shrinks about tenfold.
	// The fastest level: a 10,000-node document compresses in a third of
	// the default's time and stays under 1.5 MB.
	gz, err := gzhttp.NewWrapper(gzhttp.CompressionLevel(gzip.BestSpeed))
	if err != nil {
		panic(err) // the options above are constants
	}
	s.apiHandler = gz(s.api)
	s.web = gz(s.web)
	return s
}

// Wait waits for the work the server does after answering a call: call it
// once the HTTP server has shut down, before the store closes.
func (s *Server) Wait() { s.publishing.Wait() }

// ServeHTTP dispatches /api/ to the API (answering misses in the error
// envelope), the health checks, and everything else to the web app.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	rec := &statusRecorder{ResponseWriter: w, status: http.StatusOK}
	id := newRequestID()
	r = r.WithContext(withRequestID(r.Context(), id))
	rec.Header().Set("X-Request-Id", id)
	defer func() {
		if p := recover(); p != nil {
			s.log.ErrorContext(r.Context(), "panic serving request", "method", r.Method, "path", r.URL.Path, "panic", p)
			if !rec.wrote {
				writeError(rec, r, s.log, fmt.Errorf("panic: %v", p))
			}
		}
		s.log.DebugContext(r.Context(), "request", "method", r.Method, "path", r.URL.Path, "status", rec.status, "duration", time.Since(start))
	}()
	// Safe defaults for every answer: no content sniffing, no referrer to
	// other sites, and no framing by other sites (the public map's page
	// allows its own list of domains).
	r = r.WithContext(context.WithValue(r.Context(), clientAddressKey{}, resolveClient(r, s.trusted)))
	h := rec.Header()
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
	h.Set("Content-Security-Policy", contentSecurityPolicy("'self'"))
	if s.overHTTPS(r) {
		h.Set("Strict-Transport-Security", hstsValue)
	}
	if !s.limitBody(w, rec, r) {
		return
	}
	if err := checkRequestText(r); err != nil {
		writeError(rec, r, s.log, err)
		return
	}
	path := r.URL.Path
	// The health checks answer whatever the Host: load balancers and
	// orchestrators probe an instance by its own address, not the public
	// name, and they reveal nothing.
	if path != "/healthz" && path != "/readyz" && !s.hostAllowed(r) {
		// Another name pointed at this server (DNS rebinding, a stale or
		// hostile domain): it is not Strata's public address.
		writeError(rec, r, s.log, &domain.Error{Code: codeMisdirected,
			Message: "this server does not answer for " + strings.ToLower(s.requestHost(r)) + "; use Strata's public address"})
		return
	}
	switch {
	case path == "/healthz":
		s.healthz(rec, r)
	case path == "/readyz":
		s.readyz(rec, r)
	case path == "/api" || strings.HasPrefix(path, "/api/"):
		s.serveAPI(rec, r)
	case strings.HasPrefix(path, "/m/") && (r.Method == http.MethodGet || r.Method == http.MethodHead):
		s.publicPage(rec, r)
	default:
		s.web.ServeHTTP(rec, r)
	}
}

func (s *Server) serveAPI(w http.ResponseWriter, r *http.Request) {
	// API answers are the user's data: kept by no cache, the browser's
	// included. Answers made to be revalidated (a map's document, the
	// public map, media files) set their own.
	w.Header().Set("Cache-Control", "no-store")
	if err := s.checkOrigin(r); err != nil {
		writeError(w, r, s.log, err)
		return
	}
	h, pattern := s.api.Handler(r)
	if pattern != "" {
		s.apiHandler.ServeHTTP(w, r) // not h: the mux's ServeHTTP also sets the path values
		return
	}
	// No route: let the mux decide between 404 and 405 (and set Allow), then
	// answer in the envelope instead of its plain text.
	probe := &headerProbe{header: http.Header{}}
	h.ServeHTTP(probe, r)
	if probe.status == http.StatusMethodNotAllowed {
		w.Header().Set("Allow", probe.header.Get("Allow"))
		writeError(w, r, s.log, &domain.Error{Code: codeMethodNotAllowed, Message: r.Method + " is not allowed on " + r.URL.Path})
		return
	}
	writeError(w, r, s.log, domain.Errorf(domain.CodeNotFound, "no API call at %s %s", r.Method, r.URL.Path))
}

// newCrossOrigin builds the CSRF check of state-changing calls: Go's
// CrossOriginProtection (Sec-Fetch-Site, else Origin against Host), with
// the public URL's origin trusted too, for a proxy that rewrites Host.
func newCrossOrigin(publicOrigin string, log *slog.Logger) *http.CrossOriginProtection {
	c := http.NewCrossOriginProtection()
	if publicOrigin != "" {
		if err := c.AddTrustedOrigin(publicOrigin); err != nil {
			log.Warn("the public URL's origin is not trusted for writes", "origin", publicOrigin, "err", err)
		}
	}
	return c
}

var errCrossOrigin = domain.Errorf(domain.CodeForbidden, "state-changing requests must come from Strata's own pages")

// checkOrigin refuses state-changing requests from other sites. Beyond
// CrossOriginProtection, which lets requests with neither Sec-Fetch-Site nor
// Origin through as non-browser ones, a write that carries a session cookie
// must name its origin: every browser sends Origin with a POST, PATCH or
// DELETE, so one without it is not from Strata's pages (an old browser, a
// plugin, a redirect) and may not ride on the user's cookie.
//
// A script's request, one that authenticates by an API key and carries no
// session cookie, passes: a page of another site can send an Authorization
// header only after a CORS preflight, which Strata never grants. Any other
// Authorization header (junk, or a key beside a cookie) proves nothing, as
// the routes without a key (reader sign-up, sign-out) would still act on
// the cookie.
func (s *Server) checkOrigin(r *http.Request) error {
	if key, _ := bearerKey(r); key != "" && !hasSessionCookie(r) {
		return nil
	}
	if err := s.crossOrigin.Check(r); err != nil {
		return errCrossOrigin
	}
	switch r.Method {
	case http.MethodGet, http.MethodHead, http.MethodOptions:
		return nil
	}
	if r.Header.Get("Origin") == "" && hasSessionCookie(r) {
		return errCrossOrigin
	}
	return nil
}

func hasSessionCookie(r *http.Request) bool {
	for _, name := range []string{auth.SessionCookie, auth.ReaderCookie} {
		if c, err := r.Cookie(name); err == nil && c.Value != "" {
			return true
		}
	}
	return false
}

// contentSecurityPolicy is the policy of every answer: scripts only from
// Strata's own files (no inline script, no eval), no plugins, no <base> to
// redirect relative URLs, requests and forms to Strata only, and framing by
// frameAncestors. Images, films and sounds may come from anywhere over https,
// as node content and media links name them (the reader's map holds remote
// media back until the reader's consent allows them); styles allow inline ones, which the editor's canvas and
// component libraries set and which cannot run code.
func contentSecurityPolicy(frameAncestors string) string {
	return "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; " +
		"img-src 'self' data: blob: https:; media-src 'self' blob: https:; font-src 'self' data:; connect-src 'self'; " +
		"frame-src 'self'; worker-src 'self' blob:; object-src 'none'; base-uri 'none'; form-action 'self'; " +
		"frame-ancestors " + frameAncestors
}

// statusRecorder remembers the status for the request log.
type statusRecorder struct {
	http.ResponseWriter
	status int
	wrote  bool
}

func (r *statusRecorder) WriteHeader(code int) {
	if !r.wrote {
		r.status, r.wrote = code, true
	}
	r.ResponseWriter.WriteHeader(code)
}

func (r *statusRecorder) Write(b []byte) (int, error) {
	r.wrote = true
	return r.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController reach the underlying writer.
func (r *statusRecorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }

// Hijack hands the connection to the live channel's WebSocket.
func (r *statusRecorder) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	r.status, r.wrote = http.StatusSwitchingProtocols, true
	return http.NewResponseController(r.ResponseWriter).Hijack()
}

// headerProbe captures what the mux's own 404/405 handler would send.
type headerProbe struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (p *headerProbe) Header() http.Header         { return p.header }
func (p *headerProbe) WriteHeader(code int)        { p.status = code }
func (p *headerProbe) Write(b []byte) (int, error) { return p.body.Write(b) }
