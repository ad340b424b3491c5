package auth

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"time"
)

// SessionCookie is the name of the HttpOnly session cookie.
const SessionCookie = "strata_session"

// ReaderCookie holds the session of a reader who signed in inside an
// embedded public map; it is sent only to the public map calls.
const ReaderCookie = "strata_reader"

// ReaderCookiePath limits the reader cookie to the public map calls.
const ReaderCookiePath = "/api/v1/public/"

// Session lifetimes: "remember me" keeps a session 30 days; otherwise the
// cookie dies with the browser and the server forgets it after a week.
const (
	RememberedSessionTTL = 30 * 24 * time.Hour
	BrowserSessionTTL    = 7 * 24 * time.Hour
)

// Token lifetimes.
const (
	PasswordResetTTL = time.Hour
	InvitationTTL    = 7 * 24 * time.Hour
)

// NewToken returns a random URL-safe token and the hash to store for it.
// The token itself is only ever held by the user.
func NewToken() (token, hash string) {
	b := make([]byte, 32)
	// crypto/rand.Read never fails on the platforms Go supports (Go 1.24+).
	_, _ = rand.Read(b)
	token = base64.RawURLEncoding.EncodeToString(b)
	return token, HashToken(token)
}

// HashToken is the stored form of a token.
func HashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// HashReaderToken is the stored form of a reader cookie's token: hashed
// apart from session tokens, so that a reader token sent as the session
// cookie names no session. The reader cookie thus reads public maps and
// authenticates nothing else, whatever cookie it is sent as.
func HashReaderToken(token string) string {
	return HashToken("reader\x00" + token)
}

// CookieTokenHash is the stored form of the token in the named cookie
// (SessionCookie or ReaderCookie).
func CookieTokenHash(cookie, token string) string {
	if cookie == ReaderCookie {
		return HashReaderToken(token)
	}
	return HashToken(token)
}
