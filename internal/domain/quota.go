package domain

import (
	"fmt"
	"strconv"
)

// QuotaKind is one of the limits a client's licence sets (spec §9).
type QuotaKind string

const (
	QuotaActiveReaders QuotaKind = "active_readers"
	QuotaEditingUser   QuotaKind = "editing_user"
	QuotaLiveMap       QuotaKind = "live_map"
	QuotaMap           QuotaKind = "map"
	QuotaTemplate      QuotaKind = "template"
	QuotaUser          QuotaKind = "user"
	// QuotaMediaStorage counts bytes: what the client's media take in the
	// storage, their files and the scaled copies of images.
	QuotaMediaStorage QuotaKind = "media_storage"
)

// DefaultMediaStorageQuota is the media storage every client has until a
// superuser sets another limit or lifts it: 5 GB, the unit extra storage
// is sold in (spec §9). New clients get it, and migration 00014 gave it to
// those before.
const DefaultMediaStorageQuota = 5 << 30

// QuotaKinds lists every kind, in the spec's order.
var QuotaKinds = []QuotaKind{QuotaActiveReaders, QuotaEditingUser, QuotaLiveMap, QuotaMap, QuotaTemplate, QuotaUser, QuotaMediaStorage}

// Enum lists the kinds for the API's description (jsonschema-go's Enum).
func (QuotaKind) Enum() []any {
	out := make([]any, len(QuotaKinds))
	for i, k := range QuotaKinds {
		out[i] = k
	}
	return out
}

// Valid reports whether k is one of the kinds.
func (k QuotaKind) Valid() bool {
	for _, q := range QuotaKinds {
		if q == k {
			return true
		}
	}
	return false
}

// plural is how the spec's message names the kind.
func (k QuotaKind) plural() string {
	switch k {
	case QuotaActiveReaders:
		return "active readers"
	case QuotaEditingUser:
		return "editing users"
	case QuotaLiveMap:
		return "live maps"
	case QuotaMap:
		return "maps"
	case QuotaTemplate:
		return "templates"
	case QuotaMediaStorage:
		return "bytes of media storage"
	}
	return "users"
}

// Quota is one limit with what it counts now; Max nil means unlimited.
type Quota struct {
	Kind  QuotaKind `json:"-"`
	Max   *int      `json:"max" required:"true"`
	Count int       `json:"count"`
}

// Allows reports whether adding n more stays within the limit.
func (q Quota) Allows(n int) bool { return q.Max == nil || q.Count+n <= *q.Max }

// CodeQuotaExceeded is the error code of a creation refused by a quota.
const CodeQuotaExceeded = "quota_exceeded"

// QuotaError is the refusal of a creation that would pass the client's
// limit. details.quota names the kind, so that a client can word it; the
// live-map variant tells a non-admin to ask an admin (spec §8).
func QuotaError(q Quota, isAdmin bool) *Error {
	max := 0
	if q.Max != nil {
		max = *q.Max
	}
	msg := fmt.Sprintf("You have reached the maximum number of %s; contact sales or upgrade", q.Kind.plural())
	if q.Kind == QuotaLiveMap {
		if isAdmin {
			msg = "All live-map seats are in use: deselect another map or upgrade to get more seats"
		} else {
			msg = "All live-map seats are in use: deselect another map or ask an admin for more seats"
		}
	}
	// details keep naming the kind and the limit as before; both carry the
	// one problem, so that a client reads either.
	p := QuotaExceeded(string(q.Kind), max)
	return &Error{Code: CodeQuotaExceeded, Message: msg,
		Problems: Problems{"quota": p.Saying(string(q.Kind)), "max": p.Saying(strconv.Itoa(max))}}
}

// SeatKind is the user-seat quota a role uses besides the user quota:
// editing users from the student role up, active readers below.
func SeatKind(r Role) QuotaKind {
	if r.AtLeast(RoleStudent) {
		return QuotaEditingUser
	}
	return QuotaActiveReaders
}

// SeatsError is the refusal of an invitation, role or per-map access that
// would need a seat of q's kind while members and pending invitations
// (open, unexpired: each holds the seat its invitee will take) fill them
// all. It says what frees one; problems.quota's params add pending.
func SeatsError(q Quota, pending int) *Error {
	e := QuotaError(q, true)
	max := 0
	if q.Max != nil {
		max = *q.Max
	}
	e.Message = fmt.Sprintf("You have reached the maximum number of %s: all %d seats are taken, %d by members and %d by pending invitations. "+
		"Revoke an invitation, remove a member, or contact sales or upgrade to raise the limit", q.Kind.plural(), max, q.Count, pending)
	p := QuotaExceeded(string(q.Kind), max)
	p.Params["members"], p.Params["pending"] = q.Count, pending
	e.Problems["quota"] = p.Saying(string(q.Kind))
	return e
}
