package domain

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// The rules of text itself, whatever field holds it.

// TextReason says what is wrong with s as stored text, or "" when nothing
// is: PostgreSQL refuses NUL and invalid UTF-8 in text (SQLite would store
// them), so they are refused wherever text comes in, cursors included.
func TextReason(s string) string {
	switch {
	case !utf8.ValidString(s):
		return "is not valid UTF-8"
	case strings.IndexByte(s, 0) >= 0:
		return "must not contain NUL characters"
	}
	return ""
}

// IsBidiControl reports whether r is one of Unicode's explicit direction
// controls (the property Bidi_Control): the embeddings and overrides
// (U+202A–U+202E), the isolates (U+2066–U+2069) and the marks (U+200E,
// U+200F, U+061C). Shown, they reorder the characters around them unseen:
// "x\u202Egnp.exe" reads "xexe.png".
func IsBidiControl(r rune) bool { return unicode.Is(unicode.Bidi_Control, r) }

// HasBidiControl reports whether s holds a direction control. Names that
// say what a thing is (a file's, an API key's, a person's) refuse them:
// there a reordered name is a disguise (a program named as a picture, a
// key or a user passing for another), and a name in one script needs none,
// since the bidirectional algorithm orders it. Rich text and a map's
// content keep them: mixed Arabic or Hebrew and Latin text may need them.
func HasBidiControl(s string) bool { return strings.ContainsFunc(s, IsBidiControl) }
