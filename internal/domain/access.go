package domain

// Access is a user's access to one map (spec §3 enumerations).
type Access string

const (
	AccessNone Access = "none"
	AccessRead Access = "read"
	AccessEdit Access = "edit"
)

// Enum lists the access values for the API's description (jsonschema-go's
// Enum).
func (Access) Enum() []any { return []any{AccessNone, AccessRead, AccessEdit} }

func (a Access) rank() int {
	switch a {
	case AccessRead:
		return 1
	case AccessEdit:
		return 2
	}
	return 0
}

// AccessGrant is an admin's per-map access in a change: one of the access
// values, where a null (a nil *AccessGrant) clears it so that the role
// decides again. Its own type keeps Access itself never null in the API.
type AccessGrant Access

// Enum lists the values for the API's description.
func (AccessGrant) Enum() []any { return Access("").Enum() }

// Access is the grant as an access; nil is "" (none set).
func (g *AccessGrant) Access() Access {
	if g == nil {
		return ""
	}
	return Access(*g)
}

// Valid reports whether a is one of the access values.
func (a Access) Valid() bool { return a == AccessNone || a == AccessRead || a == AccessEdit }

// AtLeast reports whether a grants need.
func (a Access) AtLeast(need Access) bool { return a.rank() >= need.rank() }

// MapAccess is the one rule for what a user may do with a map of a client:
//   - a superuser edits every map;
//   - a user with no role in the client has no access (the map does not
//     exist for them);
//   - an explicit per-map access (none, read, edit) decides, for every
//     role: an admin may lower anyone on one map, and raise a guest to
//     edit it (spec §6 "per-map access per user: none, read, read and
//     edit"; read-only users ask an admin for editing access). A guest so
//     raised takes an editing-user seat (accounts.grantSeat);
//   - without one, students and above edit, guests read.
func MapAccess(a Actor, client string, explicit Access) Access {
	if a.User.IsSuperuser {
		return AccessEdit
	}
	role := HighestRole(a.Roles[client])
	if role == "" {
		return AccessNone
	}
	if explicit != "" {
		return explicit
	}
	if role.AtLeast(RoleStudent) {
		return AccessEdit
	}
	return AccessRead
}

// RoleAccess is the access a role gives to every map of its client
// without a per-map access: what "As the role allows" means.
func RoleAccess(r Role) Access {
	if r.AtLeast(RoleStudent) {
		return AccessEdit
	}
	return AccessRead
}

// MayChangeTemplate is the rule for changing or deleting a map template
// (its settings, its elements, its publication, itself): its author and the
// client's admins (and superusers). Other editors use it to start maps.
func MayChangeTemplate(a Actor, client string, m Map) bool {
	return !m.IsTemplate || a.Can(client, RoleAdmin) || (m.CreatedBy != nil && *m.CreatedBy == a.User.ID)
}
