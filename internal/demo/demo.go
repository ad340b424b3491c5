// Package demo seeds the demo client that `make run` shows a newcomer.
package demo

import (
	"context"
	"errors"
	"fmt"

	"github.com/strata-maps/strata/internal/auth"
	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/store"
)

// ClientName is the demo client's slug.
const ClientName = "demo"

// Login is one demo account.
type Login struct {
	Email, Password, Role string
}

// Logins are the demo accounts: a superuser and one user per client role.
// The passwords are public by design; the demo is for trying Strata out.
var Logins = []Login{
	{"superuser@demo.example.org", "demo-superuser", "superuser"},
	{"admin@demo.example.org", "demo-admin", string(domain.RoleAdmin)},
	{"editor@demo.example.org", "demo-editor", string(domain.RoleEditor)},
	{"student@demo.example.org", "demo-student", string(domain.RoleStudent)},
	{"guest@demo.example.org", "demo-guest", string(domain.RoleGuest)},
}

// Seed creates the demo client, its users and a map, all in one
// transaction. It reports false, and changes nothing, when the demo client
// exists already.
func Seed(ctx context.Context, s *store.Store) (created bool, err error) {
	_, err = s.ClientByName(ctx, ClientName)
	if err == nil {
		return false, nil
	}
	if domain.ErrorCode(err) != domain.CodeNotFound {
		return false, err
	}
	// Hash outside the transaction: it is the slow part.
	hashes := make([]string, len(Logins))
	for i, l := range Logins {
		if hashes[i], err = auth.HashPassword(l.Password); err != nil {
			return false, err
		}
	}
	err = s.Tx(ctx, func(tx *store.Store) error {
		c, err := tx.CreateClient(ctx, ClientName, "Demo organisation")
		if err != nil {
			return err
		}
		for i, l := range Logins {
			name := fmt.Sprintf("Demo %s", l.Role)
			u, err := tx.CreateUser(ctx, store.NewUser{Email: l.Email, Name: name, PasswordHash: hashes[i], IsSuperuser: l.Role == "superuser"})
			if err != nil {
				return fmt.Errorf("demo user %s: %w", l.Email, err)
			}
			if role := domain.Role(l.Role); role.Valid() {
				if err := tx.AddMembership(ctx, u.ID, c.ID, role); err != nil {
					return err
				}
			}
		}
		// A first map with something on it, so that a newcomer sees what a
		// map looks like before drawing their own.
		m, err := GenerateMap(ctx, tx, c.ID, "Welcome to Strata", 36)
		if err != nil {
			return err
		}
		m.Description = "A first map to explore: zoom through its levels."
		return tx.UpdateMapSettings(ctx, m)
	})
	if err != nil {
		return false, errors.Join(errors.New("seed demo"), err)
	}
	return true, nil
}
