package domain

import "testing"

func TestRoleAtLeast(t *testing.T) {
	tests := []struct {
		have, need Role
		want       bool
	}{
		{RoleAdmin, RoleEditor, true},
		{RoleEditor, RoleEditor, true},
		{RoleStudent, RoleEditor, false},
		{RoleGuest, RoleStudent, false},
		{RoleStudent, RoleGuest, true},
		{"", RoleGuest, false},
		{"owner", RoleGuest, false},
	}
	for _, tt := range tests {
		if got := tt.have.AtLeast(tt.need); got != tt.want {
			t.Errorf("%q.AtLeast(%q) = %v, want %v", tt.have, tt.need, got, tt.want)
		}
	}
}

func TestHighestRolePicksTheHighestOfSeveral(t *testing.T) {
	if got := HighestRole([]Role{RoleGuest, RoleEditor, RoleStudent}); got != RoleEditor {
		t.Fatalf("got %q, want editor", got)
	}
	if got := HighestRole(nil); got != "" {
		t.Fatalf("got %q for no roles, want none", got)
	}
	if got := HighestRole([]Role{"bogus", RoleGuest}); got != RoleGuest {
		t.Fatalf("got %q, want guest (unknown roles rank below every role)", got)
	}
}

func TestParseRoleRejectsUnknown(t *testing.T) {
	if _, err := ParseRole("superuser"); ErrorCode(err) != CodeInvalid {
		t.Fatalf("superuser is a flag, not a client role: got %v", err)
	}
	if r, err := ParseRole("admin"); err != nil || r != RoleAdmin {
		t.Fatalf("ParseRole(admin) = %q, %v", r, err)
	}
}

func TestValidClientName(t *testing.T) {
	for s, want := range map[string]bool{
		"acme": true, "acme-2": true, "a": true,
		"": false, "Acme": false, "-acme": false, "acme-": false, "ac me": false, "acme/x": false,
	} {
		if got := ValidClientName(s); got != want {
			t.Errorf("ValidClientName(%q) = %v, want %v", s, got, want)
		}
	}
}

func TestValidEmail(t *testing.T) {
	for s, want := range map[string]bool{
		"ada@example.org":       true,
		"ada":                   false,
		"Ada <ada@example.org>": false,
		"":                      false,
	} {
		if got := ValidEmail(s); got != want {
			t.Errorf("ValidEmail(%q) = %v, want %v", s, got, want)
		}
	}
}
