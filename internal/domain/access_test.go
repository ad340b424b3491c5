package domain

import "testing"

func TestMapAccess(t *testing.T) {
	member := func(r Role) Actor { return NewActor(User{ID: 1}, []Membership{{ClientName: "acme", Role: r}}) }
	tests := []struct {
		name     string
		a        Actor
		client   string
		explicit Access
		want     Access
	}{
		{"superuser edits every map", NewActor(User{IsSuperuser: true}, nil), "acme", AccessNone, AccessEdit},
		{"another client's map", member(RoleAdmin), "globex", "", AccessNone},
		{"student edits by default", member(RoleStudent), "acme", "", AccessEdit},
		{"guest reads by default", member(RoleGuest), "acme", "", AccessRead},
		{"explicit read", member(RoleEditor), "acme", AccessRead, AccessRead},
		{"explicit none", member(RoleAdmin), "acme", AccessNone, AccessNone},
		{"a guest raised to edit", member(RoleGuest), "acme", AccessEdit, AccessEdit},
		{"a guest lowered to none", member(RoleGuest), "acme", AccessNone, AccessNone},
	}
	for _, tt := range tests {
		if got := MapAccess(tt.a, tt.client, tt.explicit); got != tt.want {
			t.Errorf("%s: got %q, want %q", tt.name, got, tt.want)
		}
	}
}
