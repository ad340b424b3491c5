package domain

import "testing"

func TestActorCan(t *testing.T) {
	ada := NewActor(User{ID: 1}, []Membership{
		{ClientName: "acme", Role: RoleStudent},
		{ClientName: "acme", Role: RoleEditor},
		{ClientName: "globex", Role: RoleGuest},
	})
	root := NewActor(User{ID: 2, IsSuperuser: true}, nil)
	tests := []struct {
		a      Actor
		client string
		need   Role
		want   bool
	}{
		{ada, "acme", RoleEditor, true}, // the higher of two roles counts
		{ada, "acme", RoleAdmin, false},
		{ada, "globex", RoleGuest, true},
		{ada, "globex", RoleStudent, false},
		{ada, "initech", RoleGuest, false}, // not a member
		{root, "initech", RoleAdmin, true}, // superuser passes every check
	}
	for _, tt := range tests {
		if got := tt.a.Can(tt.client, tt.need); got != tt.want {
			t.Errorf("user %d Can(%s, %s) = %v, want %v", tt.a.User.ID, tt.client, tt.need, got, tt.want)
		}
	}
	if ada.RoleIn("acme") != RoleEditor || root.RoleIn("x") != RoleAdmin || ada.RoleIn("initech") != "" {
		t.Errorf("RoleIn: %q %q %q", ada.RoleIn("acme"), root.RoleIn("x"), ada.RoleIn("initech"))
	}
	if !ada.MayOpenClientsOverview() || NewActor(User{}, []Membership{{ClientName: "acme", Role: RoleAdmin}}).MayOpenClientsOverview() {
		t.Error("clients overview: open to users of several clients only (and superusers)")
	}
}
