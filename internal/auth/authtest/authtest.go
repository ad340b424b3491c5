// Package authtest makes password hashes for tests.
//
// Verifying a hash of the production cost (argon2id, 64 MiB) takes about a
// second under -race, and the API and account tests sign in hundreds of
// times. These hashes have argon2id's smallest cost; auth.CheckPassword reads
// the cost from the hash, so signing in runs the same code as in production.
// Tests of hashing itself (its cost, its gate) still use auth.HashPassword.
package authtest

import (
	"fmt"

	"github.com/alexedwards/argon2id"
)

var cheap = &argon2id.Params{Memory: 8, Iterations: 1, Parallelism: 1, SaltLength: 16, KeyLength: 32}

// PasswordHash is a cheap argon2id hash of password; it panics only if the
// system's random source fails.
func PasswordHash(password string) string {
	h, err := argon2id.CreateHash(password, cheap)
	if err != nil {
		panic(fmt.Sprintf("authtest: hash password: %v", err))
	}
	return h
}
