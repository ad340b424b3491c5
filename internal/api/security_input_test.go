package api_test

import (
	"encoding/base64"
	"fmt"
	"net/url"
	"testing"

	"github.com/strata-maps/strata/internal/store"
	"github.com/strata-maps/strata/internal/store/storetest"
)

// A forged cursor carrying NUL in its key reached PostgreSQL, which
// refused the query: a 500 on the members' and the readers' lists. A key is
// checked as text after decoding: 400 naming the cursor.
func TestSecurityForgedCursorKey(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		adm := h.as(admin)
		for _, list := range []struct{ path, name string }{
			{"/api/v1/clients/acme/users", "members"},
			{"/api/v1/clients/acme/readers", "readers"},
		} {
			for _, key := range []string{`"a\u0000b"`, `"\u0000"`} {
				raw := fmt.Sprintf(`{"l":"%s:%d","t":%s,"i":1}`, list.name, h.acme.ID, key)
				cursor := base64.RawURLEncoding.EncodeToString([]byte(raw))
				adm.do("GET", list.path+"?cursor="+url.QueryEscape(cursor), nil).
					wantError(400, "validation_failed", "cursor").wantProblem("cursor", "invalid")
			}
			// A well-formed key of the list is still read.
			cursor := base64.RawURLEncoding.EncodeToString(fmt.Appendf(nil, `{"l":"%s:%d","t":"m","i":1}`, list.name, h.acme.ID))
			adm.do("GET", list.path+"?cursor="+cursor, nil).want(200)
		}
	})
}

// Direction controls made a name show in another order:
// "x\u202Egnp.exe" reads "xexe.png". Names that say what a thing is (a
// file's, an API key's, a person's) refuse them; a map's content keeps
// them, which mixed Arabic or Hebrew and Latin text may need.
func TestSecurityBidiControlsInNames(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newMediaHarness(t, s, t.TempDir(), nil)
		adm, ed := h.as(admin), h.as(editor)
		for _, c := range []string{"\u202E", "\u202A", "\u2066", "\u2069", "\u200E", "\u200F", "\u061C"} {
			h.as(student).upload("POST", mediaPath, formPart{field: "file", filename: "x" + c + "gnp.png", body: pngOf(4, 4)}).
				wantError(400, "validation_failed", "file").wantProblem("file", "bidi_control")
			adm.do("POST", "/api/v1/clients/acme/api_keys", map[string]any{"name": "deploy" + c + "yek", "scope": "read"}).
				wantError(400, "validation_failed", "name").wantProblem("name", "bidi_control")
			path := fmt.Sprintf("/api/v1/users/%d", h.users[editor].ID)
			ed.do("PATCH", path, map[string]any{"name": "Ed" + c + "nimda"}).wantError(400, "validation_failed", "name").wantProblem("name", "bidi_control")
			ed.do("PATCH", path, map[string]any{"first_name": "Ed" + c}).wantError(400, "validation_failed", "first_name").wantProblem("first_name", "bidi_control")
		}
		var keys struct {
			APIKeys []any `json:"api_keys"`
		}
		adm.do("GET", "/api/v1/clients/acme/api_keys", nil).want(200).decode(&keys)
		if len(keys.APIKeys) != 0 {
			t.Fatalf("refused keys were made: %+v", keys.APIKeys)
		}
		h.as(student).upload("POST", mediaPath, formPart{field: "file", filename: "مخطط.png", body: pngOf(4, 4)}).want(201)
		ed.do("PATCH", fmt.Sprintf("/api/v1/users/%d", h.users[editor].ID), map[string]any{"name": "אדה לאבלייס"}).want(200)
		// A map's name and content may mix directions.
		ed.do("PATCH", fmt.Sprintf("/api/v1/maps/%d", h.mapID), map[string]any{"name": "خريطة\u200F (2024)"}).want(200)
	})
}
