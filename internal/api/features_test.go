package api_test

import (
	"reflect"
	"testing"

	"github.com/strata-maps/strata/internal/store"
	"github.com/strata-maps/strata/internal/store/storetest"
)

func TestClientFeatures(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		want := map[string]int{anon: 401, guest: 200, student: 200, editor: 200, admin: 200, outsider: 404}
		for a, status := range want {
			h.as(a).do("GET", "/api/v1/clients/acme/features?expand=fonts", nil).want(status)
		}
		var expanded struct {
			Features struct {
				Fonts []struct {
					FamilyName string `json:"family_name"`
					Faces      []struct {
						URL    string `json:"url"`
						Style  string `json:"style"`
						Weight int    `json:"weight"`
						Format string `json:"format"`
					} `json:"faces"`
				} `json:"fonts"`
				Providers []any `json:"external_content_providers"`
			} `json:"features"`
		}
		h.as(guest).do("GET", "/api/v1/clients/acme/features?expand=fonts", nil).want(200).decode(&expanded)
		f := expanded.Features
		if len(f.Fonts) != 1 || f.Fonts[0].FamilyName != "Inter" || len(f.Fonts[0].Faces) != 1 ||
			f.Fonts[0].Faces[0].URL != "/fonts/inter-latin-400-normal.woff2" || f.Fonts[0].Faces[0].Weight != 400 ||
			f.Fonts[0].Faces[0].Format != "woff2" || f.Providers == nil {
			t.Fatalf("features %+v", f)
		}
		var names struct {
			Features struct {
				Fonts []string `json:"fonts"`
			} `json:"features"`
		}
		h.as(guest).do("GET", "/api/v1/clients/acme/features", nil).want(200).decode(&names)
		if !reflect.DeepEqual(names.Features.Fonts, []string{"Inter"}) {
			t.Fatalf("without expand: %v", names.Features.Fonts)
		}
	})
}
