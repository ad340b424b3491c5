package publishing

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"html/template"

	"github.com/strata-maps/strata/internal/domain"
)

// The public map's page (/m/{url}) is the web app's shell with what the
// publication adds before any script runs: the frame-ancestors of its
// embed domains, and for readers who may read it, its live version's
// title, description and an outline of its nodes (title and SEO
// description) for search engines. To a requester for whom the map does
// not exist it is the page of an unknown address, word for word.

// maxOutlinedNodes bounds the outline of a very large map.
const maxOutlinedNodes = 2000

// Page is what a publication adds to the public page for one reader.
type Page struct {
	// Known is false where the map does not exist for the reader: the page
	// is the app's own, unchanged.
	Known bool
	// Refused: the map may be read only where it is embedded, and this
	// page would not show in a frame.
	Refused bool
	// FrameAncestors are the sites that may show the page in a frame,
	// besides Strata's own.
	FrameAncestors []string
	// Head replaces the shell's title; Body goes before its </body>.
	Head, Body []byte
}

// DefaultHead is the shell's own title, which Page.Head replaces.
const DefaultHead = "<title>Strata</title>"

var (
	headTemplate = template.Must(template.New("head").Parse(
		`<title>{{.Title}}</title><meta name="description" content="{{.Description}}" />` +
			`<meta property="og:type" content="website" /><meta property="og:title" content="{{.ShareTitle}}" />` +
			`<meta property="og:description" content="{{.ShareDescription}}" />` +
			`{{if .Image}}<meta property="og:image" content="{{.Image}}" />{{end}}` +
			`<meta name="twitter:card" content="{{if .Image}}summary_large_image{{else}}summary{{end}}" />` +
			`<meta name="twitter:title" content="{{.ShareTitle}}" /><meta name="twitter:description" content="{{.ShareDescription}}" />` +
			`{{if .Image}}<meta name="twitter:image" content="{{.Image}}" />{{end}}`))
	refusedHead     = []byte(DefaultHead + `<meta name="strata-embed-only" content="refused" />`)
	outlineTemplate = template.Must(template.New("outline").Parse(
		`<noscript><article><h1>{{.Name}}</h1><ul>` +
			`{{range .Nodes}}<li lang="{{.Lang}}"><h2>{{.Title}}</h2>{{if .Description}}<p>{{.Description}}</p>{{end}}</li>{{end}}` +
			`</ul></article></noscript>`))
)

type outlineNode struct {
	Lang               domain.Language
	Title, Description string
}

// Page answers what the publication at url adds to its public page for
// the reader (the zero actor when signed out); inFrame says the browser
// will show the page in a frame.
func (s *Service) Page(ctx context.Context, url string, reader domain.Actor, inFrame bool) (Page, error) {
	r, err := s.Reach(ctx, url, reader)
	if err != nil || r.Access == domain.PublicDenied {
		return Page{}, err
	}
	// Readers, and those whom signing in (or registering) would make
	// readers, may be shown the page in the embedding sites: the sign-in
	// form shows in the frame. They already know the map exists (401
	// rather than 404).
	p := r.Publication
	page := Page{Known: true, FrameAncestors: p.EmbedDomains, Head: []byte(DefaultHead)}
	switch {
	case p.EmbedOnly && !inFrame:
		// The app, told by the marker, says so in the reader's language.
		page.Refused, page.Head = true, refusedHead
	case r.Access == domain.PublicRead:
		if page.Head, page.Body, err = s.seoFor(ctx, p); err != nil {
			s.log.Warn("public page without its outline", "url", url, "err", err)
		}
	}
	return page, nil
}

// seoFor answers the head (title, description) and the outline of a
// publication's live version. Everything is the live version's: the
// working copy's name and description, and the publication's SEO texts,
// may have changed since; they show once published.
func (s *Service) seoFor(ctx context.Context, p domain.Publication) (head, body []byte, err error) {
	head = []byte(DefaultHead)
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
	// Shared links (Open Graph, Twitter cards) carry the social sharing
	// texts where the version has them, in its first language that does.
	share := struct{ Title, Description, ShareTitle, ShareDescription, Image string }{title, description, title, description, ""}
	if rv.social != nil {
		share.ShareTitle = firstText(rv.social.Title, rv.languages, title)
		share.ShareDescription = firstText(rv.social.Description, rv.languages, description)
		share.Image = rv.social.Image
	}
	var b bytes.Buffer
	if err := headTemplate.Execute(&b, share); err != nil {
		return head, nil, fmt.Errorf("page head: %w", err)
	}
	head = b.Bytes()
	outline, ok := s.outlines.get(p.Live.ID)
	if !ok {
		if outline, err = s.outline(ctx, p, rv); err != nil {
			return head, nil, err
		}
		s.outlines.put(p.Live.ID, outline, len(outline))
	}
	return head, outline, nil
}

// outline lists the nodes readers are shown of the live version (title
// and SEO description in the version's first language that has them), for
// readers without scripts.
func (s *Service) outline(ctx context.Context, p domain.Publication, rv readerVersion) ([]byte, error) {
	var nodes []outlineNode
	err := s.store.EachVersionContent(ctx, p.Live.ID, func(id int64, raw []byte) error {
		if len(nodes) >= maxOutlinedNodes || !rv.shown[id] {
			return nil
		}
		var byLang map[domain.Language]domain.NodeContent
		if err := json.Unmarshal(raw, &byLang); err != nil {
			return fmt.Errorf("stored content: %w", err)
		}
		for _, lang := range rv.languages {
			if c, ok := byLang[lang]; ok && c.Title != "" {
				nodes = append(nodes, outlineNode{lang, c.Title, c.SEODescription})
				break
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if err := outlineTemplate.Execute(&b, struct {
		Name  string
		Nodes []outlineNode
	}{rv.name, nodes}); err != nil {
		return nil, fmt.Errorf("outline: %w", err)
	}
	return b.Bytes(), nil
}

// firstText is t in the first of the languages that has it, else fallback.
func firstText(t domain.Text, languages []domain.Language, fallback string) string {
	for _, l := range languages {
		if t[l] != "" {
			return t[l]
		}
	}
	return fallback
}
