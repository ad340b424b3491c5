package api

import (
	"net/http"
	"slices"
	"strings"

	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/store"
	"github.com/strata-maps/strata/internal/webapp"
)

type fontFaceJSON struct {
	URL    string `json:"url"`
	Style  string `json:"style"`
	Weight int    `json:"weight"`
	Format string `json:"format"`
}

type fontJSON struct {
	FamilyName string         `json:"family_name"`
	Name       string         `json:"name"`
	Faces      []fontFaceJSON `json:"faces"`
}

// featuresAnswer is what a client's maps may use.
type featuresAnswer struct {
	Features features `json:"features"`
}

type features struct {
	// Fonts are family names, or whole families (fontJSON) with ?expand=fonts.
	Fonts                    []any `json:"fonts" description:"Family names; with ?expand=fonts, families with their faces (url, style, weight, format)."`
	ExternalContentProviders []any `json:"external_content_providers"`
}

// getFeatures answers what a client's maps may use (GET /clients/{name}/features):
// the font families Strata serves (with their faces under ?expand=fonts) and
// the external content providers (none yet).
func (s *Server) getFeatures(w http.ResponseWriter, r *http.Request, a domain.Actor, _ store.ClientSummary) error {
	expand := slices.Contains(strings.Split(r.URL.Query().Get("expand"), ","), "fonts")
	fonts := make([]any, 0, len(s.fonts))
	for _, f := range s.fonts {
		if !expand {
			fonts = append(fonts, f.FamilyName)
			continue
		}
		faces := make([]fontFaceJSON, len(f.Faces))
		for i, face := range f.Faces {
			faces[i] = fontFaceJSON{URL: webapp.FontsPath + face.File, Style: face.Style, Weight: face.Weight, Format: "woff2"}
		}
		fonts = append(fonts, fontJSON{FamilyName: f.FamilyName, Name: f.Name, Faces: faces})
	}
	writeJSON(w, http.StatusOK, featuresAnswer{Features: features{Fonts: fonts, ExternalContentProviders: []any{}}})
	return nil
}
