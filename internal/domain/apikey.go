package domain

import "time"

// APIKey is a client's key for scripts, as the server keeps it: its
// metadata, never the key itself (only its hash is stored).
type APIKey struct {
	ID       int64
	ClientID int64
	// UserID is the key's own user: the author of its changes in the
	// change log. It has no password and no membership.
	UserID int64
	Name   string
	// Scope is what the key may do with the client's maps: read or edit.
	Scope         Access
	CreatedBy     *int64
	CreatedByName string
	CreatedAt     time.Time
	LastUsedAt    *time.Time
	Revoked       bool
}

// ValidKeyScope reports whether s is a scope a key may have.
func ValidKeyScope(s Access) bool { return s == AccessRead || s == AccessEdit }

// NewKeyActor is the actor of a request made with a key of client: the
// key's own user holding, in that client only, the lowest role that
// grants the key's scope (guest reads, student edits). So every map rule
// applies to a key as to a person of that role, and no other client's map
// exists for it; which calls a key may make at all is the route table's.
func NewKeyActor(k APIKey, u User, client string) Actor {
	role := RoleGuest
	if k.Scope == AccessEdit {
		role = RoleStudent
	}
	u.IsSuperuser = false
	return Actor{User: u, Roles: map[string][]Role{client: {role}}, Key: &k}
}
