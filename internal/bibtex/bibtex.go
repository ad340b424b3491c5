// Package bibtex reads BibTeX files (.bib) into entries and their fields.
//
// It is written for input from anyone: every malformed file is an error
// naming the line, nothing in it panics or ends the process, and no file
// makes it use more than a bounded multiple of the file's size. It reads
// what BibTeX reads: entries delimited by braces or parentheses, fields
// whose values are braced, quoted, numbers or @string macros joined with
// #, @string, @preamble and @comment. As BibTeX tools do, text outside the
// entries is a comment and a macro that is not defined stands for its own
// name; the month macros jan to dec are predefined.
package bibtex

import (
	"fmt"
	"strings"
)

// MaxExpanded bounds the text that values and macros expand to in one
// file: macros that repeat each other would otherwise double it at each
// step.
const MaxExpanded = 4 << 20

// Entry is one entry: @type{key, name = value, …}.
type Entry struct {
	// Type is the entry's type, in lower case: "article", "book".
	Type string
	// Key is the citation key, as written.
	Key string
	// Fields maps each field's name, in lower case, to its value with the
	// macros replaced and the outer delimiters removed; inner braces stay.
	// A field given twice keeps its first value, as BibTeX does.
	Fields map[string]string
	// Line is the line on which the entry starts, from 1.
	Line int
}

// Error is why a file could not be read, and where.
type Error struct {
	Line int
	Msg  string
}

func (e *Error) Error() string { return fmt.Sprintf("line %d: %s", e.Line, e.Msg) }

// months are BibTeX's predefined macros.
var months = map[string]string{
	"jan": "January", "feb": "February", "mar": "March", "apr": "April", "may": "May", "jun": "June",
	"jul": "July", "aug": "August", "sep": "September", "oct": "October", "nov": "November", "dec": "December",
}

type parser struct {
	src      []byte
	pos      int
	line     int
	macros   map[string]string
	expanded int
}

// Parse reads a BibTeX file. It answers the entries in the order of the
// file, or an *Error.
func Parse(src []byte) ([]Entry, error) {
	p := &parser{src: src, line: 1, macros: map[string]string{}}
	var entries []Entry
	for {
		// Everything up to the next @ is a comment.
		if !p.skipTo('@') {
			return entries, nil
		}
		start := p.line
		p.pos++ // the @
		p.skipSpace()
		typ := strings.ToLower(p.ident())
		if typ == "" {
			return nil, p.errorf("an @ must be followed by an entry type such as article or book")
		}
		p.skipSpace()
		if typ == "comment" {
			// @comment{…} is skipped whole; a bare @comment is a comment itself.
			if close, ok := p.open(); ok {
				if err := p.skipGroup(close, start); err != nil {
					return nil, err
				}
			}
			continue
		}
		close, ok := p.open()
		if !ok {
			return nil, p.errorf("@%s must be followed by { or (", typ)
		}
		switch typ {
		case "string":
			if err := p.macro(close); err != nil {
				return nil, err
			}
		case "preamble":
			if _, err := p.value("the preamble"); err != nil {
				return nil, err
			}
			if err := p.closeWith(close, "@preamble", start); err != nil {
				return nil, err
			}
		default:
			e, err := p.entry(typ, close, start)
			if err != nil {
				return nil, err
			}
			entries = append(entries, e)
		}
	}
}

