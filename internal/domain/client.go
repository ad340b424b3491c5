package domain

import (
	"net/url"
	"regexp"
	"strings"
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

// OpenFor is the one rule of a deactivated client: nothing of it (its
// maps, its account area, its live channel) opens for its members, whatever
// their role, until a superuser reactivates it; a superuser still opens it,
// to see what is there, reactivate or delete it. Deactivating deletes
// nothing, so reactivating restores everything as it was. Its published
// maps are offline meanwhile (ReadPublished is given live = false).
func (c Client) OpenFor(a Actor) error {
	if c.Active || a.User.IsSuperuser {
		return nil
	}
	return Errorf(CodeClientDeactivated, "%s is deactivated: its maps and settings cannot be opened until it is reactivated; ask your organisation's admin or support", c.Title)
}

var clientNamePattern = regexp.MustCompile(`^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$`)

// ValidClientName reports whether s can be a client's slug: lower-case
// letters, digits and inner hyphens, at most 63 characters.
func ValidClientName(s string) bool { return clientNamePattern.MatchString(s) }

// ClientSettings are a client's account fields (spec §3).
type ClientSettings struct {
	CompanyName         string
	LogoURL             string
	LoginText           string
	CNAMEDomain         string
	Subdomain           string
	AnalyticsPropertyID string
	APIServerAddress    string
	// SupportAccess grants Strata's support staff access to the client.
	SupportAccess bool
	Trial         TestingPeriod
}

// TestingPeriod is a client's trial: when it ends (nil for none), the
// payment interval offered and the buy link per interval.
type TestingPeriod struct {
	EndsAt          *time.Time
	PaymentInterval string
	BuyURLs         map[string]string
}

// PaymentIntervals are the billing periods (spec §9).
var PaymentIntervals = []string{"monthly", "yearly"}

// Expired reports whether the trial has ended at now.
func (t TestingPeriod) Expired(now time.Time) bool { return t.EndsAt != nil && !now.Before(*t.EndsAt) }

var (
	hostnamePattern  = regexp.MustCompile(`^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$`)
	subdomainPattern = regexp.MustCompile(`^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$`)
)

// Validate checks the settings, naming each bad field; CNAME domain and
// subdomain may not both be set (spec §5).
func (cs ClientSettings) Validate() error {
	var v Validation
	v.Check(len([]rune(cs.CompanyName)) <= 200, "company_name", TooLong(200))
	v.Check(len([]rune(cs.LoginText)) <= 2000, "login_text", TooLong(2000))
	v.Check(cs.LogoURL == "" || ValidImageURL(cs.LogoURL), "logo_url", Invalid("image_url"))
	v.Check(cs.CNAMEDomain == "" || (len(cs.CNAMEDomain) <= 253 && hostnamePattern.MatchString(cs.CNAMEDomain)), "cname_domain", Invalid("domain"))
	v.Check(cs.Subdomain == "" || subdomainPattern.MatchString(cs.Subdomain), "subdomain", Invalid("slug"))
	if cs.CNAMEDomain != "" && cs.Subdomain != "" {
		v.Add("cname_domain", Exclusive("subdomain").Saying("set either a CNAME domain or a subdomain, not both"))
		v.Add("subdomain", Exclusive("cname_domain").Saying("set either a CNAME domain or a subdomain, not both"))
	}
	v.Check(len(cs.AnalyticsPropertyID) <= 100, "analytics_property_id", TooLong(100))
	v.Check(cs.APIServerAddress == "" || ValidHTTPURL(cs.APIServerAddress), "api_server_address", Invalid("url"))
	return v.Err()
}

// ValidHTTPURL reports whether s is an absolute http or https address.
func ValidHTTPURL(s string) bool {
	u, err := url.Parse(s)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != "" && len(s) <= 2000
}

// MaxImageDataURL bounds a picture sent inline (logo, profile picture).
const MaxImageDataURL = 256 << 10

var imageDataURLPattern = regexp.MustCompile(`^data:image/(png|jpeg|webp|svg\+xml);base64,[A-Za-z0-9+/]+=*$`)

// ValidImageURL accepts an http(s) address or a small inline image.
func ValidImageURL(s string) bool {
	if strings.HasPrefix(s, "data:") {
		return len(s) <= MaxImageDataURL && imageDataURLPattern.MatchString(s)
	}
	return ValidHTTPURL(s)
}
