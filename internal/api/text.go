package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/strata-maps/strata/internal/domain"
)

// Every string a client sends must be valid UTF-8 without NUL. encoding/json
// accepts "\u0000" and silently turns invalid UTF-8 and lone surrogates into
// U+FFFD; PostgreSQL refuses NUL in text (a 500 there, stored on SQLite) and
// a replaced character is data the client never sent. So they are refused
// where bodies, paths and queries come in, naming the field.

// textReason says what is wrong with s as text, or "" when nothing is: the
// domain's rule, which cursors follow too.
func textReason(s string) string { return domain.TextReason(s) }

// checkJSONText walks a JSON document and refuses the first string (key or
// value) that is not clean text, naming its path: nodes[0].content.de.title.
// Syntax errors are left to the decoder, which reports them better.
func checkJSONText(raw []byte) error {
	if utf8.Valid(raw) && !bytes.Contains(raw, []byte(`\u`)) && !bytes.Contains(raw, []byte(`\U`)) && !bigNumbers(raw) {
		return nil // the common case: nothing an escape, a byte or a long number could hide
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var stack []jsonLevel
	path := func() string {
		var b strings.Builder
		for i, l := range stack {
			switch {
			case l.array:
				fmt.Fprintf(&b, "[%d]", l.index)
			default:
				if i > 0 {
					b.WriteByte('.')
				}
				b.WriteString(l.key)
			}
		}
		if b.Len() == 0 {
			return "body"
		}
		return b.String()
	}
	for {
		start := dec.InputOffset()
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return nil // the decoder will name the syntax error
		}
		top := len(stack) - 1
		switch t := tok.(type) {
		case json.Delim:
			switch t {
			case '{':
				stack = append(stack, jsonLevel{isKey: true})
			case '[':
				stack = append(stack, jsonLevel{array: true})
			case '}', ']':
				stack = stack[:top]
				afterValue(stack)
			}
			continue
		case json.Number:
			if !safeNumber(t) {
				return &domain.Error{Code: domain.CodeInvalid, Message: path() + " is out of range",
					Problems: domain.Problems{path(): domain.OutOfRange(-maxSafeInteger, maxSafeInteger)}}
			}
		case string:
			if top >= 0 && !stack[top].array && stack[top].isKey {
				stack[top].key, stack[top].isKey = t, false
				if reason := rawStringReason(raw[start:dec.InputOffset()], t); reason != "" {
					return textError(path()+" (a key)", reason)
				}
				continue
			}
			if reason := rawStringReason(raw[start:dec.InputOffset()], t); reason != "" {
				return textError(path(), reason)
			}
		}
		afterValue(stack)
	}
}

// maxSafeInteger bounds every number a client sends, whatever the field:
// beyond it a JavaScript client cannot hold the value exactly, and sums of
// such values overflow. Each field's own rule is narrower; this is the
// backstop that keeps absurd magnitudes (1e308) out of every computation.
const maxSafeInteger = 1<<53 - 1

func safeNumber(n json.Number) bool {
	f, err := strconv.ParseFloat(string(n), 64)
	return err == nil && f >= -maxSafeInteger && f <= maxSafeInteger
}

// bigNumbers reports whether raw may hold a number beyond maxSafeInteger:
// a run of 16 digits or an exponent (strings may match too: then the walk
// looks closer).
func bigNumbers(raw []byte) bool {
	run := 0
	for i, c := range raw {
		switch {
		case c >= '0' && c <= '9':
			if run++; run > 15 {
				return true
			}
		case (c == 'e' || c == 'E') && i > 0 && (raw[i-1] >= '0' && raw[i-1] <= '9' || raw[i-1] == '.'):
			return true
		default:
			if c != '.' {
				run = 0
			}
		}
	}
	return false
}

// jsonLevel is one open container while walking a document.
type jsonLevel struct {
	array bool
	index int
	key   string
	isKey bool // in an object, the next string is a key
}

// afterValue moves the innermost container past a value.
func afterValue(stack []jsonLevel) {
	if len(stack) == 0 {
		return
	}
	l := &stack[len(stack)-1]
	if l.array {
		l.index++
	} else {
		l.isKey = true
	}
}

// rawStringReason checks a decoded string token against its source: NUL,
// invalid bytes, and replacement characters the source did not contain
// (lone surrogate escapes, invalid bytes) are refused.
func rawStringReason(src []byte, decoded string) string {
	if !utf8.Valid(src) {
		return "is not valid UTF-8"
	}
	if strings.IndexByte(decoded, 0) >= 0 {
		return "must not contain NUL characters"
	}
	if n := strings.Count(decoded, "\uFFFD"); n > 0 {
		lower := bytes.ToLower(src)
		if n > bytes.Count(src, []byte("\uFFFD"))+bytes.Count(lower, []byte(`\ufffd`)) {
			return "is not valid UTF-8 (an unpaired surrogate)"
		}
	}
	return ""
}

func textError(field, reason string) error {
	return &domain.Error{Code: domain.CodeInvalid, Message: field + " " + reason,
		Problems: domain.Problems{field: domain.Invalid("text").Saying(reason)}}
}

// checkRequestText refuses a path or query value that is not clean text.
func checkRequestText(r *http.Request) error {
	if reason := textReason(r.URL.Path); reason != "" {
		return textError("path", reason)
	}
	if r.URL.RawQuery == "" {
		return nil
	}
	q, err := url.ParseQuery(r.URL.RawQuery)
	if err != nil {
		return &domain.Error{Code: domain.CodeInvalid, Message: "the query string is malformed",
			Problems: domain.Problems{"query": domain.Invalid("query").Saying("is malformed")}}
	}
	for name, vs := range q {
		if reason := textReason(name); reason != "" {
			return textError("query", reason)
		}
		for _, v := range vs {
			if reason := textReason(v); reason != "" {
				return textError("query."+name, reason)
			}
		}
	}
	return nil
}
