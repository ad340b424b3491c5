package domain

import (
	"net"
	"regexp"
	"strconv"
	"strings"
	"time"

	"golang.org/x/net/publicsuffix"
)

// AccessMode says who may read a map's live version (account-area §3).
type AccessMode string

const (
	// AccessLimited: members of the map's client only.
	AccessLimited AccessMode = "limited"
	// AccessPartial: readers who registered (counted as active readers).
	AccessPartial AccessMode = "partial"
	// AccessAccessible: anyone.
	AccessAccessible AccessMode = "accessible"
)

// Enum lists the access modes for the API's description (jsonschema-go's
// Enum).
func (AccessMode) Enum() []any { return []any{AccessLimited, AccessPartial, AccessAccessible} }

// Valid reports whether m is one of the access modes.
func (m AccessMode) Valid() bool {
	return m == AccessLimited || m == AccessPartial || m == AccessAccessible
}

// Publication is how a map is published: its public address, who may read
// it, where it may be embedded, and its live version.
type Publication struct {
	MapID int64
	// URL is the map's address under /m/; "" until one is set.
	URL        string
	AccessMode AccessMode
	// EmbedOnly: the map is callable only when embedded in a page.
	EmbedOnly bool
	// EmbedDomains may embed the map (frame-ancestors); none means only the
	// map's own site.
	EmbedDomains   []string
	SEOTitle       string
	SEODescription string
	// Live is the published version, nil when the map has none.
	Live *Version
	// SyncedRevision is the working copy's revision when it last equalled
	// the live version: at publishing, or at resetting the copy to it.
	SyncedRevision int64
}

// NewPublication is a map's publication before anything was set: members
// only, no address, nothing live.
func NewPublication(mapID int64) Publication {
	return Publication{MapID: mapID, AccessMode: AccessLimited, EmbedDomains: []string{}}
}

// VersionKind says why a version was stored.
type VersionKind string

const (
	// VersionPublished is a snapshot made live.
	VersionPublished VersionKind = "published"
	// VersionSaved is a snapshot kept without publishing it.
	VersionSaved VersionKind = "saved"
)

// Enum lists the kinds for the API's description (jsonschema-go's Enum).
func (VersionKind) Enum() []any { return []any{VersionPublished, VersionSaved} }

// Version is a stored snapshot of a map's document at one revision.
type Version struct {
	ID          int64
	MapID       int64
	Revision    int64
	Kind        VersionKind
	Name        string
	Description string
	CreatedBy   *int64
	// SEOTitle and SEODescription are the publication's texts for search
	// engines when the version was made: the public page shows the live
	// version's, so that they change when the map is published, not before.
	SEOTitle       string
	SEODescription string
	// CreatedByName is the author's name, "" when the account is gone.
	CreatedByName string
	CreatedAt     time.Time
}

// LiveStatus is what the map overview and the editor say about publishing.
type LiveStatus string

const (
	StatusNotPublished LiveStatus = "not_published"
	// StatusChanged: the working copy changed since the live version.
	StatusChanged  LiveStatus = "changed"
	StatusUpToDate LiveStatus = "up_to_date"
)

// Enum lists the statuses for the API's description (jsonschema-go's Enum).
func (LiveStatus) Enum() []any { return []any{StatusNotPublished, StatusChanged, StatusUpToDate} }

// StatusOf compares the live version with the working copy's revision.
func StatusOf(p Publication, mapRevision int64) LiveStatus {
	switch {
	case p.Live == nil:
		return StatusNotPublished
	case p.SyncedRevision < mapRevision:
		return StatusChanged
	}
	return StatusUpToDate
}

// CanPublish is the rule for publishing, syncing, resetting and deleting the
// live version: admins and editors (and superusers); a student asks an admin.
func CanPublish(a Actor, client string) bool {
	return a.Can(client, RoleEditor)
}

// Field limits of a publication.
const (
	MapURLMinLen         = 3
	MapURLMaxLen         = 64
	SEOTitleMaxLen       = 120
	SEODescriptionMaxLen = 300
	MaxEmbedDomains      = 50
)

var mapURLPattern = regexp.MustCompile(`^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$`)

// ValidateMapURL checks a map address: lower-case letters, digits and inner
// hyphens, 3 to 64 characters.
func ValidateMapURL(v *Validation, field, url string) {
	v.Check(len(url) >= MapURLMinLen && len(url) <= MapURLMaxLen, field, OutOfRange(MapURLMinLen, MapURLMaxLen).Saying("must be 3 to 64 characters"))
	v.Check(mapURLPattern.MatchString(url), field, Invalid("map_url"))
}

// ParseEmbedDomains reads the allowed embed domains, one per line (blank
// lines ignored): host names, optionally with a scheme and a port, or a
// "*." wildcard for subdomains. It answers them as CSP source expressions.
func ParseEmbedDomains(v *Validation, field, text string) []string {
	out := []string{}
	seen := map[string]bool{}
	for _, line := range strings.Split(text, "\n") {
		d := strings.ToLower(strings.TrimSpace(line))
		if d == "" {
			continue
		}
		src, problem := embedSource(d)
		if problem != "" {
			v.Add(field, Invalid("domain").Saying(problem))
			return nil
		}
		if !seen[src] {
			seen[src] = true
			out = append(out, src)
		}
	}
	v.Check(len(out) <= MaxEmbedDomains, field, TooMany(MaxEmbedDomains).Saying("at most 50 domains"))
	return out
}

