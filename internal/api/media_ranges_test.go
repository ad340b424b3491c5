package api_test

import (
	"bytes"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/store"
	"github.com/strata-maps/strata/internal/store/storetest"
)

// Media files are sent as stored, never gzipped by the API's compression:
// a compressed answer would drop Accept-Ranges and give the ETag of other
// bytes, and SVG and PDF are types it would compress.
func TestMediaFilesAreNotCompressedAndTakeRanges(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newMediaHarness(t, s, t.TempDir(), nil)
		// Both past the compression's smallest size, and very compressible.
		svg := []byte(`<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40">` +
			strings.Repeat(`<rect width="10" height="10" style="fill:red"/>`, 100) + `</svg>`)
		pdf := []byte("%PDF-1.4\n" + strings.Repeat("% filler line of a test document\n", 100) + "%%EOF\n")
		for _, f := range []struct {
			name string
			body []byte
			typ  domain.MediaType
		}{{"drawing.svg", svg, domain.MediaVector}, {"paper.pdf", pdf, domain.MediaOther}} {
			var a domain.MediaAsset
			h.as(student).upload("POST", mediaPath, formPart{field: "file", filename: f.name, body: f.body}).want(201).decode(&a)
			if a.Type != f.typ {
				t.Fatalf("%s: type %s", f.name, a.Type)
			}
			gz := http.Header{"Accept-Encoding": {"gzip"}}
			whole := h.as(guest).send("GET", a.URL, nil, gz).want(200)
			if whole.header.Get("Content-Encoding") != "" || whole.header.Get("Accept-Ranges") != "bytes" || !bytes.Equal(whole.body, f.body) ||
				whole.header.Get("No-Gzip-Compression") != "" {
				t.Errorf("%s: %v, %d bytes", f.name, whole.header, len(whole.body))
			}
			part := h.as(guest).send("GET", a.URL, nil, http.Header{"Accept-Encoding": {"gzip"}, "Range": {"bytes=100-199"}}).want(206)
			if part.header.Get("Content-Encoding") != "" || !bytes.Equal(part.body, f.body[100:200]) ||
				part.header.Get("Content-Range") != fmt.Sprintf("bytes 100-199/%d", len(f.body)) {
				t.Errorf("%s range: %v %q", f.name, part.header, part.body)
			}
		}
	})
}
