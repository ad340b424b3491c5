package editing

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/strata-maps/strata/internal/bibtex"
	"github.com/strata-maps/strata/internal/domain"
)

// MaxBibTeXBytes bounds an imported BibTeX file.
const MaxBibTeXBytes = 1 << 20

// BibTeXImport is what importing a BibTeX file did: the references after
// it, the entries read (added) and those skipped, with why.
type BibTeXImport struct {
	References domain.References `json:"references"`
	Imported   []ImportedEntry   `json:"imported" nullable:"false"`
	Skipped    []SkippedEntry    `json:"skipped" nullable:"false"`
}

// ImportedEntry is an entry added as a reference.
type ImportedEntry struct {
	Key    string `json:"key"`
	Source string `json:"source"`
}

// SkippedEntry is an entry not added, and why.
type SkippedEntry struct {
	Key    string `json:"key"`
	Type   string `json:"type"`
	Reason string `json:"reason"`
}

// readBibTeX reads a file's entries, refusing what is not BibTeX with a
// reason in words for its author.
func readBibTeX(data []byte) ([]bibtex.Entry, error) {
	if len(data) > MaxBibTeXBytes {
		return nil, &domain.Error{Code: domain.CodeTooLarge, Message: "a BibTeX file may have at most 1 MB",
			Problems: domain.Problems{"file": domain.TooLarge(MaxBibTeXBytes)}}
	}
	entries, err := parseBibTeX(data)
	if err != nil {
		return nil, bibtexRefused("cannot parse " + err.Error())
	}
	if len(entries) == 0 {
		return nil, bibtexRefused("it holds no entries such as @article{key, title = {…}}")
	}
	return entries, nil
}

// parseBibTeX runs the parser behind a boundary: should it ever panic, the
// file is refused and the server goes on. (It is ours and written not to;
// the boundary is the rule for every parser of what clients send.)
func parseBibTeX(data []byte) (entries []bibtex.Entry, err error) {
	defer func() {
		if r := recover(); r != nil {
			entries, err = nil, fmt.Errorf("it: the parser failed (%v)", r)
		}
	}()
	return bibtex.Parse(data)
}

func bibtexRefused(reason string) error {
	return &domain.Error{Code: domain.CodeInvalid, Message: "the file is not BibTeX: " + reason,
		Problems: domain.Problems{"file": domain.Invalid("bibtex").Saying(reason)}}
}

// ImportBibTeX adds the entries of a BibTeX file to the references. An
// entry is skipped when its key is already a reference's (or not one a
// reference may have), when it has neither title nor author, or when the
// references are full.
func (s *Service) ImportBibTeX(ctx context.Context, mapID, userID int64, data []byte) (BibTeXImport, Result, error) {
	entries, err := readBibTeX(data)
	if err != nil {
		return BibTeXImport{}, Result{}, err
	}
	var out BibTeXImport
	res, err := s.run(ctx, mapID, userID, func(e *edit) error {
		out = BibTeXImport{Imported: []ImportedEntry{}, Skipped: []SkippedEntry{}} // afresh should the edit run again
		if err := e.full(); err != nil {
			return err
		}
		refs, err := readSection(e.ctx, e.tx, mapID, domain.SectionReferences, empty(domain.SectionRules.CheckReferences))
		if err != nil {
			return err
		}
		addBibTeX(&refs, e.m.Languages, entries, &out)
		var val domain.Validation
		s.rules(e.m).CheckReferences(&refs, &val)
		if err := val.Err(); err != nil {
			return err
		}
		out.References = refs
		if len(out.Imported) == 0 {
			return nil // nothing changed: no change written
		}
		if err := e.storeSection(domain.SectionReferences, refs); err != nil {
			return err
		}
		return e.record(TypeReferences, Delta{References: &refs})
	})
	return out, res, err
}

// addBibTeX adds the entries to the references, noting in out what was
// imported and what skipped, and why.
func addBibTeX(refs *domain.References, languages []domain.Language, entries []bibtex.Entry, out *BibTeXImport) {
	for _, en := range entries {
		skip := func(reason string) {
			out.Skipped = append(out.Skipped, SkippedEntry{Key: en.Key, Type: en.Type, Reason: reason})
		}
		source, link := bibtexSource(en)
		switch {
		case !domain.ValidReferenceKey(en.Key):
			skip("its key must be letters, digits and _ : . - /, at most 100")
		case slices.ContainsFunc(refs.References, func(r domain.Reference) bool { return r.Key == en.Key }):
			skip("a reference with this key exists already")
		case source == "":
			skip("it has neither title nor author")
		case len([]rune(source)) > domain.MaxShortTextLen:
			skip(fmt.Sprintf("its text is longer than %d characters", domain.MaxShortTextLen))
		case len(refs.References) >= domain.MaxReferences:
			skip(fmt.Sprintf("the references are full (%d)", domain.MaxReferences))
		default:
			// A source names a work in its own language: the same in every language of the map.
			text := domain.Text{}
			for _, l := range languages {
				text[l] = source
			}
			refs.References = append(refs.References, domain.Reference{Key: en.Key, Source: text, Link: link})
			out.Imported = append(out.Imported, ImportedEntry{Key: en.Key, Source: source})
		}
	}
}

// bibtexSource words an entry as a source: "Author (Year): Title. Where."
// and its link (url, else the DOI's).
func bibtexSource(en bibtex.Entry) (source, link string) {
	field := func(name string) string { return cleanBibTeX(en.Fields[name]) }
	var b strings.Builder
	author, title := field("author"), field("title")
	if author == "" && title == "" {
		return "", ""
	}
	if author == "" {
		author = field("editor")
	}
	b.WriteString(author)
	if year := field("year"); year != "" {
		fmt.Fprintf(&b, " (%s)", year)
	}
	if title != "" {
		if b.Len() > 0 {
			b.WriteString(": ")
		}
		b.WriteString(title)
	}
	for _, where := range []string{"journal", "booktitle", "publisher", "school", "institution", "howpublished"} {
		if w := field(where); w != "" {
			b.WriteString(". " + w)
			break
		}
	}
	source = strings.TrimSpace(b.String())
	if u := field("url"); domain.ValidHTTPURL(u) {
		link = u
	} else if doi := field("doi"); doi != "" && domain.ValidHTTPURL("https://doi.org/"+doi) {
		link = "https://doi.org/" + doi
	}
	return source, link
}

// cleanBibTeX drops the braces that protect case and folds white space.
func cleanBibTeX(s string) string {
	s = strings.NewReplacer("{", "", "}", "", "\\&", "&", "~", " ").Replace(s)
	return strings.Join(strings.Fields(s), " ")
}
