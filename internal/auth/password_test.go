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
		{"tulip orbit canvas", "different", "password_confirmation"},
		{strings.Repeat("x", 300), strings.Repeat("x", 300), "password"},
	}
	for _, tt := range tests {
		err := ValidatePassword(tt.pw, tt.conf)
		var de *domain.Error
		if de, _ = err.(*domain.Error); de == nil || de.Code != domain.CodeInvalid || de.Details()[tt.field] == "" {
			t.Errorf("ValidatePassword(%q, %q) = %v; want %s named", tt.pw, tt.conf, err, tt.field)
		}
	}
	if err := ValidatePassword("tulip orbit canvas", "tulip orbit canvas"); err != nil {
		t.Errorf("valid password refused: %v", err)
	}
}

// The minimum is the spec's 8 characters; what refuses a weak password is
// its strength, judged against the user's own data too: Student2024! has
// twelve characters and is guessed at once.
func TestPasswordPolicyRefusesWeakAndTheUsersOwnData(t *testing.T) {
	problem := func(pw string, data ...string) string {
		t.Helper()
		var de *domain.Error
		if de, _ = ValidatePassword(pw, pw, data...).(*domain.Error); de == nil {
			return ""
		}
		return de.Problems["password"].Code
	}
	for _, pw := range []string{"short", "seven77"} {
		if got := problem(pw); got != domain.ProblemTooShort {
			t.Errorf("ValidatePassword(%q): problem %q, want too_short", pw, got)
		}
	}
	for _, pw := range []string{"password123", "qwertyuiop", "basketball", "  QWERTYUIOP  ", "aaaaaaaaaa", "Student2024!", "Password2024!",
		"Summer2025", "a-long-password", "iloveyou12"} {
		if got := problem(pw); got != domain.ProblemCommonPassword && got != domain.ProblemWeakPassword {
			t.Errorf("ValidatePassword(%q): problem %q, want common_password or weak_password", pw, got)
		}
	}
	if got := problem("Student2024!"); got != domain.ProblemWeakPassword {
		t.Errorf("Student2024!: problem %q, want weak_password", got)
	}
	// Strong in general, weak for this user: their address, their name, their organisation.
	user := []string{"margarethe.vonstrelitz@hochschule-nord.example", "Margarethe von Strelitz", "hochschule-nord", "Hochschule Nord"}
	for _, pw := range []string{"margarethe.vonstrelitz@hochschule-nord.example", "Margarethe von Strelitz", "vonstrelitz2024", "HochschuleNord!1"} {
		if got := problem(pw); got != "" {
			t.Fatalf("%q is refused without the user's data (%s): the test proves nothing", pw, got)
		}
		if got := problem(pw, user...); got != domain.ProblemWeakPassword {
			t.Errorf("the user's own %q: problem %q, want weak_password", pw, got)
		}
	}
	for _, pw := range []string{"correct horse battery", "tulip orbit canvas", "Zebra-Quilt-Harbor", "a brand new password", "8#fK2q!z"} {
		if got := problem(pw, user...); got != "" {
			t.Errorf("ValidatePassword(%q) refused: %s", pw, got)
		}
	}
}

func BenchmarkPasswordScoreLongest(b *testing.B) {
	pw := strings.Repeat("x9!", 21)
	for b.Loop() {
		PasswordScore(pw, "someone@example.org", "Some One", "acme", "Acme Ltd")
	}
}
