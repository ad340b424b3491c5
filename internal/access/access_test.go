package access_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/strata-maps/strata/internal/access"
	"github.com/strata-maps/strata/internal/domain"
)

// Outcomes of a check: allowed, or the error code it answers.
const (
	ok       = "ok"
	notFound = string(domain.CodeNotFound)
	forbid   = string(domain.CodeForbidden)
	closed   = string(domain.CodeClientDeactivated)
	author   = "template_author" // forbidden, by the template rule
)

// who is the actor of a row: a role in acme ("" for none), a superuser,
// or a key of acme or of another client.
type who struct {
	role  domain.Role
	super bool
	key   domain.Access // the scope of an API key; "" for a person
	other bool          // the key is another client's
}

func (w who) String() string {
	switch {
	case w.super:
		return "superuser"
	case w.key != "" && w.other:
		return "key(" + string(w.key) + ",other client)"
	case w.key != "":
		return "key(" + string(w.key) + ")"
	case w.role == "":
		return "no role"
	}
	return string(w.role)
}

const (
	acmeID  = 1
	otherID = 2
	userID  = 7
)

func (w who) actor() domain.Actor {
	u := domain.User{ID: userID, IsSuperuser: w.super}
	if w.key != "" {
		k := domain.APIKey{ID: 3, ClientID: acmeID, UserID: userID, Scope: w.key}
		name := "acme"
		if w.other {
			k.ClientID, name = otherID, "other"
		}
		return domain.NewKeyActor(k, u, name)
	}
	a := domain.Actor{User: u, Roles: map[string][]domain.Role{}}
	if w.role != "" {
		a.Roles["acme"] = []domain.Role{w.role}
	}
	return a
}

// row is one case: the actor, the per-map access, the map and client, and
// what each group of actions answers: read (Read, OpenLive), edit (Edit,
// Publish), admin (BreakLock, SetPermissions); shown is Decision.Access.
type row struct {
	who                      who
	explicit                 domain.Access
	deactivated, template    bool
	author                   bool // the actor created the template
	read, edit, admin, shown string
}

var (
	guest   = who{role: domain.RoleGuest}
	student = who{role: domain.RoleStudent}
	editor  = who{role: domain.RoleEditor}
	admin   = who{role: domain.RoleAdmin}
	nobody  = who{}
	super   = who{super: true}
	keyRead = who{key: domain.AccessRead}
	keyEdit = who{key: domain.AccessEdit}
)

