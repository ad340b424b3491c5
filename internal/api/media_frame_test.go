package api_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/store"
	"github.com/strata-maps/strata/internal/store/storetest"
)

// publishedWith uploads body, shows it on a node of the map and
// publishes the map (embeddable by partner.example.org): the asset and
// its three file routes (the client's, the map's, the public one).
func publishedWith(t *testing.T, h *mediaHarness, body []byte) (domain.MediaAsset, []string) {
	t.Helper()
	var a domain.MediaAsset
	h.as(student).upload("POST", mediaPath, formPart{field: "file", filename: "IMG_0001.jpg", body: body}).want(201).decode(&a)
	ed := h.as(editor)
	var node struct {
		ID int64 `json:"id"`
	}
	ed.do("POST", fmt.Sprintf("/api/v1/maps/%d/nodes", h.mapID), map[string]any{"design": map[string]any{"shape": "rectangle"},
		"geometry": map[string]any{"center": map[string]int{"x": 10, "y": 20}}}).want(201).decode(&node)
	ed.do("PATCH", fmt.Sprintf("/api/v1/maps/%d/nodes/%d", h.mapID, node.ID), map[string]any{"design": map[string]any{"media": a.Key}}).want(200)
	ed.do("PATCH", fmt.Sprintf("/api/v1/maps/%d/publication", h.mapID), map[string]any{"url": "acme-photos", "access_mode": "accessible",
		"embed_domains": "partner.example.org"}).want(200)
	ed.do("POST", fmt.Sprintf("/api/v1/maps/%d/publish", h.mapID), nil).want(201)
	ed.do("PATCH", fmt.Sprintf("/api/v1/maps/%d/live", h.mapID), map[string]any{"live": true}).want(200)
	return a, []string{
		fmt.Sprintf("/api/v1/clients/acme/media/%s/file?v=%d", a.Key, a.Version),
		fmt.Sprintf("/api/v1/maps/%d/media/%s?v=%d", h.mapID, a.Key, a.Version),
		fmt.Sprintf("/api/v1/public/maps/acme-photos/media/%s?v=%d", a.Key, a.Version),
	}
}

// Another site may not show a media file in a frame (where its own page
// would dress it up): only Strata's pages may, and for a published map's
// files the sites the map may be embedded in, as for the map's page.
func TestMediaFilesAreNotFramedByOtherSites(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newMediaHarness(t, s, t.TempDir(), nil)
		_, routes := publishedWith(t, h, pngOf(300, 200))
		var svg domain.MediaAsset
		h.as(student).upload("POST", mediaPath, formPart{field: "file", filename: "logo.svg",
			body: []byte(`<svg xmlns="http://www.w3.org/2000/svg" width="12" height="4"/>`)}).want(201).decode(&svg)
		for _, c := range []struct {
			route, ancestors, xfo string
			who                   *client
		}{
			{routes[0], "'self'", "SAMEORIGIN", h.as(guest)},
			{routes[0] + "&w=256", "'self'", "SAMEORIGIN", h.as(guest)},
			{routes[1], "'self'", "SAMEORIGIN", h.as(guest)},
			{routes[2], "'self' partner.example.org", "", h.as(anon)},
			{svg.URL, "'self'", "SAMEORIGIN", h.as(guest)},
		} {
			res := c.who.do("GET", c.route, nil).want(200)
			csp := res.header.Get("Content-Security-Policy")
			if !strings.HasSuffix(csp, "; frame-ancestors "+c.ancestors) || !strings.Contains(csp, "sandbox") {
				t.Errorf("%s: Content-Security-Policy %q, want sandbox and frame-ancestors %s", c.route, csp, c.ancestors)
			}
			if got := res.header.Get("X-Frame-Options"); got != c.xfo {
				t.Errorf("%s: X-Frame-Options %q, want %q", c.route, got, c.xfo)
			}
		}
	})
}
