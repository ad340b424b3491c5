package api_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/strata-maps/strata/internal/store"
	"github.com/strata-maps/strata/internal/store/storetest"
)

// The description is served to anyone, and the reference page lays out
// every documented call from it, escaped.
func TestOpenAPIIsServedAndBrowsable(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		anon := h.as(anon)
		res := anon.do("GET", "/api/v1/openapi.json", nil).want(200)
		var spec struct {
			OpenAPI string                     `json:"openapi"`
			Paths   map[string]json.RawMessage `json:"paths"`
		}
		res.decode(&spec)
		if spec.OpenAPI != "3.1.0" || spec.Paths["/api/v1/maps/{id}/elements"] == nil {
			t.Fatalf("openapi %q with %d paths", spec.OpenAPI, len(spec.Paths))
		}
		page := anon.do("GET", "/api/docs", nil).want(200)
		if ct := page.header.Get("Content-Type"); !strings.HasPrefix(ct, "text/html") {
			t.Fatalf("content type %q", ct)
		}
		body := string(page.body)
		for path := range spec.Paths {
			if !strings.Contains(body, "<code>"+path+"</code>") {
				t.Errorf("the page does not show %s", path)
			}
		}
		if !strings.Contains(body, `id="schema-DomainNode"`) {
			t.Error("the page does not show the schemas")
		}
	})
}