// entry reads an entry after its opening delimiter: key, then fields.
func (p *parser) entry(typ string, close byte, start int) (Entry, error) {
	p.skipSpace()
	keyStart := p.pos
	for p.pos < len(p.src) && !isSpace(p.src[p.pos]) && p.src[p.pos] != ',' && p.src[p.pos] != close {
		if c := p.src[p.pos]; c == '{' || c == '}' || c == '"' || c == '=' || c == '#' {
			return Entry{}, p.errorf("the key of the @%s entry cannot hold %q", typ, c)
		}
		p.pos++
	}
	e := Entry{Type: typ, Key: string(p.src[keyStart:p.pos]), Fields: map[string]string{}, Line: start}
	if e.Key == "" {
		return Entry{}, p.errorf("the @%s entry has no key: @%s{key, title = {…}}", typ, typ)
	}
	for {
		p.skipSpace()
		switch {
		case p.pos >= len(p.src):
			return Entry{}, p.unclosed("the entry "+e.Key, start)
		case p.src[p.pos] == close:
			p.pos++
			return e, nil
		case p.src[p.pos] != ',':
			return Entry{}, p.errorf("in the entry %s, a comma or the end of the entry was expected before %s", e.Key, p.near())
		}
		p.pos++ // the comma
		p.skipSpace()
		if p.pos < len(p.src) && p.src[p.pos] == close { // a comma after the last field
			p.pos++
			return e, nil
		}
		name := strings.ToLower(p.ident())
		if name == "" {
			if p.pos >= len(p.src) {
				return Entry{}, p.unclosed("the entry "+e.Key, start)
			}
			return Entry{}, p.errorf("in the entry %s, a field name was expected before %s", e.Key, p.near())
		}
		p.skipSpace()
		if p.pos >= len(p.src) || p.src[p.pos] != '=' {
			return Entry{}, p.errorf("in the entry %s, the field %s needs = and a value", e.Key, name)
		}
		p.pos++
		v, err := p.value("the field " + name + " of " + e.Key)
		if err != nil {
			return Entry{}, err
		}
		if _, dup := e.Fields[name]; !dup {
			e.Fields[name] = v
		}
	}
}

// macro reads @string{name = value} after its opening delimiter.
func (p *parser) macro(close byte) error {
	start := p.line
	p.skipSpace()
	name := strings.ToLower(p.ident())
	if name == "" {
		return p.errorf("@string must define a name: @string{name = {text}}")
	}
	p.skipSpace()
	if p.pos >= len(p.src) || p.src[p.pos] != '=' {
		return p.errorf("@string{%s …} needs = and a value", name)
	}
	p.pos++
	v, err := p.value("the macro " + name)
	if err != nil {
		return err
	}
	p.macros[name] = v
	return p.closeWith(close, "@string{"+name+" …}", start)
}

// value reads a value: terms joined with #.
func (p *parser) value(what string) (string, error) {
	var b strings.Builder
	for {
		p.skipSpace()
		if p.pos >= len(p.src) {
			return "", p.errorf("%s has no value", what)
		}
		var term string
		switch c := p.src[p.pos]; {
		case c == '{' || c == '"':
			t, err := p.delimited(what)
			if err != nil {
				return "", err
			}
			term = t
		case isDigit(c):
			s := p.pos
			for p.pos < len(p.src) && isDigit(p.src[p.pos]) {
				p.pos++
			}
			term = string(p.src[s:p.pos])
		default:
			name := p.ident()
			if name == "" {
				return "", p.errorf("%s: a value such as {text}, \"text\", a number or a macro was expected before %s", what, p.near())
			}
			if v, ok := p.macros[strings.ToLower(name)]; ok {
				term = v
			} else if v, ok := months[strings.ToLower(name)]; ok {
				term = v
			} else {
				term = name // undefined: its own name, as BibTeX tools keep it
			}
		}
		p.expanded += len(term)
		if p.expanded > MaxExpanded {
			return "", p.errorf("its values and @string macros expand to more than %d MB of text", MaxExpanded>>20)
		}
		b.WriteString(term)
		p.skipSpace()
		if p.pos >= len(p.src) || p.src[p.pos] != '#' {
			return b.String(), nil
		}
		p.pos++
	}
}

