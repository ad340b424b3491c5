package domain

import (
	"regexp"
	"time"
)

// Client is an organisation. It is addressed by Name, a URL-safe slug.
type Client struct {
	ID        int64
	Name      string
	Title     string
	Active    bool
	CreatedAt time.Time
	UpdatedAt time.Time
}

var clientNamePattern = regexp.MustCompile(`^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$`)

// ValidClientName reports whether s can be a client's slug: lower-case
// letters, digits and inner hyphens, at most 63 characters.
func ValidClientName(s string) bool { return clientNamePattern.MatchString(s) }
