// Package auth holds passwords, sessions and the permission checks.
package auth

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"unicode"

	"github.com/alexedwards/argon2id"
	zxcvbn "github.com/ccojocar/zxcvbn-go"
	"github.com/ccojocar/zxcvbn-go/frequency"

	"github.com/strata-maps/strata/internal/domain"
)

// MinPasswordLength: eight characters, as NIST SP 800-63B asks and the spec
// says. Length alone is a poor rule (Student2024! has twelve): the strength
// check below, against the user's own data, is what refuses weak passwords.
const MinPasswordLength = 8

// maxPasswordLength bounds the work a single login can cost.
const maxPasswordLength = 256

// MinPasswordScore is the zxcvbn score (0 to 4) a new password needs: 3,
// "safely unguessable", some 10^8 guesses, which the sign-in limits keep
// an online attacker years away from and argon2id makes slow offline.
// Below it are dictionary words with a year or digits (Student2024!),
// keyboard rows, repeats, and the user's own name or address.
const MinPasswordScore = 3

// passwordParams follow RFC 9106's second recommendation, scaled to a
// 2-core machine: 64 MiB, 1 pass, 2 lanes.
var passwordParams = &argon2id.Params{Memory: 64 * 1024, Iterations: 1, Parallelism: 2, SaltLength: 16, KeyLength: 32}

// ValidatePassword checks a new password and its confirmation, naming the
// field at fault. userData is what an attacker guesses first for this
// user: their address, names, the client's name and title.
func ValidatePassword(password, confirmation string, userData ...string) error {
	var v domain.Validation
	n := len([]rune(password))
	v.Check(n >= MinPasswordLength, "password", domain.TooShort(MinPasswordLength))
	v.Check(n <= maxPasswordLength, "password", domain.TooLong(maxPasswordLength))
	if n >= MinPasswordLength && n <= maxPasswordLength {
		switch {
		case isCommonPassword(password):
			v.Check(false, "password", domain.CommonPassword())
		case PasswordScore(password, userData...) < MinPasswordScore:
			v.Check(false, "password", domain.WeakPassword())
		}
	}
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

// zxcvbnPrefix bounds zxcvbn's work: its matching grows faster than the
// length, and a password longer than this is judged by its start.
const zxcvbnPrefix = 64

// minGuessBits: a password zxcvbn guesses within 2^14 tries whoever the
// user (a leaked password with digits added, a keyboard row, a repeat) is
// as common as the leaked ones, and told so.
const minGuessBits = 14

// isCommonPassword reports whether password is among the most used ones,
// or a trivial variation of one, whatever its case.
func isCommonPassword(password string) bool {
	if _, ok := commonPasswords()[strings.ToLower(strings.TrimSpace(password))]; ok {
		return true
	}
	return zxcvbn.PasswordStrength(prefix(password), nil).Entropy < minGuessBits
}

// prefix bounds zxcvbn's work to the password's first zxcvbnPrefix runes.
func prefix(password string) string {
	if r := []rune(password); len(r) > zxcvbnPrefix {
		return string(r[:zxcvbnPrefix])
	}
	return password
}

// PasswordScore is zxcvbn's score (0 to 4) of password, guessed with the
// user's data as words of its own: the address whole and in parts, each
// name and each word of it.
func PasswordScore(password string, userData ...string) int {
	return zxcvbn.PasswordStrength(prefix(password), userWords(userData)).Score
}

// userWords splits the user's data into what zxcvbn matches: each value
// lower-cased, and its parts between punctuation and spaces (ann, example
// and org of ann@example.org) of three letters or more.
func userWords(data []string) []string {
	var words []string
	for _, d := range data {
		d = strings.ToLower(strings.TrimSpace(d))
		if d == "" {
			continue
		}
		words = append(words, d)
		for _, part := range strings.FieldsFunc(d, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
			if len([]rune(part)) >= 3 && part != d {
				words = append(words, part)
			}
		}
	}
	return words
}

// HashPassword returns the argon2id hash of password.
func HashPassword(password string) (string, error) {
	release, err := hashGate.Acquire(context.Background())
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
	release, err := hashGate.Acquire(context.Background())
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
