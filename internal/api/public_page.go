package api

import (
	"bytes"
	"io/fs"
	"net/http"
	"strings"

	"github.com/strata-maps/strata/internal/publishing"
)

// publicPage answers /m/{url}: the web app's shell with what the
// publication adds (publishing.Page) for the request's reader.
func (s *Server) publicPage(w http.ResponseWriter, r *http.Request) {
	url, _, _ := strings.Cut(strings.TrimPrefix(r.URL.Path, "/m/"), "/")
	var page publishing.Page
	a, err := s.publicReader(r)
	if err == nil {
		page, err = s.publishing.Page(r.Context(), url, a, fromEmbed(r, true))
	}
	if err != nil && !isNotFound(err) {
		s.log.Warn("public page", "url", url, "err", err)
	}
	if err != nil || !page.Known {
		// Unknown here: the app says so (its public-map screen answers 404 from the API).
		s.web.ServeHTTP(w, r)
		return
	}
	w.Header().Set("Content-Security-Policy", contentSecurityPolicy(strings.Join(append([]string{"'self'"}, page.FrameAncestors...), " ")))
	shell, ok := s.shell()
	if !ok {
		s.web.ServeHTTP(w, r)
		return
	}
	status := http.StatusOK
	if page.Refused {
		status = http.StatusForbidden
	}
	out := bytes.Replace(shell, []byte(publishing.DefaultHead), page.Head, 1)
	if i := bytes.LastIndex(out, []byte("</body>")); i >= 0 {
		out = append(out[:i:i], append(page.Body, out[i:]...)...)
	} else {
		out = append(out, page.Body...)
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	w.WriteHeader(status)
	_, _ = w.Write(out)
}

// shell answers the web app's index.html, or false without a web app.
func (s *Server) shell() ([]byte, bool) {
	if s.dist == nil {
		return nil, false
	}
	b, err := fs.ReadFile(s.dist, "index.html")
	return b, err == nil
}
