package domain

import "fmt"

// Role is a user's role within one client. Superuser is not a role held in a
// client but a flag on the user; it ranks above every role.
type Role string

const (
	RoleGuest   Role = "guest"
	RoleStudent Role = "student"
	RoleEditor  Role = "editor"
	RoleAdmin   Role = "admin"
)

// Roles lists the client roles from lowest to highest rank.
var Roles = []Role{RoleGuest, RoleStudent, RoleEditor, RoleAdmin}

// Enum lists the roles for the API's description (jsonschema-go's Enum).
func (Role) Enum() []any { return []any{RoleAdmin, RoleEditor, RoleStudent, RoleGuest} }

// rank orders roles; 0 means "no role". Superuser is handled by callers
// through User.IsSuperuser, never as a stored role.
func (r Role) rank() int {
	switch r {
	case RoleGuest:
		return 1
	case RoleStudent:
		return 2
	case RoleEditor:
		return 3
	case RoleAdmin:
		return 4
	}
	return 0
}

// Valid reports whether r is one of the client roles.
func (r Role) Valid() bool { return r.rank() > 0 }

// AtLeast reports whether r ranks at or above required.
func (r Role) AtLeast(required Role) bool {
	return r.rank() > 0 && r.rank() >= required.rank()
}

// ParseRole returns the role named s.
func ParseRole(s string) (Role, error) {
	r := Role(s)
	if !r.Valid() {
		return "", &Error{Code: CodeInvalid, Message: fmt.Sprintf("unknown role %q", s),
			Problems: Problems{"role": NotAllowed(Roles...)}}
	}
	return r, nil
}

// HighestRole is the priority function of spec §6: when a user holds several
// roles in one client, the highest ranked one counts. It returns "" for none.
func HighestRole(roles []Role) Role {
	var best Role
	for _, r := range roles {
		if r.rank() > best.rank() {
			best = r
		}
	}
	return best
}
