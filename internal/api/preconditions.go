package api

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/editing"
)

// A change's preconditions (RFC 9110 §13.1.1): the map's revision is its
// entity tag, "12". If-Match is "*" or a list of entity tags; the change
// is made only while the map is at a revision one of them names by strong
// comparison. A well-formed tag that names no revision ("0-stale", a weak
// W/"3") is a false condition like a stale one: 412. Only a field that is
// not entity-tag syntax is the client's mistake: 400.

// ifMatch carries a change's If-Match into its context for the editing
// service, which checks it against the locked map.
func ifMatch(r *http.Request) (*http.Request, error) {
	values := r.Header.Values("If-Match")
	if len(values) == 0 {
		return r, nil
	}
	star, tags, ok := parseIfMatch(values)
	if !ok {
		return nil, &domain.Error{Code: domain.CodeInvalid, Message: `If-Match must be "*" or a list of entity tags of the map, such as "12"`,
			Problems: domain.Problems{"If-Match": domain.Invalid("etag")}}
	}
	if star || tags == nil {
		return r, nil // "*": the map exists; an empty field asks nothing
	}
	revs := []int64{}
	for _, t := range tags {
		if rev, ok := revisionOfTag(t); ok {
			revs = append(revs, rev)
		}
	}
	return r.WithContext(editing.AtAnyRevision(r.Context(), revs)), nil
}

// entityTag is one tag of an If-Match list.
type entityTag struct {
	weak   bool
	opaque string // between the quotes
}

// parseIfMatch reads the field's lines as one list: "*" alone, or entity
// tags separated by commas (empty elements allowed, RFC 9110 §5.6.1).
// tags is nil when the field holds no element at all.
func parseIfMatch(values []string) (star bool, tags []entityTag, ok bool) {
	field := strings.Join(values, ",")
	if strings.TrimSpace(field) == "*" {
		return true, nil, true
	}
	rest := field
	for {
		rest = strings.TrimLeft(rest, " \t")
		if rest == "" {
			return false, tags, true
		}
		if rest[0] == ',' {
			rest = rest[1:]
			continue
		}
		var t entityTag
		if strings.HasPrefix(rest, `W/`) {
			t.weak, rest = true, rest[2:]
		}
		if rest == "" || rest[0] != '"' {
			return false, nil, false
		}
		end := strings.IndexByte(rest[1:], '"')
		if end < 0 {
			return false, nil, false
		}
		t.opaque = rest[1 : 1+end]
		for i := 0; i < len(t.opaque); i++ {
			if c := t.opaque[i]; c < 0x21 || c == 0x7f { // etagc: no space, control or quote
				return false, nil, false
			}
		}
		tags = append(tags, t)
		rest = strings.TrimLeft(rest[2+end:], " \t")
		if rest != "" && rest[0] != ',' {
			return false, nil, false
		}
	}
}

// revisionOfTag is the revision a tag names, by strong comparison with
// the map's tags: never a weak tag, and only the exact form "12".
func revisionOfTag(t entityTag) (int64, bool) {
	if t.weak {
		return 0, false
	}
	rev, err := strconv.ParseInt(t.opaque, 10, 64)
	if err != nil || rev < 0 || strconv.FormatInt(rev, 10) != t.opaque {
		return 0, false
	}
	return rev, true
}

// decodeRevised is decodeJSON for the body of a call whose GET answers the
// map's revision beside the resource: what was read may be sent back as
// it is, and its revision is a precondition like If-Match's. The request
// it returns carries it; when If-Match is sent too, both must hold, so two
// that disagree are refused 412 like a stale one.
func decodeRevised(w http.ResponseWriter, r *http.Request, dst any) (*http.Request, error) {
	raw, err := readJSON(w, r)
	if err != nil {
		return nil, err
	}
	var fields map[string]json.RawMessage
	if json.Unmarshal(raw, &fields) != nil {
		return nil, decodeStrictly(raw, dst) // not an object: its own error
	}
	rev, found := fields["revision"]
	if !found {
		return r, decodeStrictly(raw, dst)
	}
	delete(fields, "revision")
	rest, err := json.Marshal(fields)
	if err != nil {
		return nil, fmt.Errorf("encode the body without its revision: %w", err)
	}
	if err := decodeStrictly(rest, dst); err != nil {
		return nil, err
	}
	if string(rev) == "null" {
		return r, nil
	}
	var n int64
	if err := json.Unmarshal(rev, &n); err != nil {
		return nil, &domain.Error{Code: domain.CodeInvalid, Message: "revision must be the map's revision the body was read at, a whole number",
			Problems: domain.Problems{"revision": domain.WrongType("number")}}
	}
	return r.WithContext(editing.AlsoAtRevision(r.Context(), n)), nil
}

// bodyRevision is the revision a body may carry (decodeRevised strips it
// before the body is decoded; here it is for the description).
type bodyRevision struct {
	Revision *int64 `json:"revision" description:"The map's revision the resource was read at, as its GET answered it: the change is made only while the map is still at it (412 precondition_failed otherwise, as for If-Match; with both, both must hold)."`
}

// The bodies of the calls whose GET answers the map's revision beside the
// resource: the resource, and that revision if the client sends it back
// (for the description; the handlers decode the resource's own type).
type (
	editorsNoteRequest struct {
		domain.EditorsNote
		bodyRevision
	}
	glossaryRequest struct {
		domain.Glossary
		bodyRevision
	}
	referencesRequest struct {
		domain.References
		bodyRevision
	}
	headerRequest struct {
		domain.Header
		bodyRevision
	}
	tocRequest struct {
		domain.TOC
		bodyRevision
	}
	socialSharingRequest struct {
		domain.SocialSharing
		bodyRevision
	}
	cookieConsentRequest struct {
		domain.CookieConsent
		bodyRevision
	}
	quizRequest struct {
		domain.Quiz
		bodyRevision
	}
	mapPatchRequest struct {
		editing.MapPatch
		bodyRevision
	}
)
