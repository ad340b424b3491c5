package auth

import (
	"strings"
	"testing"

	"github.com/strata-maps/strata/internal/domain"
)

func TestPasswordHashRoundTrip(t *testing.T) {
	h, err := HashPassword("correct horse")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(h, "$argon2id$") {
		t.Fatalf("hash %q is not argon2id", h)
	}
	if ok, err := CheckPassword("correct horse", h); !ok || err != nil {
		t.Fatalf("right password refused: %v %v", ok, err)
	}
	if ok, err := CheckPassword("wrong horse", h); ok || err != nil {
		t.Fatalf("wrong password accepted: %v %v", ok, err)
	}
}

func TestValidatePasswordNamesTheField(t *testing.T) {
	tests := []struct {
		pw, conf, field string
	}{
		{"short", "short", "password"},
		{"long enough", "different", "password_confirmation"},
		{strings.Repeat("x", 300), strings.Repeat("x", 300), "password"},
	}
	for _, tt := range tests {
		err := ValidatePassword(tt.pw, tt.conf)
		var de *domain.Error
		if de, _ = err.(*domain.Error); de == nil || de.Code != domain.CodeInvalid || de.Details()[tt.field] == "" {
			t.Errorf("ValidatePassword(%q, %q) = %v; want %s named", tt.pw, tt.conf, err, tt.field)
		}
	}
	if err := ValidatePassword("long enough", "long enough"); err != nil {
		t.Errorf("valid password refused: %v", err)
	}
}

func TestPasswordPolicyRefusesShortAndCommon(t *testing.T) {
	refused := []string{"short", "nine-char", "1234567890", "qwertyuiop", "basketball", "Password2024!", "password123", "iloveyou12", "aaaaaaaaaa", "  QWERTYUIOP  "}
	for _, pw := range refused {
		err := ValidatePassword(pw, pw)
		var de *domain.Error
		if de, _ = err.(*domain.Error); de == nil || de.Details()["password"] == "" {
			t.Errorf("ValidatePassword(%q) = %v; want password refused", pw, err)
		}
	}
	accepted := []string{"correct horse battery", "my own password", "a long enough password", "second-password", "the-first-password", strings.Repeat("ab1", 85)}
	for _, pw := range accepted {
		if err := ValidatePassword(pw, pw); err != nil {
			t.Errorf("ValidatePassword(%q) = %v; want accepted", pw, err)
		}
	}
}

func BenchmarkIsCommonPasswordLongest(b *testing.B) {
	pw := strings.Repeat("x9!", 21)
	for b.Loop() {
		IsCommonPassword(pw)
	}
}
