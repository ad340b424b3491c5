package demo

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"

	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/store"
)

// GeneratedLevels is the level count of a generated map.
const GeneratedLevels = 5

var (
	topicWords = [3][]string{
		{"Strategy", "Market", "Research", "Product", "Customer", "Process", "Team", "Risk", "Budget", "Partner"},
		{"Strategie", "Markt", "Forschung", "Produkt", "Kunde", "Prozess", "Team", "Risiko", "Budget", "Partner"},
		{"Stratégie", "Marché", "Recherche", "Produit", "Client", "Processus", "Équipe", "Risque", "Budget", "Partenaire"},
	}
	langs   = []domain.Language{domain.LangEN, domain.LangDE, domain.LangFR}
	palette = []string{"#2563eb", "#16a34a", "#ea580c", "#9333ea", "#0891b2", "#dc2626"}
)

// GenerateMap creates a map of the client with n nodes and about 2n edges,
// laid out in clusters over five levels, with node and edge templates and
// content in English, German and French: realistic enough for benchmarks
// and for trying the editor on a large map. The same n gives the same map.
func GenerateMap(ctx context.Context, s *store.Store, clientID int64, name string, n int) (domain.Map, error) {
	return Generate(ctx, s, clientID, name, Generation{Nodes: n})
}

// Generation says what map Generate makes.
type Generation struct {
	Nodes int
	// EveryLevel puts every node and edge on every level: the most a
	// client ever draws at once.
	EveryLevel bool
}

// Generate is GenerateMap with options.
func Generate(ctx context.Context, s *store.Store, clientID int64, name string, g Generation) (domain.Map, error) {
	n := g.Nodes
	rng := rand.New(rand.NewPCG(uint64(n), 42))
	side := int(math.Max(2000, math.Sqrt(float64(n))*220))
	var m domain.Map
	err := s.Tx(ctx, func(tx *store.Store) error {
		var err error
		m, err = tx.CreateMap(ctx, domain.NewMap(clientID, name, fmt.Sprintf("A generated map of %d nodes.", n), side, side, GeneratedLevels))
		if err != nil {
			return err
		}
		nodeTemplates, edgeTemplates, err := generateTemplates(ctx, tx, m.ID)
		if err != nil {
			return err
		}
		nodes := make([]domain.Node, 0, n)
		cols := int(math.Ceil(math.Sqrt(float64(n))))
		cell := float64(side) / float64(cols+1)
		for i := 0; i < n; i++ {
			gen := generateNode(rng, i, cols, cell, nodeTemplates)
			if g.EveryLevel {
				gen.Visibility.MinLevel, gen.Visibility.MaxLevel = 1, GeneratedLevels
			}
			node, err := tx.InsertNode(ctx, m.ID, gen)
			if err != nil {
				return err
			}
			nodes = append(nodes, node)
		}
		for i := range nodes {
			// Each node joins two of its right and lower neighbours whose
			// levels overlap its own: about two edges per node.
			made := 0
			for _, j := range []int{i + 1, i + cols, i + cols + 1, i + cols - 1, i + 2, i + 2*cols} {
				if made == 2 || j >= len(nodes) {
					break
				}
				vis, err := domain.NewEdgeVisibility(nodes[i], nodes[j])
				if err != nil {
					continue
				}
				if _, err := tx.InsertEdge(ctx, m.ID, generateEdge(rng, nodes[i].ID, nodes[j].ID, vis, edgeTemplates)); err != nil {
					return err
				}
				made++
			}
		}
		return nil
	})
	return m, err
}

