package domain_test

import (
	"testing"

	"github.com/strata-maps/strata/internal/domain"
)

func TestBidiControls(t *testing.T) {
	// Unicode's Bidi_Control property, and nothing else.
	controls := map[rune]bool{0x061C: true, 0x200E: true, 0x200F: true, 0x202A: true, 0x202B: true, 0x202C: true,
		0x202D: true, 0x202E: true, 0x2066: true, 0x2067: true, 0x2068: true, 0x2069: true}
	for r := rune(0); r <= 0x10FFFF; r++ {
		if domain.IsBidiControl(r) != controls[r] {
			t.Errorf("U+%04X: %v", r, !controls[r])
		}
	}
	if !domain.HasBidiControl("x\u202Egnp.exe") || domain.HasBidiControl("מפה Karte 2024") {
		t.Error("HasBidiControl")
	}
}

func TestTextReason(t *testing.T) {
	for s, want := range map[string]string{"ok é": "", "a\x00b": "must not contain NUL characters", "a\xffb": "is not valid UTF-8"} {
		if got := domain.TextReason(s); got != want {
			t.Errorf("%q: %q, want %q", s, got, want)
		}
	}
}
