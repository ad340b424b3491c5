// Package access decides who may do what with a map: read it, edit it,
// publish it, break a lock on it, open its live channel, change who may
// open it. Every map call of the HTTP API and the live channel ask it; no
// other package holds a rule of map access. It imports domain and store
// (and live, whose questions it answers); the adapters import it.
//
// The rule, in the order it is applied:
//   - a superuser reads and edits every map, of every client, deactivated
//     or not, and administers it;
//   - an API key reaches the maps of its own client only, with its scope
//     (read or edit); it administers nothing;
//   - a person with no role in the map's client has no access: the map
//     does not exist for them (404);
//   - a per-map access (none, read, edit) set by an admin decides, for
//     every role (a guest may be raised to edit one map); without one,
//     students and above edit and guests read (domain.MapAccess);
//   - a deactivated client is closed to its members (403
//     client_deactivated), whatever their access;
//   - a map template is changed only by its author and the client's admins;
//   - breaking a lock and changing a map's permissions are its client's
//     admins'.
//
// The client's support_access setting is the client's consent for
// Strata's support staff, who act as superusers; it changes no decision
// here.
package access

import (
	"github.com/strata-maps/strata/internal/domain"
)

// Action is something an actor may want to do with a map.
type Action string

const (
	// Read is reading the map: its document, changes, versions, sections.
	Read Action = "read"
	// Edit is changing the map's document or settings.
	Edit Action = "edit"
	// Publish is publishing a version, setting the live toggle and the
	// publication's settings.
	Publish Action = "publish"
	// OpenLive is opening the map's live channel.
	OpenLive Action = "open_live"
	// BreakLock is taking another editor's lock on the live channel; the
	// same rule admits to the channel's admin frames (invite_users, the
	// requests for editing access).
	BreakLock Action = "break_lock"
	// SetPermissions is changing who may open the map (per-map access).
	SetPermissions Action = "set_permissions"
)

// Actions lists every action, for tests and documentation.
var Actions = []Action{Read, Edit, Publish, OpenLive, BreakLock, SetPermissions}

// ErrTemplateAuthor refuses a change to a map template by one who may not
// change it.
var ErrTemplateAuthor = domain.Errorf(domain.CodeForbidden, "only its author or an admin may change this template")

// Decision is what one actor may do with one map.
type Decision struct {
	mapID int64
	// access is what the role, the per-map access or the key's scope give.
	access domain.Access
	// closed is why the client is closed to the actor, nil when open.
	closed error
	// template is set for a map template the actor may not change.
	template bool
	admin    bool
}

// Decide applies the rule to an actor, a map, its client and the actor's
// per-map access to it ("" for none set).
func Decide(a domain.Actor, c domain.Client, m domain.Map, explicit domain.Access) Decision {
	d := Decision{mapID: m.ID, access: mapAccess(a, c, explicit)}
	if d.access == domain.AccessNone {
		return d
	}
	d.closed = c.OpenFor(a)
	d.template = !domain.MayChangeTemplate(a, c.Name, m)
	d.admin = a.Key == nil && a.Can(c.Name, domain.RoleAdmin)
	return d
}

// mapAccess is the access before the client's state and the template rule.
func mapAccess(a domain.Actor, c domain.Client, explicit domain.Access) domain.Access {
	if a.Key != nil {
		// A key is no member: its scope, on its own client's maps only.
		if a.Key.ClientID != c.ID || !domain.ValidKeyScope(a.Key.Scope) {
			return domain.AccessNone
		}
		return a.Key.Scope
	}
	return domain.MapAccess(a, c.Name, explicit)
}

// Check answers nil when the actor may take the action, else why not: a
// map the actor may not read is not found; one of a deactivated client is
// client_deactivated; any other refusal is forbidden.
func (d Decision) Check(act Action) error {
	if d.access == domain.AccessNone {
		return domain.Errorf(domain.CodeNotFound, "map %d not found", d.mapID)
	}
	if d.closed != nil {
		return d.closed
	}
	switch act {
	case Read, OpenLive:
		return nil
	case Edit, Publish:
		if d.access != domain.AccessEdit {
			return domain.Errorf(domain.CodeForbidden, "you may read this map but not change it; ask an admin for editing access")
		}
		if d.template {
			return ErrTemplateAuthor
		}
		return nil
	case BreakLock:
		if !d.admin {
			return domain.Errorf(domain.CodeForbidden, "only an admin may break another editor's lock")
		}
		return nil
	case SetPermissions:
		if !d.admin {
			return domain.Errorf(domain.CodeForbidden, "only an admin may change who can open this map")
		}
		return nil
	}
	return domain.Errorf(domain.CodeForbidden, "no such action %q", act)
}

// May reports whether the actor may take the action.
func (d Decision) May(act Action) bool { return d.Check(act) == nil }

// Access is the access the map's permissions list shows for the actor:
// none, read, or edit where the actor may change the map (another's
// template opens read-only). A deactivated client does not lower it: it
// closes the map to everyone alike.
func (d Decision) Access() domain.Access {
	if d.access == domain.AccessEdit && d.template {
		return domain.AccessRead
	}
	return d.access
}

// CheckKeyScope holds a request made with an API key to its call: route is
// the scope the call needs of a key, or "" for a call keys may not make.
func CheckKeyScope(k domain.APIKey, route domain.Access) error {
	if route == "" {
		return domain.Errorf(domain.CodeForbidden, "an API key cannot make this call; sign in instead")
	}
	if !k.Scope.AtLeast(route) {
		return domain.Errorf(domain.CodeForbidden, "this call needs an API key with the %s scope", route)
	}
	return nil
}