func generateTemplates(ctx context.Context, tx *store.Store, mapID int64) (nodeRefs, edgeRefs []string, err error) {
	for i, name := range []string{"Topic", "Detail", "Highlight"} {
		d := domain.NodeDesignFields.Blank()
		d["bg_enabled"], d["bg_color"] = true, palette[i]
		d["border_enabled"], d["border_color"], d["border_width"], d["border_style"] = true, "#1e293b", float64(2-i%2), "solid"
		d["font_color"], d["font_size"], d["title_position"] = "#ffffff", float64(18-i*3), "center"
		d["width"], d["height"] = float64(140-i*20), float64(90-i*10)
		t, err := tx.InsertTemplate(ctx, mapID, domain.ObjectTemplate{Name: name, Type: domain.TemplateNode, Design: d})
		if err != nil {
			return nil, nil, err
		}
		nodeRefs = append(nodeRefs, strconv.FormatInt(t.ID, 10))
	}
	for i, name := range []string{"Flow", "Reference"} {
		d := domain.EdgeDesignFields.Blank()
		d["border_color"], d["border_width"], d["line_end"] = "#475569", float64(2-i), "sharp"
		if i == 1 {
			d["border_style"], d["line_end"] = "dashed", "none"
		}
		t, err := tx.InsertTemplate(ctx, mapID, domain.ObjectTemplate{Name: name, Type: domain.TemplateEdge, Design: d})
		if err != nil {
			return nil, nil, err
		}
		edgeRefs = append(edgeRefs, strconv.FormatInt(t.ID, 10))
	}
	return nodeRefs, edgeRefs, nil
}

func generateNode(rng *rand.Rand, i, cols int, cell float64, templates []string) domain.Node {
	// Level 1 shows the cluster heads, deeper levels add detail.
	minL := 1 + rng.IntN(GeneratedLevels)
	if i%25 == 0 {
		minL = 1
	}
	maxL := minL + rng.IntN(GeneratedLevels-minL+1)
	d := domain.NodeDesignFields.Blank()
	shape := "rectangle"
	if rng.IntN(3) == 0 {
		shape = "circle"
	}
	d["shape"] = shape
	tmpl := templates[min(minL-1, len(templates)-1)]
	if rng.IntN(5) == 0 {
		tmpl = domain.NoTemplate
		d["bg_color"] = palette[rng.IntN(len(palette))]
		d["width"], d["height"] = 120.0, 80.0
	}
	if rng.IntN(8) == 0 {
		d["font_size"] = float64(12 + rng.IntN(16))
	}
	d["object_template"] = tmpl
	domain.EqualCircleSides(d)
	content := map[domain.Language]domain.NodeContent{}
	word := rng.IntN(len(topicWords[0]))
	for li, l := range langs {
		content[l] = domain.NodeContent{
			Title:           fmt.Sprintf("%s %d", topicWords[li][word], i+1),
			Abstract:        fmt.Sprintf("%s — %d", topicWords[li][(word+3)%len(topicWords[li])], i+1),
			Content:         fmt.Sprintf("<p><b>%s</b> %d</p>", topicWords[li][word], i+1),
			NodeSearchTerms: topicWords[li][word],
		}
	}
	x := (float64(i%cols) + 1 + (rng.Float64()-0.5)*0.5) * cell
	y := (float64(i/cols) + 1 + (rng.Float64()-0.5)*0.5) * cell
	return domain.Node{Template: tmpl, Design: d, Geometry: domain.NodeGeometry{Shape: shape, Center: domain.Point{X: x, Y: y}},
		Visibility: domain.Visibility{MinLevel: minL, MaxLevel: maxL}, Content: content, PopupType: domain.PopupTypes[0], Order: int64(i + 1)}
}

func generateEdge(rng *rand.Rand, from, to int64, vis domain.Visibility, templates []string) domain.Edge {
	d := domain.EdgeDesignFields.Blank()
	tmpl := templates[rng.IntN(len(templates))]
	d["object_template"] = tmpl
	content := map[domain.Language]domain.EdgeContent{}
	if rng.IntN(6) == 0 {
		content[domain.LangEN] = domain.EdgeContent{Middle: "leads to"}
		content[domain.LangDE] = domain.EdgeContent{Middle: "führt zu", Translated: true}
		content[domain.LangFR] = domain.EdgeContent{Middle: "mène à", Translated: true}
	}
	return domain.Edge{Node: domain.EdgeEnds{FromID: from, ToID: to}, Template: tmpl, Design: d, Visibility: vis, Content: content}
}
