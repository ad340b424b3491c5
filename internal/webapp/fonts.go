package webapp

import (
	_ "embed"
	"encoding/json"
	"fmt"
)

// FontsPath is where the web app serves the font files (its build copies them there).
const FontsPath = "/fonts/"

// FontFace is one file of a font family.
type FontFace struct {
	File   string `json:"file"`
	Weight int    `json:"weight"`
	Style  string `json:"style"`
}

// Font is a family Strata serves to every client.
type Font struct {
	FamilyName string     `json:"family_name"`
	Name       string     `json:"name"`
	Package    string     `json:"package"`
	Faces      []FontFace `json:"faces"`
}

//go:embed fonts.json
var fontsJSON []byte

// Fonts answers the fonts the web app serves; the list is part of the binary,
// so a broken one fails the tests, not a request.
func Fonts() ([]Font, error) {
	var list struct {
		Fonts []Font `json:"fonts"`
	}
	if err := json.Unmarshal(fontsJSON, &list); err != nil {
		return nil, fmt.Errorf("webapp fonts.json: %w", err)
	}
	return list.Fonts, nil
}