// delimited reads {…} or "…" with balanced braces inside, answering the
// text between the outer delimiters.
func (p *parser) delimited(what string) (string, error) {
	start, open := p.line, p.src[p.pos]
	p.pos++
	s, depth := p.pos, 0
	for ; p.pos < len(p.src); p.pos++ {
		switch c := p.src[p.pos]; c {
		case '\n':
			p.line++
		case '{':
			depth++
		case '}':
			if depth == 0 {
				if open == '{' {
					p.pos++
					return string(p.src[s : p.pos-1]), nil
				}
				return "", p.errorf("%s has a } that closes no {", what)
			}
			depth--
		case '"':
			if open == '"' && depth == 0 {
				p.pos++
				return string(p.src[s : p.pos-1]), nil
			}
		}
	}
	if open == '"' {
		return "", p.unclosed(what+", opened with \",", start)
	}
	return "", p.unclosed(what+", opened with {,", start)
}

// skipGroup skips a balanced group after its opening delimiter.
func (p *parser) skipGroup(close byte, start int) error {
	depth := 0
	for ; p.pos < len(p.src); p.pos++ {
		switch c := p.src[p.pos]; {
		case c == '\n':
			p.line++
		case c == close && depth == 0:
			p.pos++
			return nil
		case c == '{':
			depth++
		case c == '}':
			depth--
		}
	}
	return p.unclosed("@comment", start)
}

// open reads { or ( and answers the delimiter that closes it.
func (p *parser) open() (byte, bool) {
	if p.pos < len(p.src) {
		switch p.src[p.pos] {
		case '{':
			p.pos++
			return '}', true
		case '(':
			p.pos++
			return ')', true
		}
	}
	return 0, false
}

func (p *parser) closeWith(close byte, what string, start int) error {
	p.skipSpace()
	if p.pos >= len(p.src) {
		return p.unclosed(what, start)
	}
	if p.src[p.pos] != close {
		return p.errorf("%s: %c was expected before %s", what, close, p.near())
	}
	p.pos++
	return nil
}

// ident reads a name: a type, a field's or a macro's. BibTeX allows any
// printable character but these, and no digit first.
func (p *parser) ident() string {
	s := p.pos
	for p.pos < len(p.src) {
		c := p.src[p.pos]
		if c <= ' ' || c == 0x7f || strings.IndexByte("\"#%'(),={}", c) >= 0 || (p.pos == s && isDigit(c)) {
			break
		}
		p.pos++
	}
	return string(p.src[s:p.pos])
}

// skipSpace skips white space and, as biber does, % comments to the end
// of their line.
func (p *parser) skipSpace() {
	for p.pos < len(p.src) {
		switch c := p.src[p.pos]; {
		case c == '\n':
			p.line++
		case c == '%':
			for p.pos < len(p.src) && p.src[p.pos] != '\n' {
				p.pos++
			}
			continue
		case !isSpace(c):
			return
		}
		p.pos++
	}
}

// skipTo moves to the next c, counting lines; false when there is none.
func (p *parser) skipTo(c byte) bool {
	for ; p.pos < len(p.src); p.pos++ {
		switch p.src[p.pos] {
		case c:
			return true
		case '\n':
			p.line++
		}
	}
	return false
}

// near words what comes next, for an error.
func (p *parser) near() string {
	if p.pos >= len(p.src) {
		return "the end of the file"
	}
	end := p.pos
	for end < len(p.src) && end-p.pos < 20 && p.src[end] != '\n' {
		end++
	}
	if end == p.pos {
		return "the end of the line"
	}
	return fmt.Sprintf("%q", strings.ToValidUTF8(string(p.src[p.pos:end]), "\uFFFD"))
}

func (p *parser) errorf(format string, args ...any) error {
	return &Error{Line: p.line, Msg: fmt.Sprintf(format, args...)}
}

// unclosed is the error of something that the file ends inside.
func (p *parser) unclosed(what string, start int) error {
	return &Error{Line: start, Msg: what + " is never closed"}
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}
func isDigit(c byte) bool { return c >= '0' && c <= '9' }
