package domain

// Map template themes (spec §2: the chooser's themes).
var TemplateThemes = []string{"basic", "process", "strategy", "business", "marketing", "personal"}

// Palettes are the colour palettes a new map or template may start with.
var Palettes = map[string][]string{
	"strata": {"#1f6feb", "#2da44e", "#d29922", "#cf222e", "#8250df"},
	"ocean":  {"#03396c", "#005b96", "#6497b1", "#b3cde0", "#011f4b"},
	"forest": {"#2d6a4f", "#40916c", "#74c69d", "#b7e4c7", "#1b4332"},
	"sunset": {"#ff7b00", "#ff9500", "#ffb700", "#e85d04", "#9d0208"},
	"mono":   {"#212529", "#495057", "#868e96", "#ced4da", "#f1f3f5"},
}

// ValidTheme reports whether t is a template theme.
func ValidTheme(t string) bool {
	for _, x := range TemplateThemes {
		if x == t {
			return true
		}
	}
	return false
}

// ValidPalette reports whether p names a palette ("" for none).
func ValidPalette(p string) bool {
	_, ok := Palettes[p]
	return p == "" || ok
}

// PreviewPoint is a node as a map's preview picture draws it.
type PreviewPoint struct {
	X     float64 `json:"x"`
	Y     float64 `json:"y"`
	Shape string  `json:"shape"`
}
