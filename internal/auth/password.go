// Package auth holds passwords, sessions and the permission checks.
package auth

import (
	"fmt"
	"strings"
	"sync"

	"github.com/alexedwards/argon2id"
	zxcvbn "github.com/ccojocar/zxcvbn-go"
	"github.com/ccojocar/zxcvbn-go/frequency"

	"github.com/strata-maps/strata/internal/domain"
)

// MinPasswordLength: ten characters, as NIST SP 800-63B allows a service to
// ask for more than its eight; with the common-password check it stops the
// guesses an online attacker tries first.
const MinPasswordLength = 10

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
	v.Check(n >= MinPasswordLength, "password", domain.TooShort(MinPasswordLength))
	v.Check(n <= maxPasswordLength, "password", domain.TooLong(maxPasswordLength))
	v.Check(n < MinPasswordLength || !IsCommonPassword(password), "password", domain.CommonPassword())
	v.Check(password == confirmation, "password_confirmation", domain.Mismatch())
	return v.Err()
}

// commonPasswords is zxcvbn's list of the most used passwords (from leaked
// password sets), lower-case, loaded on first use.
var commonPasswords = sync.OnceValue(func() map[string]struct{} {
	list := frequency.Lists["Passwords"].List
	set := make(map[string]struct{}, len(list))
	for _, p := range list {
		set[strings.ToLower(p)] = struct{}{}
	}
	return set
})

// minGuessBits: a password zxcvbn expects to guess within 2^14 tries (a
// leaked password with a year or digits added, a keyboard row, a repeated
// or counted sequence) is refused as common.
const minGuessBits = 14

// zxcvbnPrefix bounds zxcvbn's work: its matching grows faster than the
// length, and a password longer than this is not guessed by its start alone.
const zxcvbnPrefix = 64

// IsCommonPassword reports whether password is among the commonly used
// ones, or a trivial variation of one, whatever its case.
func IsCommonPassword(password string) bool {
	if _, ok := commonPasswords()[strings.ToLower(strings.TrimSpace(password))]; ok {
		return true
	}
	r := []rune(password)
	if len(r) > zxcvbnPrefix {
		return false
	}
	return zxcvbn.PasswordStrength(password, nil).Entropy < minGuessBits
}

// HashPassword returns the argon2id hash of password.
func HashPassword(password string) (string, error) {
	release, err := hashGate.acquire()
	if err != nil {
		return "", err
	}
	defer release()
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
	release, err := hashGate.acquire()
	if err != nil {
		return false, err
	}
	defer release()
	ok, err := argon2id.ComparePasswordAndHash(password, hash)
	if err != nil {
		return false, fmt.Errorf("check password: %w", err)
	}
	return ok, nil
}
