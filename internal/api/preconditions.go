package api

import (
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
