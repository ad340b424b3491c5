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
		if de, _ = err.(*domain.Error); de == nil || de.Code != domain.CodeInvalid || de.Details[tt.field] == "" {
			t.Errorf("ValidatePassword(%q, %q) = %v; want %s named", tt.pw, tt.conf, err, tt.field)
		}
	}
	if err := ValidatePassword("long enough", "long enough"); err != nil {
		t.Errorf("valid password refused: %v", err)
	}
}
