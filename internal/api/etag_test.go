package api_test

import (
	"net/http"
	"strconv"
	"testing"

	"github.com/strata-maps/strata/internal/store"
	"github.com/strata-maps/strata/internal/store/storetest"
)

// The map's revision is its ETag: a script reads the map again only when
// it changed (If-None-Match), and makes a change only while the map is at
// the revision it read (If-Match), never over another's change.
func TestMapRevisionIsItsETag(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		ed := h.session(editor)
		m := newTestMap(t, ed.in(t), h.users[editor].ID, 3)
		a := m.node(1, 3)
		tag := func(rev int64) string { return `"` + strconv.FormatInt(rev, 10) + `"` }
		rev := m.revision()

		res := ed.do("GET", m.path(""), nil).want(200)
		if got := res.header.Get("ETag"); got != tag(rev) {
			t.Fatalf("ETag %q, want %q", got, tag(rev))
		}
		res = ed.send("GET", m.path(""), nil, http.Header{"If-None-Match": {tag(rev)}}).want(304)
		if len(res.body) != 0 || res.header.Get("ETag") != tag(rev) {
			t.Fatalf("304 with ETag %q and body %q", res.header.Get("ETag"), res.body)
		}

		move := map[string]any{"nodes": []any{map[string]any{"id": a.ID, "geometry": map[string]any{"center": map[string]int{"x": 10, "y": 20}}}}}
		ed.send("PATCH", m.path("/elements"), move, http.Header{"If-Match": {tag(rev)}}).want(200)
		if m.revision() != rev+1 {
			t.Fatalf("revision %d after a change at %d", m.revision(), rev)
		}
		// The map moved on: the old ETag no longer matches, for reading or changing.
		ed.send("GET", m.path(""), nil, http.Header{"If-None-Match": {tag(rev)}}).want(200)
		ed.send("PATCH", m.path("/elements"), move, http.Header{"If-Match": {tag(rev)}}).wantError(412, "precondition_failed")
		ed.send("POST", m.path("/nodes"), map[string]any{"design": map[string]any{"shape": "circle"},
			"geometry": map[string]any{"center": map[string]int{"x": 1, "y": 1}}}, http.Header{"If-Match": {tag(rev)}}).wantError(412, "precondition_failed")
		if m.revision() != rev+1 {
			t.Fatalf("a refused change moved the map to %d", m.revision())
		}
		// Well-formed tags that name no revision of the map are a false
		// condition (RFC 9110): a weak tag never matches strongly.
		now := tag(m.revision())
		for _, stale := range []string{`W/` + now, `"x"`, `"0-stale"`, `"100000", "100001"`, `"0` + strconv.FormatInt(m.revision(), 10) + `"`} {
			ed.send("PATCH", m.path("/elements"), move, http.Header{"If-Match": {stale}}).wantError(412, "precondition_failed")
		}
		// Only a field that is no entity-tag list is the script's mistake.
		for _, bad := range []string{"12", `"12`, `W/12`, `"1" "2"`, `"1", *`, `"a b"`} {
			ed.send("PATCH", m.path("/elements"), move, http.Header{"If-Match": {bad}}).wantError(400, "validation_failed", "If-Match")
		}
		// A list matches when any of its tags does, over several lines too;
		// * matches the map whatever its revision.
		ed.send("PATCH", m.path("/elements"), move, http.Header{"If-Match": {`"1", W/"2", ` + now}}).want(200)
		ed.send("PATCH", m.path("/elements"), move, http.Header{"If-Match": {`"1"`, tag(m.revision())}}).want(200)
		ed.send("PATCH", m.path("/elements"), move, http.Header{"If-Match": {"*"}}).want(200)
	})
}
