package api

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"html"
	"io/fs"
	"net/http"
	"strings"

	"github.com/strata-maps/strata/internal/domain"
)

// The public map's page (/m/{url}) is the web app's shell with what the
// publication adds before any script runs: the frame-ancestors of its embed
// domains, and for readers who may read it, its live version's title,
// description and an outline of its nodes (title and SEO description) for
// search engines. To a requester for whom the map does not exist it is the
// page of an unknown address, word for word.

// maxOutlinedNodes bounds the outline of a very large map.
const maxOutlinedNodes = 2000

// publicPage answers /m/{url}.
func (s *Server) publicPage(w http.ResponseWriter, r *http.Request) {
	url, _, _ := strings.Cut(strings.TrimPrefix(r.URL.Path, "/m/"), "/")
	p, access, _, err := s.publicAccess(r, url)
	if err != nil && !isNotFound(err) {
		s.log.Warn("public page", "url", url, "err", err)
	}
	if err != nil || access == domain.PublicDenied {
		// Unknown here: the app says so (its public-map screen answers 404 from the API).
		s.web.ServeHTTP(w, r)
		return
	}
	// Readers, and those whom signing in (or registering) would make readers,
	// may be shown the page in the embedding sites: the sign-in form shows in
	// the frame. They already know the map exists (401 rather than 404).
	w.Header().Set("Content-Security-Policy", contentSecurityPolicy(strings.Join(append([]string{"'self'"}, p.EmbedDomains...), " ")))
	shell, ok := s.shell()
	if !ok {
		s.web.ServeHTTP(w, r)
		return
	}
	status, head, body := http.StatusOK, []byte("<title>Strata</title>"), []byte(nil)
	// Callable only when embedded: browsers say where a page will show. The
	// app, told by the marker, says so in the reader's language.
	if p.EmbedOnly && !fromEmbed(r, true) {
		status, head = http.StatusForbidden, []byte(`<title>Strata</title><meta name="strata-embed-only" content="refused" />`)
	} else if access == domain.PublicRead {
		if head, body, err = s.seoFor(r.Context(), p); err != nil {
			s.log.Warn("public page without its outline", "url", url, "err", err)
		}
	}
	page := bytes.Replace(shell, []byte("<title>Strata</title>"), head, 1)
	if i := bytes.LastIndex(page, []byte("</body>")); i >= 0 {
		page = append(page[:i:i], append(body, page[i:]...)...)
	} else {
		page = append(page, body...)
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	w.WriteHeader(status)
	_, _ = w.Write(page)
}

// shell answers the web app's index.html, or false without a web app.
func (s *Server) shell() ([]byte, bool) {
	if s.dist == nil {
		return nil, false
	}
	b, err := fs.ReadFile(s.dist, "index.html")
	return b, err == nil
}

// seoFor answers the head (title, description) and the outline of a
// publication's live version, for a reader who may read it. Everything is
// the live version's: the working copy's name and description, and the
// publication's SEO texts, may have changed since; they show once published.
func (s *Server) seoFor(ctx context.Context, p domain.Publication) (head, body []byte, err error) {
	head = []byte("<title>Strata</title>")
	rv, err := s.readerVersion(ctx, p)
	if err != nil {
		return head, nil, err
	}
	title := p.Live.SEOTitle
	if title == "" {
		title = rv.name
	}
	description := p.Live.SEODescription
	if description == "" {
		description = rv.description
	}
	head = fmt.Appendf(nil, `<title>%s</title><meta name="description" content="%s" /><meta property="og:title" content="%s" />`,
		html.EscapeString(title), html.EscapeString(description), html.EscapeString(title))
	outline, ok := s.outlines.get(p.Live.ID)
	if !ok {
		if outline, err = s.outline(ctx, p, rv); err != nil {
			return head, nil, err
		}
		s.outlines.put(p.Live.ID, outline, len(outline))
	}
	return head, outline, nil
}

// outline lists the nodes readers are shown of the live version (title and
// SEO description in the version's first language that has them), for
// readers without scripts.
func (s *Server) outline(ctx context.Context, p domain.Publication, rv readerVersion) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString(`<noscript><article><h1>`)
	b.WriteString(html.EscapeString(rv.name))
	b.WriteString(`</h1><ul>`)
	n := 0
	err := s.store.EachVersionContent(ctx, p.Live.ID, func(id int64, raw []byte) error {
		if n >= maxOutlinedNodes || !rv.shown[id] {
			return nil
		}
		var byLang map[domain.Language]domain.NodeContent
		if err := json.Unmarshal(raw, &byLang); err != nil {
			return fmt.Errorf("stored content: %w", err)
		}
		for _, lang := range rv.languages {
			c, ok := byLang[lang]
			if !ok || c.Title == "" {
				continue
			}
			fmt.Fprintf(&b, `<li lang="%s"><h2>%s</h2>`, html.EscapeString(string(lang)), html.EscapeString(c.Title))
			if c.SEODescription != "" {
				fmt.Fprintf(&b, `<p>%s</p>`, html.EscapeString(c.SEODescription))
			}
			b.WriteString(`</li>`)
			n++
			break
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	b.WriteString(`</ul></article></noscript>`)
	return b.Bytes(), nil
}
