package editing

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/nickng/bibtex"

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

// The parser keeps its state in package variables: one parse at a time.
// One of them (whether a field's value is being read) outlives a parse
// that stops inside a field and would change how the next file is read;
// a lone comma resets it.
var bibtexParsing sync.Mutex

// parseBibTeX parses a file, answering what is wrong with it in words for
// its author.
func parseBibTeX(data []byte) (bib *bibtex.BibTex, err error) {
	bibtexParsing.Lock()
	defer bibtexParsing.Unlock()
	defer func() {
		if r := recover(); r != nil { // a parser's bug is the file's refusal, not the server's fall
			bib, err = nil, fmt.Errorf("the parser could not read it")
		}
	}()
	_, _ = bibtex.Parse(strings.NewReader(",")) // refused, and the state is reset
	return bibtex.Parse(bytes.NewReader(data))
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
	if len(data) > MaxBibTeXBytes {
		return BibTeXImport{}, Result{}, &domain.Error{Code: domain.CodeTooLarge, Message: "a BibTeX file may have at most 1 MB",
			Problems: domain.Problems{"file": domain.TooLarge(MaxBibTeXBytes)}}
	}
	// Text before the first entry is a comment in BibTeX, which the parser
	// does not take.
	if i := bytes.IndexByte(data, '@'); i >= 0 {
		data = data[i:]
	} else {
		data = nil
	}
	bib, err := parseBibTeX(data)
	if err != nil {
		return BibTeXImport{}, Result{}, bibtexRefused(err.Error())
	}
	if len(bib.Entries) == 0 {
		return BibTeXImport{}, Result{}, bibtexRefused("it holds no entries such as @article{key, title = {…}}")
	}
	out := BibTeXImport{Imported: []ImportedEntry{}, Skipped: []SkippedEntry{}}
	res, err := s.run(ctx, mapID, userID, func(e *edit) error {
		if err := e.full(); err != nil {
			return err
		}
		refs, err := readSection(e.ctx, e.tx, mapID, domain.SectionReferences, empty(domain.SectionRules.CheckReferences))
		if err != nil {
			return err
		}
		for _, en := range bib.Entries {
			skip := func(reason string) {
				out.Skipped = append(out.Skipped, SkippedEntry{Key: en.CiteName, Type: en.Type, Reason: reason})
			}
			source, link := bibtexSource(en)
			switch {
			case !domain.ValidReferenceKey(en.CiteName):
				skip("its key must be letters, digits and _ : . - /, at most 100")
			case slices.ContainsFunc(refs.References, func(r domain.Reference) bool { return r.Key == en.CiteName }):
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
				for _, l := range e.m.Languages {
					text[l] = source
				}
				refs.References = append(refs.References, domain.Reference{Key: en.CiteName, Source: text, Link: link})
				out.Imported = append(out.Imported, ImportedEntry{Key: en.CiteName, Source: source})
			}
		}
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

// bibtexSource words an entry as a source: "Author (Year): Title. Where."
// and its link (url, else the DOI's).
func bibtexSource(en *bibtex.BibEntry) (source, link string) {
	field := func(name string) string {
		v, ok := en.Fields[name]
		if !ok || v == nil {
			return ""
		}
		return cleanBibTeX(v.String())
	}
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
