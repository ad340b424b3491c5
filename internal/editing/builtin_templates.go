package editing

import (
	"context"

	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/store"
)

// Built-in map templates ship in the binary rather than as rows seeded by a
// migration: a map belongs to one client, and these belong to none; they
// improve with each release without a data migration; and no user can
// change or delete them. Creating a map from one writes its nodes and edges
// in the creating transaction, like copying a client's own template.

// BuiltinTemplate is a map template that ships with Strata. Its texts are
// in English, German and French; the web app names it by Key.
type BuiltinTemplate struct {
	Key     string
	Theme   string
	Section string
	Name    string
	Width   int
	Height  int
	Levels  int
	Palette string
	// Premium templates are for admins and users given the premium flag.
	Premium bool
	Nodes   []builtinNode
	// Edges join nodes by their index in Nodes.
	Edges [][2]int
}

type builtinNode struct {
	Titles   [3]string // en, de, fr
	X, Y     float64
	MinLevel int
	Shape    string
	Color    int // index into the palette
}

func n(en, de, fr string, x, y float64, level int, shape string, color int) builtinNode {
	return builtinNode{Titles: [3]string{en, de, fr}, X: x, Y: y, MinLevel: level, Shape: shape, Color: color}
}

// BuiltinTemplates are the templates every client may start from.
var BuiltinTemplates = []BuiltinTemplate{
	{Key: "mind-map", Theme: "basic", Section: "Basics", Name: "Mind map", Width: 2000, Height: 1400, Levels: 2, Palette: "strata",
		Nodes: []builtinNode{
			n("Central idea", "Zentrale Idee", "Idée centrale", 1000, 700, 1, "circle", 0),
			n("Branch 1", "Zweig 1", "Branche 1", 550, 400, 1, "rectangle", 1),
			n("Branch 2", "Zweig 2", "Branche 2", 1450, 400, 1, "rectangle", 2),
			n("Branch 3", "Zweig 3", "Branche 3", 550, 1000, 1, "rectangle", 3),
			n("Branch 4", "Zweig 4", "Branche 4", 1450, 1000, 1, "rectangle", 4),
			n("Detail", "Detail", "Détail", 300, 250, 2, "rectangle", 1),
			n("Detail", "Detail", "Détail", 1700, 250, 2, "rectangle", 2),
		},
		Edges: [][2]int{{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 5}, {2, 6}}},
	{Key: "process-flow", Theme: "process", Section: "Processes", Name: "Process flow", Width: 2600, Height: 1000, Levels: 2, Palette: "ocean",
		Nodes: []builtinNode{
			n("Start", "Start", "Début", 250, 500, 1, "circle", 0),
			n("Step 1", "Schritt 1", "Étape 1", 750, 500, 1, "rectangle", 1),
			n("Step 2", "Schritt 2", "Étape 2", 1250, 500, 1, "rectangle", 1),
			n("Step 3", "Schritt 3", "Étape 3", 1750, 500, 1, "rectangle", 1),
			n("Result", "Ergebnis", "Résultat", 2300, 500, 1, "circle", 0),
			n("Check", "Prüfung", "Contrôle", 1250, 800, 2, "rectangle", 2),
		},
		Edges: [][2]int{{0, 1}, {1, 2}, {2, 3}, {3, 4}, {2, 5}}},
	{Key: "swot", Theme: "strategy", Section: "Strategy", Name: "SWOT analysis", Width: 2000, Height: 1600, Levels: 1, Palette: "forest",
		Nodes: []builtinNode{
			n("Strengths", "Stärken", "Forces", 550, 450, 1, "rectangle", 0),
			n("Weaknesses", "Schwächen", "Faiblesses", 1450, 450, 1, "rectangle", 1),
			n("Opportunities", "Chancen", "Opportunités", 550, 1150, 1, "rectangle", 2),
			n("Threats", "Risiken", "Menaces", 1450, 1150, 1, "rectangle", 3),
			n("Goal", "Ziel", "Objectif", 1000, 800, 1, "circle", 4),
		},
		Edges: [][2]int{{0, 4}, {1, 4}, {2, 4}, {3, 4}}},
	{Key: "business-model", Theme: "business", Section: "Business", Name: "Business model", Width: 2600, Height: 1600, Levels: 1, Palette: "strata", Premium: true,
		Nodes: []builtinNode{
			n("Key partners", "Partner", "Partenaires clés", 300, 600, 1, "rectangle", 0),
			n("Key activities", "Aktivitäten", "Activités clés", 800, 400, 1, "rectangle", 1),
			n("Key resources", "Ressourcen", "Ressources clés", 800, 900, 1, "rectangle", 1),
			n("Value proposition", "Wertversprechen", "Proposition de valeur", 1300, 600, 1, "circle", 2),
			n("Customer relations", "Kundenbeziehungen", "Relations clients", 1800, 400, 1, "rectangle", 3),
			n("Channels", "Kanäle", "Canaux", 1800, 900, 1, "rectangle", 3),
			n("Customer segments", "Kundensegmente", "Segments de clientèle", 2300, 600, 1, "rectangle", 4),
			n("Costs", "Kosten", "Coûts", 800, 1350, 1, "rectangle", 0),
			n("Revenue", "Einnahmen", "Revenus", 1800, 1350, 1, "rectangle", 4),
		},
		Edges: [][2]int{{0, 1}, {1, 3}, {2, 3}, {3, 4}, {3, 5}, {4, 6}, {5, 6}, {2, 7}, {5, 8}}},
	{Key: "customer-journey", Theme: "marketing", Section: "Marketing", Name: "Customer journey", Width: 2600, Height: 1000, Levels: 2, Palette: "sunset", Premium: true,
		Nodes: []builtinNode{
			n("Awareness", "Aufmerksamkeit", "Découverte", 250, 500, 1, "circle", 0),
			n("Consideration", "Erwägung", "Considération", 750, 500, 1, "circle", 1),
			n("Purchase", "Kauf", "Achat", 1250, 500, 1, "circle", 2),
			n("Retention", "Bindung", "Fidélisation", 1750, 500, 1, "circle", 3),
			n("Advocacy", "Empfehlung", "Recommandation", 2300, 500, 1, "circle", 4),
			n("Touchpoints", "Kontaktpunkte", "Points de contact", 750, 800, 2, "rectangle", 1),
		},
		Edges: [][2]int{{0, 1}, {1, 2}, {2, 3}, {3, 4}, {1, 5}}},
	{Key: "personal-goals", Theme: "personal", Section: "Personal", Name: "Personal goals", Width: 2000, Height: 1400, Levels: 2, Palette: "mono",
		Nodes: []builtinNode{
			n("My goals", "Meine Ziele", "Mes objectifs", 1000, 300, 1, "circle", 0),
			n("Health", "Gesundheit", "Santé", 400, 800, 1, "rectangle", 1),
			n("Work", "Arbeit", "Travail", 1000, 800, 1, "rectangle", 1),
			n("Learning", "Lernen", "Apprentissage", 1600, 800, 1, "rectangle", 1),
			n("First step", "Erster Schritt", "Premier pas", 1000, 1150, 2, "rectangle", 2),
		},
		Edges: [][2]int{{0, 1}, {0, 2}, {0, 3}, {2, 4}}},
}

