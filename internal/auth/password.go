// Package auth holds passwords, sessions and the permission checks.
package auth

import (
	"fmt"

	"github.com/alexedwards/argon2id"

	"github.com/strata-maps/strata/internal/domain"
)

// MinPasswordLength is the spec's minimum (account-area §9).
const MinPasswordLength = 8

// maxPasswordLength bounds the work a single login can cost.
const maxPasswordLength = 256

// passwordParams follow RFC 9106's second recommendation, scaled to a
// 2-core machine: 64 MiB, 1 pass, 2 lanes.
var passwordParams = &argon2id.Params{Memory: 64 * 1024, Iterations: 1, Parallelism: 2, SaltLength: 16, KeyLength: 32}

// ValidatePassword checks a new password and its confirmation, naming the
// field at fault.
func ValidatePassword(password, confirmation string) error {
	var v domain.Validation
	n := len([]rune(password))
	v.Check(n >= MinPasswordLength, "password", fmt.Sprintf("must have at least %d characters", MinPasswordLength))
	v.Check(n <= maxPasswordLength, "password", fmt.Sprintf("must have at most %d characters", maxPasswordLength))
	v.Check(password == confirmation, "password_confirmation", "does not match the password")
	return v.Err()
}

// HashPassword returns the argon2id hash of password.
func HashPassword(password string) (string, error) {
	h, err := argon2id.CreateHash(password, passwordParams)
	if err != nil {
		return "", fmt.Errorf("hash password: %w", err)
	}
	return h, nil
}

// CheckPassword reports whether password matches hash.
func CheckPassword(password, hash string) (bool, error) {
	if len(password) > maxPasswordLength*4 {
		return false, nil
	}
	ok, err := argon2id.ComparePasswordAndHash(password, hash)
	if err != nil {
		return false, fmt.Errorf("check password: %w", err)
	}
	return ok, nil
}