var rows = []row{
	// Every role × per-map access, on an open client's map.
	{who: nobody, explicit: "", read: notFound, edit: notFound, admin: notFound, shown: "none"},
	{who: nobody, explicit: "edit", read: notFound, edit: notFound, admin: notFound, shown: "none"},
	{who: guest, explicit: "", read: ok, edit: forbid, admin: forbid, shown: "read"},
	{who: guest, explicit: "none", read: notFound, edit: notFound, admin: notFound, shown: "none"},
	{who: guest, explicit: "read", read: ok, edit: forbid, admin: forbid, shown: "read"},
	{who: guest, explicit: "edit", read: ok, edit: ok, admin: forbid, shown: "edit"},
	{who: student, explicit: "", read: ok, edit: ok, admin: forbid, shown: "edit"},
	{who: student, explicit: "none", read: notFound, edit: notFound, admin: notFound, shown: "none"},
	{who: student, explicit: "read", read: ok, edit: forbid, admin: forbid, shown: "read"},
	{who: student, explicit: "edit", read: ok, edit: ok, admin: forbid, shown: "edit"},
	{who: editor, explicit: "", read: ok, edit: ok, admin: forbid, shown: "edit"},
	{who: editor, explicit: "none", read: notFound, edit: notFound, admin: notFound, shown: "none"},
	{who: editor, explicit: "read", read: ok, edit: forbid, admin: forbid, shown: "read"},
	{who: editor, explicit: "edit", read: ok, edit: ok, admin: forbid, shown: "edit"},
	{who: admin, explicit: "", read: ok, edit: ok, admin: ok, shown: "edit"},
	{who: admin, explicit: "none", read: notFound, edit: notFound, admin: notFound, shown: "none"},
	{who: admin, explicit: "read", read: ok, edit: forbid, admin: ok, shown: "read"},
	{who: admin, explicit: "edit", read: ok, edit: ok, admin: ok, shown: "edit"},
	{who: super, explicit: "", read: ok, edit: ok, admin: ok, shown: "edit"},
	{who: super, explicit: "none", read: ok, edit: ok, admin: ok, shown: "edit"},
	{who: super, explicit: "read", read: ok, edit: ok, admin: ok, shown: "edit"},
	{who: super, explicit: "edit", read: ok, edit: ok, admin: ok, shown: "edit"},
	{who: nobody, explicit: "none", read: notFound, edit: notFound, admin: notFound, shown: "none"},
	{who: nobody, explicit: "read", read: notFound, edit: notFound, admin: notFound, shown: "none"},

	// API keys: their scope on their own client's maps, nothing elsewhere;
	// a per-map access is a person's, never a key's; no key administers.
	{who: keyRead, explicit: "", read: ok, edit: forbid, admin: forbid, shown: "read"},
	{who: keyRead, explicit: "none", read: ok, edit: forbid, admin: forbid, shown: "read"},
	{who: keyRead, explicit: "read", read: ok, edit: forbid, admin: forbid, shown: "read"},
	{who: keyRead, explicit: "edit", read: ok, edit: forbid, admin: forbid, shown: "read"},
	{who: keyEdit, explicit: "", read: ok, edit: ok, admin: forbid, shown: "edit"},
	{who: keyEdit, explicit: "none", read: ok, edit: ok, admin: forbid, shown: "edit"},
	{who: keyEdit, explicit: "read", read: ok, edit: ok, admin: forbid, shown: "edit"},
	{who: keyEdit, explicit: "edit", read: ok, edit: ok, admin: forbid, shown: "edit"},
	{who: who{key: domain.AccessRead, other: true}, read: notFound, edit: notFound, admin: notFound, shown: "none"},
	{who: who{key: domain.AccessEdit, other: true}, read: notFound, edit: notFound, admin: notFound, shown: "none"},

	// A deactivated client is closed to every member, open to superusers;
	// a map closed by "none" stays one that does not exist.
	{who: guest, deactivated: true, read: closed, edit: closed, admin: closed, shown: "read"},
	{who: student, deactivated: true, read: closed, edit: closed, admin: closed, shown: "edit"},
	{who: admin, deactivated: true, read: closed, edit: closed, admin: closed, shown: "edit"},
	{who: admin, explicit: "none", deactivated: true, read: notFound, edit: notFound, admin: notFound, shown: "none"},
	{who: keyEdit, deactivated: true, read: closed, edit: closed, admin: closed, shown: "edit"},
	{who: super, deactivated: true, read: ok, edit: ok, admin: ok, shown: "edit"},
	{who: nobody, deactivated: true, read: notFound, edit: notFound, admin: notFound, shown: "none"},

	// A map template: changed by its author and admins; others read it.
	{who: student, template: true, read: ok, edit: author, admin: forbid, shown: "read"},
	{who: student, template: true, author: true, read: ok, edit: ok, admin: forbid, shown: "edit"},
	{who: editor, template: true, read: ok, edit: author, admin: forbid, shown: "read"},
	{who: guest, explicit: "edit", template: true, read: ok, edit: author, admin: forbid, shown: "read"},
	{who: guest, template: true, author: true, read: ok, edit: forbid, admin: forbid, shown: "read"},
	{who: admin, template: true, read: ok, edit: ok, admin: ok, shown: "edit"},
	{who: super, template: true, read: ok, edit: ok, admin: ok, shown: "edit"},
	{who: keyEdit, template: true, read: ok, edit: author, admin: forbid, shown: "read"},
}