// BuiltinByKey returns the built-in template with the key.
func BuiltinByKey(key string) (BuiltinTemplate, bool) {
	for _, b := range BuiltinTemplates {
		if b.Key == key {
			return b, true
		}
	}
	return BuiltinTemplate{}, false
}

func (b BuiltinTemplate) newMap(clientID int64) domain.Map {
	m := domain.NewMap(clientID, b.Name, "", b.Width, b.Height, b.Levels)
	m.Palette, m.Section = b.Palette, b.Section
	return m
}

var builtinLanguages = [3]domain.Language{domain.LangEN, domain.LangDE, domain.LangFR}

// insert writes the template's nodes and edges onto a new map.
func (b BuiltinTemplate) insert(ctx context.Context, tx *store.Store, mapID int64) error {
	colors := domain.Palettes[b.Palette]
	ids := make([]domain.Node, len(b.Nodes))
	for i, bn := range b.Nodes {
		d := domain.NodeDesignFields.Blank()
		d["shape"], d["object_template"] = bn.Shape, domain.NoTemplate
		d["bg_enabled"], d["bg_color"] = true, colors[bn.Color%len(colors)]
		d["font_color"], d["title_position"] = "#ffffff", "center"
		d["width"], d["height"] = 220.0, 110.0
		domain.EqualCircleSides(d)
		content := map[domain.Language]domain.NodeContent{}
		for li, l := range builtinLanguages {
			content[l] = domain.NodeContent{Title: bn.Titles[li]}
		}
		node := domain.Node{Template: domain.NoTemplate, Design: d, Geometry: domain.NodeGeometry{Shape: bn.Shape, Center: domain.Point{X: bn.X, Y: bn.Y}},
			Visibility: domain.Visibility{MinLevel: bn.MinLevel, MaxLevel: b.Levels}, Content: content,
			PopupType: domain.PopupTypes[0], Order: int64(i + 1)}
		var err error
		if ids[i], err = tx.InsertNode(ctx, mapID, node); err != nil {
			return err
		}
	}
	for _, e := range b.Edges {
		vis, err := domain.NewEdgeVisibility(ids[e[0]], ids[e[1]])
		if err != nil {
			return err
		}
		d := domain.EdgeDesignFields.Blank()
		d["object_template"] = domain.NoTemplate
		edge := domain.Edge{Node: domain.EdgeEnds{FromID: ids[e[0]].ID, ToID: ids[e[1]].ID}, Template: domain.NoTemplate,
			Design: d, Visibility: vis, Content: map[domain.Language]domain.EdgeContent{}}
		if _, err := tx.InsertEdge(ctx, mapID, edge); err != nil {
			return err
		}
	}
	return nil
}
