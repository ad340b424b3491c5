package domain

import (
	"net/mail"
	"strings"
	"time"
)

// Language is an interface and content language.
type Language string

const (
	LangEN Language = "en"
	LangDE Language = "de"
	LangFR Language = "fr"
)

// Enum lists the languages for the API's description (jsonschema-go's Enum).
func (Language) Enum() []any { return []any{LangEN, LangDE, LangFR} }

// Valid reports whether l is one of the supported languages.
func (l Language) Valid() bool { return l == LangEN || l == LangDE || l == LangFR }

// User is an account. Memberships hold its roles per client.
type User struct {
	ID    int64
	Email string
	Name  string
	// FirstName and Surname are the profile's; Name is what others see.
	FirstName   string
	Surname     string
	AvatarURL   *string
	IsSuperuser bool
	Language    *Language
	Preferences Preferences
	CreatedAt   time.Time
	UpdatedAt   time.Time
}

// Preferences are the user's editor preferences.
type Preferences struct {
	RemovalConfirmation bool `json:"removalConfirmation"`
}

// DefaultPreferences are those of a new user.
func DefaultPreferences() Preferences { return Preferences{RemovalConfirmation: true} }

// Membership is a user's role in a client.
type Membership struct {
	UserID     int64
	ClientName string
	Role       Role
}

// NormalizeEmail lower-cases and trims an address so that one person has one
// account whatever case they type.
func NormalizeEmail(s string) string { return strings.ToLower(strings.TrimSpace(s)) }

// ValidEmail reports whether s is a plain address (no display name).
func ValidEmail(s string) bool {
	if len(s) > 254 {
		return false
	}
	a, err := mail.ParseAddress(s)
	return err == nil && a.Address == s && a.Name == ""
}

// SingleLine reports whether s holds no line break. Names and titles may
// reach a mail's subject or body (an inviter's name, a client's or map's
// title), where a line break could start a header or a line of its own.
func SingleLine(s string) bool { return !strings.ContainsAny(s, "\r\n\u0085\u2028\u2029") }

// SingleLineReason is the detail given for a field that breaks a line.
const SingleLineReason = "must not contain line breaks"
