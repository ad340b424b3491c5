package editing

import (
	"errors"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/strata-maps/strata/internal/domain"
)

// undefinedMacro is the 70-byte file that stopped the server: a journal
// named by an @string macro the file does not define.
const undefinedMacro = "@article{smith2020, title = {Rivers}, author = {Smith}, journal = jgr}"

func TestBibTeXSources(t *testing.T) {
	entries, err := parseBibTeX([]byte(`@inproceedings{k1, author = {Ada {L}ovelace and Charles Babbage}, title = {Notes},
		booktitle = {Proc. \& More}, year = {1843}, url = {javascript:alert(1)}, doi = {10.1/x}}
		@book{k2, editor = {Ed Itor}, title = {Collected}}
		@string{agu = "American Geophysical Union"}
		@article{k3, author = "Smith, A.", title = {Rivers}, journal = jgr, publisher = agu # { Books}, year = 2020}`))
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []struct{ source, link string }{
		{"Ada Lovelace and Charles Babbage (1843): Notes. Proc. & More", "https://doi.org/10.1/x"},
		{"Ed Itor: Collected", ""},
		{"Smith, A. (2020): Rivers. jgr", ""}, // an undefined macro is its own name
	} {
		source, link := bibtexSource(entries[i])
		if source != want.source || link != want.link {
			t.Errorf("entry %d: %q, %q; want %q, %q", i, source, link, want.source, want.link)
		}
	}
}

// The 70-byte file that ended the process is read; the journal is the
// macro's name.
func TestBibTeXUndefinedMacro(t *testing.T) {
	if len(undefinedMacro) != 70 {
		t.Fatalf("the file has %d bytes", len(undefinedMacro))
	}
	entries, err := readBibTeX([]byte(undefinedMacro))
	if err != nil {
		t.Fatal(err)
	}
	var out BibTeXImport
	refs := domain.References{}
	addBibTeX(&refs, []domain.Language{"en", "de"}, entries, &out)
	if len(out.Imported) != 1 || out.Imported[0].Source != "Smith: Rivers. jgr" ||
		refs.References[0].Source["de"] != "Smith: Rivers. jgr" {
		t.Fatalf("imported %+v, references %+v", out, refs)
	}
}

// Parses at once do not mix: the parser keeps no state between files
// (run with -race).
func TestBibTeXParsesAtOnce(t *testing.T) {
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			key := strings.Repeat("k", i+1)
			entries, err := parseBibTeX([]byte("@misc{" + key + ", title = {T}}"))
			if err != nil || len(entries) != 1 || entries[0].Key != key {
				t.Errorf("parse %d: %v, %+v", i, err, entries)
			}
		}()
	}
	wg.Wait()
}

// A file that stops inside a field does not change how the next is read.
func TestBibTeXAfterABrokenFile(t *testing.T) {
	if _, err := parseBibTeX([]byte("@article{broken, title = {no end")); err == nil {
		t.Fatal("a broken file was read")
	}
	entries, err := parseBibTeX([]byte("@article{k, year = 1984,\n doi = {10.1/x}\n}"))
	if err != nil || len(entries) != 1 {
		t.Fatalf("the next file: %v", err)
	}
}

// FuzzImportBibTeX: whatever the file, the import reads it or refuses it
// with a clear error, and what it would add passes the references' rules.
// A parser that ends the process (as github.com/nickng/bibtex did on
// undefinedMacro, with log.Fatalf) ends this run too, which then fails.
func FuzzImportBibTeX(f *testing.F) {
	for _, s := range []string{
		undefinedMacro,
		"@article{a, title = {x}}",
		"@string{foo = \"bar\"} @misc{b, title = foo # {x}}",
		"@string{a = {xxxxxxxxxxxxxxxx}} @string{b = a # a} @string{c = b # b} @misc{k, title = c # c}",
		"@{",
		"@misc(k, author = {A}, month = jan # { 1}, note = \"a {\"} b\",)",
		"@comment{ @misc{x, title = {not read}} } @preamble{\"\\x\"} % note\n@misc{y, title = {T}, title = {U}}",
		"@article{broken, title = {no end}",
		"@misc{k, title = \"x}\"}",
	} {
		f.Add([]byte(s))
	}
	rules := domain.SectionRules{Languages: []domain.Language{"en", "fr"}}
	f.Fuzz(func(t *testing.T, data []byte) {
		entries, err := readBibTeX(data)
		if err != nil {
			var de *domain.Error
			if !errors.As(err, &de) || de.Code != domain.CodeInvalid && de.Code != domain.CodeTooLarge || de.Problems["file"].Code == "" {
				t.Fatalf("refused without a clear error: %v", err)
			}
			return
		}
		if !utf8.Valid(data) || strings.IndexByte(string(data), 0) >= 0 {
			return // the API refuses such a file before it is read
		}
		refs := domain.References{}
		out := BibTeXImport{}
		addBibTeX(&refs, rules.Languages, entries, &out)
		if len(out.Imported)+len(out.Skipped) != len(entries) {
			t.Fatalf("%d entries, %d imported and %d skipped", len(entries), len(out.Imported), len(out.Skipped))
		}
		var val domain.Validation
		rules.CheckReferences(&refs, &val)
		if err := val.Err(); err != nil {
			t.Fatalf("what the import adds breaks the rules: %v\n%+v", err, refs)
		}
	})
}
