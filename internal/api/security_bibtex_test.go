package api_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/strata-maps/strata/internal/store"
	"github.com/strata-maps/strata/internal/store/storetest"
)

// A 70-byte file naming an @string macro it does not define stopped the
// whole server (github.com/nickng/bibtex called log.Fatalf). It is read
// now, the macro kept as its name, and malformed files are refused.
func TestBibTeXImportCannotStopTheServer(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		sectionsMap(t, h)
		st := h.as(student)
		path := fmt.Sprintf("/api/v1/maps/%d/references/import", h.mapID)
		plain := http.Header{"Content-Type": {"text/plain"}}
		var got bibtexResult
		st.send("POST", path, "@article{smith2020, title = {Rivers}, author = {Smith}, journal = jgr}", plain).want(200).decode(&got)
		if len(got.Imported) != 1 || got.Imported[0].Source != "Smith: Rivers. jgr" {
			t.Fatalf("imported %+v", got.Imported)
		}
		st.send("POST", path, "@string{agu = {AGU}}\n@misc{m1, title = {T}, publisher = agu # { Books}, year = 2001, month = jan}", plain).
			want(200).decode(&got)
		if len(got.Imported) != 1 || got.Imported[0].Source != "(2001): T. AGU Books" {
			t.Fatalf("imported %+v", got.Imported)
		}
		for _, body := range []string{
			"@article{k, title = {Rivers}, journal = jgr # }",
			"@string{jgr = }\n@article{k, title = {Rivers}}",
			"@article{k, title = \"Rivers}",
			// Each macro eight times the last: 2 GB of text from 400 bytes.
			"@string{b = {xxxxxxxxxxxxxxxx}}" + strings.Repeat("@string{b = b # b # b # b # b # b # b # b}", 9) + "@misc{k, title = b}",
		} {
			res := st.send("POST", path, body, plain).wantError(400, "validation_failed", "file")
			if !strings.Contains(string(res.body), "cannot parse line") {
				t.Errorf("%q refused saying %s", body, res.body)
			}
		}
	})
}
