package domain

// Actor is a signed-in user with the roles they hold, by client name. Every
// permission check of the server goes through its methods.
type Actor struct {
	User  User
	Roles map[string][]Role
	// Key is the API key the request was made with, nil for a person.
	Key *APIKey
}

// RoleIn is the user's effective role in a client (the highest of those
// held), or "" for none. A superuser's effective role is admin everywhere.
func (a Actor) RoleIn(client string) Role {
	if a.User.IsSuperuser {
		return RoleAdmin
	}
	return HighestRole(a.Roles[client])
}

// IsMember reports whether the user may know the client exists.
func (a Actor) IsMember(client string) bool {
	return a.User.IsSuperuser || len(a.Roles[client]) > 0
}

// Can reports whether the user is superuser or holds, in the client, a role
// ranked at or above required (spec §6).
func (a Actor) Can(client string, required Role) bool {
	return a.User.IsSuperuser || HighestRole(a.Roles[client]).AtLeast(required)
}

// MayOpenClientsOverview is the spec's rule: superusers, and users with roles
// in more than one client.
func (a Actor) MayOpenClientsOverview() bool {
	return a.User.IsSuperuser || len(a.Roles) > 1
}

// NewActor groups memberships by client.
func NewActor(u User, ms []Membership) Actor {
	a := Actor{User: u, Roles: map[string][]Role{}}
	for _, m := range ms {
		a.Roles[m.ClientName] = append(a.Roles[m.ClientName], m.Role)
	}
	return a
}
