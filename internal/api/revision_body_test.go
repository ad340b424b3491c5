package api_test

import (
	"fmt"
	"net/http"
	"strconv"
	"testing"

	"github.com/strata-maps/strata/internal/store"
	"github.com/strata-maps/strata/internal/store/storetest"
)

// What a GET of a section answers, revision included, can be PUT back as
// it is: a client that reads, changes one field and writes back succeeds.
// The revision is a precondition like If-Match's: a stale one is refused
// 412 and changes nothing; with If-Match beside it both must hold.
func TestSectionRevisionInBody(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		node := sectionsMap(t, h)
		ed := h.as(editor)
		tag := func(rev int64) string { return `"` + strconv.FormatInt(rev, 10) + `"` }
		for name, value := range validSections(node) {
			path := fmt.Sprintf("/api/v1/maps/%d/%s", h.mapID, name)
			ed.do("PUT", path, value).want(200)
			var read map[string]any
			ed.do("GET", path, nil).want(200).decode(&read)
			rev, ok := read["revision"].(float64)
			if !ok {
				t.Fatalf("%s: GET answers no revision: %v", name, read)
			}
			// Sent back as read: accepted, and the map moves on.
			var wrote map[string]any
			ed.do("PUT", path, read).want(200).decode(&wrote)
			if wrote["revision"].(float64) <= rev {
				t.Fatalf("%s: written back at %v, answered revision %v", name, rev, wrote["revision"])
			}
			// The same body again is stale now: 412, nothing written.
			ed.do("PUT", path, read).wantError(412, "precondition_failed")
			var now map[string]any
			ed.do("GET", path, nil).want(200).decode(&now)
			if now["revision"] != wrote["revision"] {
				t.Fatalf("%s: a refused write moved the map from %v to %v", name, wrote["revision"], now["revision"])
			}
			cur := int64(now["revision"].(float64))
			// With If-Match too, both must hold.
			ed.send("PUT", path, now, http.Header{"If-Match": {tag(cur - 1)}}).wantError(412, "precondition_failed")
			ed.send("PUT", path, read, http.Header{"If-Match": {tag(cur)}}).wantError(412, "precondition_failed")
			ed.send("PUT", path, now, http.Header{"If-Match": {tag(cur)}}).want(200)
			// A revision of the wrong type is the client's mistake; null asks nothing.
			bad := map[string]any{"revision": "new"}
			for k, v := range value {
				bad[k] = v
			}
			ed.do("PUT", path, bad).wantError(400, "validation_failed", "revision")
			bad["revision"] = nil
			ed.do("PUT", path, bad).want(200)
			// Other unknown fields are refused as before.
			bad["revisions"] = 1
			ed.do("PUT", path, bad).wantError(400, "validation_failed", "revisions")
		}
	})
}

// A node (GET answers it with the revision), a quiz and the map's
// settings take the revision in their bodies as the sections do.
func TestRevisionInBodyOfNodesQuizzesAndMaps(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		node := sectionsMap(t, h)
		ed := h.as(editor)
		mapPath := fmt.Sprintf("/api/v1/maps/%d", h.mapID)
		var read struct {
			Revision int64 `json:"revision"`
		}
		ed.do("GET", fmt.Sprintf("%s/nodes/%d", mapPath, node), nil).want(200).decode(&read)
		nodePath := fmt.Sprintf("%s/nodes/%d", mapPath, node)
		ed.do("PATCH", nodePath, map[string]any{"design": map[string]any{"shape": "rectangle"}, "revision": read.Revision}).want(200)
		ed.do("PATCH", nodePath, map[string]any{"design": map[string]any{"shape": "circle"}, "revision": read.Revision}).
			wantError(412, "precondition_failed")

		var quiz map[string]any
		ed.do("POST", mapPath+"/quizzes", map[string]any{"name": map[string]any{"en": "Q"}, "questions": []any{map[string]any{
			"text": map[string]any{"en": "?"}, "answers": []any{map[string]any{"text": map[string]any{"en": "a"}, "correct": true},
				map[string]any{"text": map[string]any{"en": "b"}}}}}}).
			want(201).decode(&quiz)
		quizPath := fmt.Sprintf("%s/quizzes/%v", mapPath, quiz["id"])
		var got map[string]any
		ed.do("GET", quizPath, nil).want(200).decode(&got)
		delete(got, "counts") // the readers' answers are read-only
		ed.do("PUT", quizPath, got).want(200)
		ed.do("PUT", quizPath, got).wantError(412, "precondition_failed")

		var doc struct {
			Revision int64 `json:"revision"`
		}
		ed.do("GET", mapPath, nil).want(200).decode(&doc)
		ed.do("PATCH", mapPath, map[string]any{"name": "Renamed", "revision": doc.Revision}).want(200)
		ed.do("PATCH", mapPath, map[string]any{"name": "Again", "revision": doc.Revision}).wantError(412, "precondition_failed")
		ed.do("PATCH", mapPath, map[string]any{"name": "Again", "revision": doc.Revision + 1}).want(200)
	})
}