var hostLabel = regexp.MustCompile(`^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$`)

// embedSource turns one domain line into a frame-ancestors source, or
// answers what is wrong with it. Only characters a CSP source may hold get
// through, so a line cannot add a directive of its own. A public suffix
// (com, co.uk, github.io: the public suffix list), bare or as "*.com", is
// refused: it would let every site under it frame the map.
func embedSource(d string) (src, problem string) {
	const notDomain = "each line must be a domain such as example.org or https://www.example.org"
	scheme := ""
	for _, s := range []string{"https://", "http://"} {
		if strings.HasPrefix(d, s) {
			scheme, d = s, strings.TrimPrefix(d, s)
		}
	}
	d = strings.TrimSuffix(d, "/")
	host, port := d, ""
	if h, p, err := net.SplitHostPort(d); err == nil {
		host, port = h, p
		if n, err := strconv.Atoi(port); err != nil || n < 1 || n > 65535 || strings.TrimLeft(port, "0123456789") != "" {
			return "", "the port of " + d + " must be a number from 1 to 65535"
		}
	} else if strings.Contains(d, ":") {
		return "", notDomain
	}
	labels := strings.Split(host, ".")
	if len(labels) < 2 && host != "localhost" { // localhost: a site tried out on one's own machine
		if hostLabel.MatchString(host) {
			return "", host + " is a public suffix; name a site such as example." + host
		}
		return "", notDomain
	}
	for i, l := range labels {
		if i == 0 && l == "*" {
			continue
		}
		if !hostLabel.MatchString(l) {
			return "", notDomain
		}
	}
	if site := strings.TrimPrefix(host, "*."); host != "localhost" && isPublicSuffix(site) {
		return "", site + " is a public suffix, shared by unrelated sites; name a site such as example." + site
	}
	src = scheme + host
	if port != "" {
		src += ":" + port
	}
	return src, ""
}

// isPublicSuffix reports whether host is a suffix under which anyone may
// register a name (the ICANN and the private sections of the list alike).
func isPublicSuffix(host string) bool {
	if net.ParseIP(host) != nil {
		return false
	}
	suffix, _ := publicsuffix.PublicSuffix(host)
	return suffix == host
}

// PublicAccess is what a reader may do with a published map.
type PublicAccess int

const (
	// PublicDenied: the map does not exist for this reader (404).
	PublicDenied PublicAccess = iota
	// PublicSignIn: the reader must sign in (or, on a partial map, register) first.
	PublicSignIn
	// PublicRegister: a signed-in user may become a reader of a partial map.
	PublicRegister
	// PublicRead: the reader sees the live version.
	PublicRead
)

// ReadPublished is the one rule for reading a live map: accessible maps are
// anyone's; limited ones the client's members' (guests included) and
// superusers'; partial ones too, and its registered readers' (reader: the
// user registered at one of the client's partial maps). Anyone may register
// as a reader, counted as an active reader but no member: it opens nothing
// else of the client. A map not live, or without a live version, does not
// exist publicly; nor does a map to a member whose per-map access to it
// (explicit, see MapAccess) is none: what the working copy hides from them
// its published version hides too, whatever its access mode.
func ReadPublished(p Publication, live bool, a Actor, client string, explicit Access, reader bool) PublicAccess {
	switch {
	case !live || p.Live == nil:
		return PublicDenied
	case a.IsMember(client) && MapAccess(a, client, explicit) == AccessNone:
		return PublicDenied
	case p.AccessMode == AccessAccessible, a.IsMember(client):
		return PublicRead
	case p.AccessMode == AccessPartial && reader && a.User.ID != 0:
		return PublicRead
	case a.User.ID == 0:
		return PublicSignIn
	case p.AccessMode == AccessPartial:
		return PublicRegister
	}
	return PublicDenied
}

// ShownToReaders reports whether a published map ever shows a node to its
// readers: it is not hidden, and some level of its range (within the map's
// levels) is on a layer that is not hidden. What readers are never shown
// is not sent to them, text included.
func ShownToReaders(v Visibility, levels int, layers []Layer) bool {
	if v.Hidden {
		return false
	}
	// Called for every node of a version: a map has a dozen levels at most,
	// so a scan beats building a set each time.
	for level := max(v.MinLevel, 1); level <= min(v.MaxLevel, levels); level++ {
		if !layerHidden(layers, level) {
			return true
		}
	}
	return false
}

func layerHidden(layers []Layer, level int) bool {
	for _, l := range layers {
		if l.ID == level {
			return l.Hidden
		}
	}
	return false
}

// EdgeShownToReaders: an edge shows unless it is hidden or either of its
// nodes is not shown (map-editor §4).
func EdgeShownToReaders(v Visibility, fromShown, toShown bool) bool {
	return !v.Hidden && fromShown && toShown
}
