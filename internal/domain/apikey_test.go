package domain

import "testing"

func TestKeyActorHoldsItsScopeInItsClientOnly(t *testing.T) {
	u := User{ID: 7, IsSuperuser: true}
	read := NewKeyActor(APIKey{ID: 1, Scope: AccessRead}, u, "acme")
	edit := NewKeyActor(APIKey{ID: 2, Scope: AccessEdit}, u, "acme")
	for _, c := range []struct {
		a    Actor
		want Access
	}{{read, AccessRead}, {edit, AccessEdit}} {
		if c.a.User.IsSuperuser || c.a.Key == nil {
			t.Fatalf("key actor %+v", c.a)
		}
		if got := MapAccess(c.a, "acme", ""); got != c.want {
			t.Errorf("%s key in its client: %s", c.want, got)
		}
		if got := MapAccess(c.a, "globex", ""); got != AccessNone {
			t.Errorf("%s key in another client: %s", c.want, got)
		}
		if c.a.Can("acme", RoleEditor) || c.a.IsMember("globex") {
			t.Errorf("%s key ranks too high: %+v", c.want, c.a.Roles)
		}
	}
	tmpl := Map{IsTemplate: true, CreatedBy: new(int64(8))}
	if MayChangeTemplate(edit, "acme", tmpl) {
		t.Error("an edit key changes another's template")
	}
}
