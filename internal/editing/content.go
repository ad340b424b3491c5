package editing

import (
	"regexp"
	"sort"
	"strings"

	"github.com/microcosm-cc/bluemonday"

	"github.com/strata-maps/strata/internal/domain"
)

// linkTarget is where a link in rich text may open.
var linkTarget = regexp.MustCompile(`^_(blank|self|top|parent)$`)

// richTextPolicy is the allow-list for node content: the formatting a rich
// text editor produces, links and images, nothing that runs.
func richTextPolicy() *bluemonday.Policy {
	p := bluemonday.UGCPolicy()
	p.AllowAttrs("class").Matching(bluemonday.SpaceSeparatedTokens).Globally()
	// A link opens where its author chose (the editor's link tool sets one of
	// these; a new window is its default). Forcing _blank on outside links
	// would undo that choice; no-referrer keeps the opened page from the map.
	p.AllowAttrs("target").Matching(linkTarget).OnElements("a")
	p.RequireNoReferrerOnLinks(true)
	return p
}

// NodeContentPatch is a partial node content in one language.
type NodeContentPatch struct {
	Title            *string `json:"title"`
	Abstract         *string `json:"abstract"`
	Content          *string `json:"content"`
	ShortContent     *string `json:"short_content"`
	MarginalContent1 *string `json:"marginal_content_1"`
	MarginalContent2 *string `json:"marginal_content_2"`
	NodeLinkTo       *string `json:"node_link_to"`
	NodeSearchTerms  *string `json:"node_search_terms"`
	SEODescription   *string `json:"seo_description"`
}

type textField struct {
	name string
	src  *string
	dst  *string
	max  int
	html bool
}

// applyNodeContent validates and applies a content patch per language.
func (s *Service) applyNodeContent(n *domain.Node, patch map[string]NodeContentPatch, prefix string, v *domain.Validation) {
	if n.Content == nil {
		n.Content = map[domain.Language]domain.NodeContent{}
	}
	langs := make([]string, 0, len(patch))
	for l := range patch {
		langs = append(langs, l)
	}
	sort.Strings(langs)
	for _, l := range langs {
		lang := domain.Language(l)
		if !lang.Valid() {
			v.Add(prefix+l, domain.NotAllowed(domain.LangEN, domain.LangDE, domain.LangFR))
			continue
		}
		p, c := patch[l], n.Content[lang]
		for _, f := range []textField{
			{"title", p.Title, &c.Title, 500, false},
			{"abstract", p.Abstract, &c.Abstract, 5000, false},
			{"content", p.Content, &c.Content, 200000, true},
			{"short_content", p.ShortContent, &c.ShortContent, 5000, true},
			{"marginal_content_1", p.MarginalContent1, &c.MarginalContent1, 50000, true},
			{"marginal_content_2", p.MarginalContent2, &c.MarginalContent2, 50000, true},
			{"node_link_to", p.NodeLinkTo, &c.NodeLinkTo, 2048, false},
			{"node_search_terms", p.NodeSearchTerms, &c.NodeSearchTerms, 2000, false},
			{"seo_description", p.SEODescription, &c.SEODescription, 250, false},
		} {
			if f.src == nil {
				continue
			}
			val := *f.src
			if len([]rune(val)) > f.max {
				v.Add(prefix+l+"."+f.name, domain.TooLong(f.max))
				continue
			}
			if f.html {
				val = strings.TrimSpace(s.html.Sanitize(val))
			}
			*f.dst = val
		}
		if c.NodeLinkTo != "" && !domain.ValidURL(c.NodeLinkTo) {
			v.Add(prefix+l+".node_link_to", domain.Invalid("url_or_path"))
		}
		n.Content[lang] = c
	}
	domain.CheckNodeContent(n.Content, strings.TrimSuffix(prefix, "content."), v)
}

// EdgeContentPatch is a partial edge content in one language.
type EdgeContentPatch struct {
	Start      *string `json:"start"`
	Middle     *string `json:"middle"`
	End        *string `json:"end"`
	Translated *bool   `json:"translated"`
}

func applyEdgeContent(e *domain.Edge, patch map[string]EdgeContentPatch, prefix string, v *domain.Validation) {
	if e.Content == nil {
		e.Content = map[domain.Language]domain.EdgeContent{}
	}
	for l, p := range patch {
		lang := domain.Language(l)
		if !lang.Valid() {
			v.Add(prefix+l, domain.NotAllowed(domain.LangEN, domain.LangDE, domain.LangFR))
			continue
		}
		c := e.Content[lang]
		for _, f := range []struct {
			name     string
			src, dst *string
		}{{"start", p.Start, &c.Start}, {"middle", p.Middle, &c.Middle}, {"end", p.End, &c.End}} {
			if f.src == nil {
				continue
			}
			if len([]rune(*f.src)) > 500 {
				v.Add(prefix+l+"."+f.name, domain.TooLong(500))
				continue
			}
			*f.dst = *f.src
		}
		if p.Translated != nil {
			c.Translated = *p.Translated
		}
		e.Content[lang] = c
	}
}
