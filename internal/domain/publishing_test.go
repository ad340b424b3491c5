package domain

import (
	"reflect"
	"strings"
	"testing"
)

func TestStatusOf(t *testing.T) {
	p := NewPublication(1)
	if got := StatusOf(p, 5); got != StatusNotPublished {
		t.Fatalf("no live version: %s", got)
	}
	// Published at revision 3 (the publishing change is 4): up to date at 4, changed past it.
	p.Live = &Version{Revision: 3}
	p.SyncedRevision = 4
	if got := StatusOf(p, 4); got != StatusUpToDate {
		t.Fatalf("synced revision: %s", got)
	}
	if got := StatusOf(p, 5); got != StatusChanged {
		t.Fatalf("newer working copy: %s", got)
	}
}

func TestCanPublish(t *testing.T) {
	for role, want := range map[Role]bool{RoleGuest: false, RoleStudent: false, RoleEditor: true, RoleAdmin: true} {
		a := Actor{User: User{ID: 1}, Roles: map[string][]Role{"acme": {role}}}
		if got := CanPublish(a, "acme"); got != want {
			t.Errorf("%s: %v", role, got)
		}
	}
	if !CanPublish(Actor{User: User{ID: 1, IsSuperuser: true}}, "acme") {
		t.Error("a superuser publishes")
	}
	if CanPublish(Actor{User: User{ID: 1}, Roles: map[string][]Role{"other": {RoleAdmin}}}, "acme") {
		t.Error("an admin of another client does not")
	}
}

func TestValidateMapURL(t *testing.T) {
	for url, ok := range map[string]bool{
		"strategy-2027": true, "abc": true, "ab": false, "-abc": false, "abc-": false,
		"Abc": false, "a b c": false, "ab/c": false, "äbc": false, strings.Repeat("x", 65): false,
	} {
		v := &Validation{}
		ValidateMapURL(v, "url", url)
		if (v.Err() == nil) != ok {
			t.Errorf("%q: %v", url, v.Err())
		}
	}
}

func TestParseEmbedDomains(t *testing.T) {
	v := &Validation{}
	got := ParseEmbedDomains(v, "embed_domains", "example.org\n\n  https://www.Example.org/ \n*.acme.com\nlocalhost.test:8080\nexample.org\nhttp://localhost:3000\n")
	if err := v.Err(); err != nil {
		t.Fatal(err)
	}
	want := []string{"example.org", "https://www.example.org", "*.acme.com", "localhost.test:8080", "http://localhost:3000"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	// Anything that could end the directive or add one is refused.
	for _, bad := range []string{"example.org; script-src *", "'self'", "example", "exa mple.org", "http://x.org:80a", "*", "javascript:alert(1)",
		// Public suffixes, bare or with a wildcard, and ports that are none.
		"com", "*.com", "co.uk", "*.co.uk", "github.io", "*.github.io", "x.org:0", "x.org:65536", "x.org:", "x.org:-1", "x.org:+1"} {
		v := &Validation{}
		if ParseEmbedDomains(v, "embed_domains", bad); v.Err() == nil {
			t.Errorf("%q was taken", bad)
		}
	}
}

func TestReadPublished(t *testing.T) {
	anon := Actor{}
	member := Actor{User: User{ID: 2}, Roles: map[string][]Role{"acme": {RoleGuest}}}
	stranger := Actor{User: User{ID: 3}}
	live := NewPublication(1)
	live.Live = &Version{ID: 9, Revision: 4}
	live.SyncedRevision = 4
	cases := []struct {
		mode   AccessMode
		who    Actor
		reader bool
		want   PublicAccess
	}{
		{AccessAccessible, anon, false, PublicRead},
		{AccessAccessible, stranger, false, PublicRead},
		{AccessPartial, anon, false, PublicSignIn},
		{AccessPartial, stranger, false, PublicRegister},
		{AccessPartial, stranger, true, PublicRead},
		{AccessPartial, member, false, PublicRead},
		{AccessLimited, anon, false, PublicSignIn},
		{AccessLimited, stranger, false, PublicDenied},
		// A registered reader is no member: limited maps stay closed.
		{AccessLimited, stranger, true, PublicDenied},
		{AccessLimited, member, false, PublicRead},
		{AccessLimited, Actor{User: User{ID: 4, IsSuperuser: true}}, false, PublicRead},
	}
	for _, c := range cases {
		p := live
		p.AccessMode = c.mode
		if got := ReadPublished(p, true, c.who, "acme", "", c.reader); got != c.want {
			t.Errorf("%s, user %d, reader %v: %v, want %v", c.mode, c.who.User.ID, c.reader, got, c.want)
		}
	}
	if got := ReadPublished(live, false, member, "acme", "", false); got != PublicDenied {
		t.Error("a map not live is not readable")
	}
	if got := ReadPublished(NewPublication(1), true, member, "acme", "", false); got != PublicDenied {
		t.Error("a map without a live version is not readable")
	}
	// A member whose per-map access is none reads it in no mode; a
	// superuser's none changes nothing (superusers edit every map).
	for _, mode := range []AccessMode{AccessAccessible, AccessPartial, AccessLimited} {
		p := live
		p.AccessMode = mode
		if got := ReadPublished(p, true, member, "acme", AccessNone, true); got != PublicDenied {
			t.Errorf("%s: a member with per-map none gets %v", mode, got)
		}
		if got := ReadPublished(p, true, member, "acme", AccessRead, false); got != PublicRead {
			t.Errorf("%s: a member with per-map read gets %v", mode, got)
		}
		if got := ReadPublished(p, true, Actor{User: User{ID: 4, IsSuperuser: true}}, "acme", AccessNone, false); got != PublicRead {
			t.Errorf("%s: a superuser with per-map none gets %v", mode, got)
		}
	}
}

func TestShownToReaders(t *testing.T) {
	layers := []Layer{{ID: 1}, {ID: 2, Hidden: true}, {ID: 3}}
	for _, c := range []struct {
		name string
		v    Visibility
		want bool
	}{
		{"on every level", Visibility{MinLevel: 1, MaxLevel: 3}, true},
		{"hidden", Visibility{MinLevel: 1, MaxLevel: 3, Hidden: true}, false},
		{"only on a hidden layer", Visibility{MinLevel: 2, MaxLevel: 2}, false},
		{"a hidden layer and a shown one", Visibility{MinLevel: 2, MaxLevel: 3}, true},
		{"beyond the map's levels", Visibility{MinLevel: 4, MaxLevel: 5}, false},
		{"partly beyond them", Visibility{MinLevel: 3, MaxLevel: 5}, true},
	} {
		if got := ShownToReaders(c.v, 3, layers); got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
	// A map whose layers were never toggled has no rows for them: every level shows.
	if !ShownToReaders(Visibility{MinLevel: 2, MaxLevel: 2}, 3, nil) {
		t.Error("no layer flags: level 2 shows")
	}
}

func TestEdgeShownToReaders(t *testing.T) {
	if !EdgeShownToReaders(Visibility{}, true, true) {
		t.Error("both ends shown")
	}
	if EdgeShownToReaders(Visibility{Hidden: true}, true, true) || EdgeShownToReaders(Visibility{}, true, false) || EdgeShownToReaders(Visibility{}, false, true) {
		t.Error("a hidden edge, or one with an end not shown, is not shown")
	}
}
