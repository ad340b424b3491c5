package editing

import (
	"strings"
	"sync"
	"testing"
)

func TestBibTeXSources(t *testing.T) {
	bib, err := parseBibTeX([]byte(`@inproceedings{k1, author = {Ada {L}ovelace and Charles Babbage}, title = {Notes},
		booktitle = {Proc. \& More}, year = {1843}, url = {javascript:alert(1)}, doi = {10.1/x}}
		@book{k2, editor = {Ed Itor}, title = {Collected}}`))
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []struct{ source, link string }{
		{"Ada Lovelace and Charles Babbage (1843): Notes. Proc. & More", "https://doi.org/10.1/x"},
		{"Ed Itor: Collected", ""},
	} {
		source, link := bibtexSource(bib.Entries[i])
		if source != want.source || link != want.link {
			t.Errorf("entry %d: %q, %q; want %q, %q", i, source, link, want.source, want.link)
		}
	}
}

// The parser keeps its state in a package variable: parses at once must
// not mix (run with -race).
func TestBibTeXParsesAtOnce(t *testing.T) {
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			key := strings.Repeat("k", i+1)
			bib, err := parseBibTeX([]byte("@misc{" + key + ", title = {T}}"))
			if err != nil || len(bib.Entries) != 1 || bib.Entries[0].CiteName != key {
				t.Errorf("parse %d: %v, %+v", i, err, bib)
			}
		}()
	}
	wg.Wait()
}

func FuzzBibTeXNeverPanics(f *testing.F) {
	f.Add([]byte("@article{a, title = {x}}"))
	f.Add([]byte("@string{foo = \"bar\"} @misc{b, title = foo # {x}}"))
	f.Add([]byte("@{"))
	f.Fuzz(func(t *testing.T, data []byte) {
		_, _ = parseBibTeX(data) // an error is fine; a panic is not
	})
}

// A file that stops inside a field must not change how the next is read.
func TestBibTeXAfterABrokenFile(t *testing.T) {
	if _, err := parseBibTeX([]byte("@article{broken, title = {no end")); err == nil {
		t.Fatal("a broken file was read")
	}
	bib, err := parseBibTeX([]byte("@article{k, year = 1984,\n doi = {10.1/x}\n}"))
	if err != nil || len(bib.Entries) != 1 {
		t.Fatalf("the next file: %v", err)
	}
}
