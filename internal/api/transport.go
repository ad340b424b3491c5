package api

import (
	"net"
	"net/http"
	"net/url"
	"strings"
)

// hstsValue asks browsers to reach Strata over https only, for a year. No
// includeSubDomains: the public URL's other subdomains are not Strata's to
// decide (an organisation may serve some over http).
const hstsValue = "max-age=31536000"

// overHTTPS reports whether the browser reached Strata over https: the
// public URL says so, the connection is TLS, or a trusted proxy says it
// took the request over https. A browser ignores HSTS received over http,
// so sending it whenever the public URL is https is harmless.
func (s *Server) overHTTPS(r *http.Request) bool {
	if s.secureCookie || r.TLS != nil {
		return true
	}
	return len(s.trusted) > 0 && isTrusted(remoteHost(r), s.trusted) &&
		strings.EqualFold(strings.TrimSpace(lastHop(r.Header.Get("X-Forwarded-Proto"))), "https")
}

// lastHop is the last entry of a comma-separated forwarding header: the
// one the nearest (trusted) proxy added.
func lastHop(v string) string {
	if i := strings.LastIndexByte(v, ','); i >= 0 {
		return v[i+1:]
	}
	return v
}

// codeMisdirected is HTTP-only: a request for a host Strata does not serve.
const codeMisdirected = "misdirected_request"

// hostSet is the hosts (with port) requests may name; empty allows any.
type hostSet map[string]struct{}

// newHostSet normalises the public URLs' hosts: lower case, with the
// scheme's default port spelt out, as canonicalHost does to a request's.
func newHostSet(publicURLs []string) hostSet {
	set := hostSet{}
	for _, raw := range publicURLs {
		u, err := url.Parse(raw)
		if err != nil || u.Host == "" {
			continue
		}
		set[canonicalHost(u.Host, u.Scheme == "https")] = struct{}{}
	}
	return set
}

// canonicalHost lower-cases host and adds the default port when it has none.
func canonicalHost(host string, https bool) string {
	host = strings.ToLower(strings.TrimSuffix(host, "."))
	if _, _, err := net.SplitHostPort(host); err == nil {
		return host
	}
	if strings.HasPrefix(host, "[") && strings.HasSuffix(host, "]") {
		host = host[1 : len(host)-1]
	}
	port := "80"
	if https {
		port = "443"
	}
	return net.JoinHostPort(host, port)
}

// requestHost is the host the client asked for: the Host header, or the
// X-Forwarded-Host a trusted proxy sets when it rewrites Host.
func (s *Server) requestHost(r *http.Request) string {
	if fwd := r.Header.Get("X-Forwarded-Host"); fwd != "" && len(s.trusted) > 0 && isTrusted(remoteHost(r), s.trusted) {
		return strings.TrimSpace(lastHop(fwd))
	}
	return r.Host
}

// hostAllowed is the one place that decides which hosts Strata answers:
// any when no public URL was set, else the public URL's. Customer domains
// will be added here.
func (s *Server) hostAllowed(r *http.Request) bool {
	if len(s.hosts) == 0 {
		return true
	}
	h := s.requestHost(r)
	// A host without a port is at its scheme's default, and the scheme
	// may differ from the public URL's (http behind a TLS-terminating
	// proxy): the name is what must match.
	for _, https := range []bool{true, false} {
		if _, ok := s.hosts[canonicalHost(h, https)]; ok {
			return true
		}
	}
	return false
}