// outcome is what a check's error says, in the table's words.
func outcome(err error) string {
	if err == nil {
		return ok
	}
	if errors.Is(err, access.ErrTemplateAuthor) {
		return author
	}
	var de *domain.Error
	if !errors.As(err, &de) {
		return "not a domain error: " + err.Error()
	}
	return string(de.Code)
}

func TestDecide(t *testing.T) {
	for _, r := range rows {
		name := fmt.Sprintf("%v/per-map %q/deactivated %v/template %v author %v", r.who, r.explicit, r.deactivated, r.template, r.author)
		t.Run(name, func(t *testing.T) {
			c := domain.Client{ID: acmeID, Name: "acme", Title: "Acme", Active: !r.deactivated}
			m := domain.Map{ID: 42, ClientID: acmeID, IsTemplate: r.template}
			if r.author {
				id := int64(userID)
				m.CreatedBy = &id
			} else {
				other := int64(99)
				m.CreatedBy = &other
			}
			d := access.Decide(r.who.actor(), c, m, r.explicit)
			want := map[access.Action]string{
				access.Read: r.read, access.OpenLive: r.read,
				access.Edit: r.edit, access.Publish: r.edit,
				access.BreakLock: r.admin, access.SetPermissions: r.admin,
			}
			for _, act := range access.Actions {
				err := d.Check(act)
				if got := outcome(err); got != want[act] {
					t.Errorf("%s: %s (%v), want %s", act, got, err, want[act])
				}
				if d.May(act) != (want[act] == ok) {
					t.Errorf("%s: May is %v, Check says %s", act, d.May(act), outcome(err))
				}
			}
			if got := d.Access(); string(got) != r.shown {
				t.Errorf("Access() = %q, want %q", got, r.shown)
			}
		})
	}
}

// A map out of reach is named like one that does not exist: the message
// names its id and nothing of its client.
func TestNotFoundRevealsNothing(t *testing.T) {
	c := domain.Client{ID: acmeID, Name: "acme", Title: "Acme Secret Ltd", Active: false}
	err := access.Decide(nobody.actor(), c, domain.Map{ID: 42, ClientID: acmeID}, "").Check(access.Read)
	var de *domain.Error
	if !errors.As(err, &de) || de.Code != domain.CodeNotFound || de.Message != "map 42 not found" {
		t.Fatalf("got %v, want not_found \"map 42 not found\"", err)
	}
}

func TestUnknownActionIsRefused(t *testing.T) {
	d := access.Decide(super.actor(), domain.Client{ID: acmeID, Name: "acme", Active: true}, domain.Map{ID: 1, ClientID: acmeID}, "")
	if d.May("delete_everything") {
		t.Fatal("an action the rule does not know is allowed")
	}
}

func TestCheckKeyScope(t *testing.T) {
	tests := []struct {
		scope, route domain.Access
		want         string
	}{
		{domain.AccessRead, domain.AccessRead, ok},
		{domain.AccessRead, domain.AccessEdit, forbid},
		{domain.AccessEdit, domain.AccessRead, ok},
		{domain.AccessEdit, domain.AccessEdit, ok},
		{domain.AccessRead, "", forbid},
		{domain.AccessEdit, "", forbid},
	}
	for _, tt := range tests {
		err := access.CheckKeyScope(domain.APIKey{Scope: tt.scope}, tt.route)
		if got := outcome(err); got != tt.want {
			t.Errorf("key %s on a %q call: %s (%v), want %s", tt.scope, tt.route, got, err, tt.want)
		}
	}
}

func TestReach(t *testing.T) {
	tests := []struct {
		who  who
		want bool // all maps
	}{{super, true}, {admin, false}, {guest, false}, {nobody, false}, {keyEdit, false}}
	for _, tt := range tests {
		r := access.Reach(tt.who.actor())
		if r.All != tt.want || (!r.All && r.UserID != userID) {
			t.Errorf("%v: reach %+v, want all=%v for user %d", tt.who, r, tt.want, userID)
		}
	}
}
