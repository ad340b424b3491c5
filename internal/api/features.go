package api

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"

	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/store"
	"github.com/strata-maps/strata/internal/webapp"
)

// fontFace is one file of a font family, as the browser loads it.
type fontFace struct {
	URL    string `json:"url" required:"true"`
	Style  string `json:"style" required:"true"`
	Weight int    `json:"weight" required:"true"`
	Format string `json:"format" enum:"woff2" required:"true"`
}

// fontFamily is a font family with its faces (?expand=fonts). Only the
// description's fontList reaches it, so its tags say what is required.
type fontFamily struct {
	FamilyName string     `json:"family_name" required:"true"`
	Name       string     `json:"name" required:"true"`
	Faces      []fontFace `json:"faces" required:"true"`
}

// fontList is the fonts a client's maps may use: their family names, or
// with ?expand=fonts the families with their faces (families not nil).
// The description says which (typeShapes).
type fontList struct {
	names    []string
	families []fontFamily
}

func (l fontList) MarshalJSON() ([]byte, error) {
	if l.families != nil {
		return json.Marshal(l.families)
	}
	return json.Marshal(l.names)
}

// UnmarshalJSON reads either form, a family strictly: the API tests hold
// every answer to its documented type.
func (l *fontList) UnmarshalJSON(b []byte) error {
	if json.Unmarshal(b, &l.names) == nil {
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&l.families); err != nil {
		return fmt.Errorf("fonts are neither names nor families: %w", err)
	}
	return nil
}

// externalContentProvider is an external content provider a client's maps
// may embed, enabled or not (spec: the client's features).
type externalContentProvider struct {
	Enabled bool `json:"enabled"`
}

// featuresAnswer is what a client's maps may use.
type featuresAnswer struct {
	Features features `json:"features"`
}

type features struct {
	Fonts fontList `json:"fonts"`
	// There are no external content providers yet.
	ExternalContentProviders []externalContentProvider `json:"external_content_providers" nullable:"false"`
}

type featuresQuery struct {
	Expand string `query:"expand" description:"A comma-separated list; with fonts, each font is its family with its faces rather than its name."`
}

// getFeatures answers what a client's maps may use (GET /clients/{name}/features):
// the font families Strata serves (with their faces under ?expand=fonts) and
// the external content providers (none yet).
func (s *Server) getFeatures(w http.ResponseWriter, r *http.Request, a domain.Actor, _ store.ClientSummary) error {
	var fonts fontList
	if slices.Contains(strings.Split(r.URL.Query().Get("expand"), ","), "fonts") {
		fonts.families = make([]fontFamily, 0, len(s.fonts))
		for _, f := range s.fonts {
			faces := make([]fontFace, len(f.Faces))
			for i, face := range f.Faces {
				faces[i] = fontFace{URL: webapp.FontsPath + face.File, Style: face.Style, Weight: face.Weight, Format: "woff2"}
			}
			fonts.families = append(fonts.families, fontFamily{FamilyName: f.FamilyName, Name: f.Name, Faces: faces})
		}
	} else {
		fonts.names = make([]string, 0, len(s.fonts))
		for _, f := range s.fonts {
			fonts.names = append(fonts.names, f.FamilyName)
		}
	}
	writeJSON(w, http.StatusOK, featuresAnswer{Features: features{Fonts: fonts, ExternalContentProviders: []externalContentProvider{}}})
	return nil
}
