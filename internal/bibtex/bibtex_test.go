package bibtex

import (
	"errors"
	"maps"
	"strconv"
	"strings"
	"testing"
)

// A file as reference managers write them: JabRef's comments, macros,
// months, concatenation, parentheses, quotes with braces, upper case.
const realFile = `% Encoding: UTF-8
This text is a comment, as is everything outside the entries.

@preamble{"\newcommand{\noopsort}[1]{}"}
@String{jgr = "Journal of Geophysical Research"}
@STRING(agu = {American Geophysical Union})

@Article{Smith2020,
  Author    = {Smith, Anna and M{\"u}ller, J{\"o}rg},
  Title     = {{Rivers} of the "North"},
  Journal   = jgr # { (Solid Earth)},
  Year      = 2020,
  Month     = mar,
  Publisher = agu,
  Note      = "see {"}quoted{"} text",
  Keywords  = {a, b},
}

@misc(web:1, title = {A page}, howpublished = {\url{https://example.org/a_(b)}}, journal = grl)
@book{dup, title = {First}, title = {Second}, year = 1999}
@Comment{jabref-meta: databaseType:bibtex;}
`

func TestParseARealFile(t *testing.T) {
	entries, err := Parse([]byte(realFile))
	if err != nil {
		t.Fatal(err)
	}
	want := []Entry{
		{Type: "article", Key: "Smith2020", Line: 8, Fields: map[string]string{
			"author": `Smith, Anna and M{\"u}ller, J{\"o}rg`, "title": `{Rivers} of the "North"`,
			"journal": "Journal of Geophysical Research (Solid Earth)", "year": "2020", "month": "March",
			"publisher": "American Geophysical Union", "note": `see {"}quoted{"} text`, "keywords": "a, b"}},
		{Type: "misc", Key: "web:1", Line: 19, Fields: map[string]string{
			"title": "A page", "howpublished": `\url{https://example.org/a_(b)}`, "journal": "grl"}},
		{Type: "book", Key: "dup", Line: 20, Fields: map[string]string{"title": "First", "year": "1999"}},
	}
	if len(entries) != len(want) {
		t.Fatalf("%d entries: %+v", len(entries), entries)
	}
	for i := range want {
		g, w := entries[i], want[i]
		if g.Type != w.Type || g.Key != w.Key || g.Line != w.Line || !maps.Equal(g.Fields, w.Fields) {
			t.Errorf("entry %d:\n got %+v\nwant %+v", i, g, w)
		}
	}
}

func TestParseRefusesMalformedFiles(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"@article{broken, title = {no end}", "line 1: the entry broken is never closed"},
		{"@article{k, title = {no end", "line 1: the field title of k, opened with {, is never closed"},
		{"@article{k,\n title = \"no end}", "line 2: the field title of k has a } that closes no {"},
		{"@article{k,\n\n title = \"no end", "line 3: the field title of k, opened with \", is never closed"},
		{"@{x}", "line 1: an @ must be followed by an entry type"},
		{"write to me@example.org", "line 1: @example.org must be followed by { or ("},
		{"@misc{, title = {x}}", "line 1: the @misc entry has no key"},
		{"@misc{a{b}, title = {x}}", "cannot hold '{'"},
		{"@misc{k title = {x}}", "a comma or the end of the entry was expected before \"title = {x}}\""},
		{"@misc{k, = {x}}", "a field name was expected before \"= {x}}\""},
		{"@misc{k, title {x}}", "the field title needs = and a value"},
		{"@misc{k, title = }", "the field title of k: a value such as {text}"},
		{"@misc{k, title = {a} # }", "a value such as {text}"},
		{"@misc{k, title = {a}", "the entry k is never closed"},
		{"@misc{k, year = 1984a}", "a comma or the end of the entry was expected before \"a}\""},
		{"@misc(k, title = {a}}", "a comma or the end of the entry was expected before \"}\""},
		{"@string{= {x}}", "@string must define a name"},
		{"@string{a {x}}", "@string{a …} needs = and a value"},
		{"@string{a = {x} b}", "@string{a …}: } was expected before \"b}\""},
		{"@string{a = {x}", "line 1: @string{a …} is never closed"},
		{"@preamble{", "the preamble has no value"},
		{"@comment{ never closed", "line 1: @comment is never closed"},
		{"@misc{k, title = {\xff}} @\xff", "must be followed by { or ("},
	} {
		entries, err := Parse([]byte(tc.in))
		var e *Error
		if !errors.As(err, &e) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v, %+v; want an error saying %q", tc.in, err, entries, tc.want)
		}
	}
}

// Macros that repeat each other would double at each step: the text they
// expand to is bounded.
func TestParseBoundsExpansion(t *testing.T) {
	var b strings.Builder
	b.WriteString("@string{m0 = {" + strings.Repeat("x", 1000) + "}}\n")
	for i := 1; i < 40; i++ {
		b.WriteString("@string{m" + itoa(i) + " = m" + itoa(i-1) + " # m" + itoa(i-1) + "}\n")
	}
	b.WriteString("@misc{k, title = m39}")
	_, err := Parse([]byte(b.String()))
	if err == nil || !strings.Contains(err.Error(), "expand to more than 4 MB") {
		t.Fatalf("%v", err)
	}
}

func itoa(i int) string { return strconv.Itoa(i) }

// What is not an error: an empty file, text without entries, @comment
// without braces, a key with a closing parenthesis in a braced entry.
func TestParseAccepts(t *testing.T) {
	for in, keys := range map[string]string{
		"":           "",
		"only words": "",
		"@comment about this file\n@misc{a, title = {T}}": "a",
		"@misc{a)b, title = {T}}":                         "a)b",
		"@misc{k}":                                        "k",
		"@misc{k,}":                                       "k",
		"@misc{k, % a note\n title = {T}}":                "k",
		"@misc{k, title = {T}} @MISC{l, TITLE = 2 # jan}": "k l",
	} {
		entries, err := Parse([]byte(in))
		var got []string
		for _, e := range entries {
			got = append(got, e.Key)
		}
		if err != nil || strings.Join(got, " ") != keys {
			t.Errorf("%q: %v, %v; want %q", in, err, got, keys)
		}
	}
}

// FuzzParse: any bytes are entries or an *Error on a line of the file;
// never a panic, never an end of the process.
func FuzzParse(f *testing.F) {
	f.Add([]byte(realFile))
	f.Add([]byte("@article{smith2020, title = {Rivers}, author = {Smith}, journal = jgr}"))
	f.Add([]byte("@string{a = {xx}} @string{b = a # a} @misc{k, title = b # b # \"{\"}\"}"))
	f.Add([]byte("@misc(k, title = {(}, note = \")\")"))
	f.Fuzz(func(t *testing.T, data []byte) {
		entries, err := Parse(data)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.Line < 1 || e.Line > strings.Count(string(data), "\n")+1 || entries != nil {
				t.Fatalf("%v (%T), %d entries", err, err, len(entries))
			}
			return
		}
		total := 0
		for _, e := range entries {
			if e.Key == "" || e.Type == "" || e.Type != strings.ToLower(e.Type) || e.Fields == nil {
				t.Fatalf("entry %+v", e)
			}
			for _, v := range e.Fields {
				total += len(v)
			}
		}
		if total > MaxExpanded {
			t.Fatalf("%d bytes of values", total)
		}
	})
}
