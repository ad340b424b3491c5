package api_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	"github.com/strata-maps/strata/internal/store"
	"github.com/strata-maps/strata/internal/store/storetest"
)

// crossSite is what a page of another site sends with its form or fetch.
var crossSite = http.Header{"Sec-Fetch-Site": {"cross-site"}, "Origin": {"https://evil.example"}}

// withHeader is crossSite with one more header.
func withHeader(h http.Header, name, value string) http.Header {
	out := h.Clone()
	out.Set(name, value)
	return out
}

// An Authorization header used to switch the cross-site check off whatever
// it held: another site's page added a junk one and the public routes
// (sign-out, reader sign-up) acted on the visitor's cookie. Only a request
// with an API key and no session cookie skips the check now.
func TestSecurityJunkAuthorizationDoesNotSkipTheCrossSiteCheck(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		ed := h.session(editor)
		pubPath := fmt.Sprintf("/api/v1/maps/%d/publication", h.mapID)
		ed.do("PATCH", pubPath, map[string]any{"url": "acme-csrf", "access_mode": "partial"}).want(200)
		ed.do("POST", fmt.Sprintf("/api/v1/maps/%d/publish", h.mapID), nil).want(201)
		if err := s.SetMapLive(context.Background(), h.mapID, true); err != nil {
			t.Fatal(err)
		}
		public := "/api/v1/public/maps/acme-csrf"
		outside := h.session(outsider)
		outside.do("GET", public, nil).wantError(403, "reader_required")
		for _, auth := range []string{"Basic Zm9vOmJhcg==", "Bearer junk", "Bearer"} {
			header := withHeader(crossSite, "Authorization", auth)
			// The visitor is not made a reader of the map by another site.
			outside.send("POST", public+"/readers", nil, header).wantError(403, "forbidden")
			outside.do("GET", public, nil).wantError(403, "reader_required")
			// Nor signed out by it.
			for _, path := range []string{"/api/v1/auth/logout", "/api/v1/public/logout"} {
				ed.send("POST", path, nil, header).wantError(403, "forbidden")
				ed.do("GET", "/api/v1/auth/session", nil).want(200)
			}
		}
		// A script with its key and no cookie needs no Origin.
		key := h.newKey(admin, "acme", "script", "edit")
		h.script(key.Key, "GET", fmt.Sprintf("/api/v1/maps/%d", h.mapID), nil).want(200)
		h.anonymous().send("PATCH", fmt.Sprintf("/api/v1/maps/%d", h.mapID), map[string]any{"name": "Renamed by a script"},
			http.Header{"Authorization": {"Bearer " + key.Key}, "Origin": nil, "Sec-Fetch-Site": nil}).want(200)
	})
}
