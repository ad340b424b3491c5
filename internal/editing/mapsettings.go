package editing

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"time"

	"github.com/strata-maps/strata/internal/domain"
)

// MapSettings is a map's settings as the document and its changes carry them.
type MapSettings struct {
	ID               int64              `json:"id"`
	Name             string             `json:"name"`
	Description      string             `json:"description"`
	Measurement      domain.Measurement `json:"measurement"`
	Design           domain.MapDesign   `json:"design"`
	VisibilityLevels int                `json:"visibility_levels"`
	Behavior         domain.Behavior    `json:"behavior"`
	Languages        []domain.Language  `json:"languages" nullable:"false"`
	UpdatedAt        time.Time          `json:"updated_at"`
}

func newMapSettings(m domain.Map) MapSettings {
	return MapSettings{ID: m.ID, Name: m.Name, Description: m.Description, Measurement: domain.Measurement{Width: m.Width, Height: m.Height},
		Design: m.Design, VisibilityLevels: m.VisibilityLevels, Behavior: m.Behavior, Languages: m.Languages, UpdatedAt: m.UpdatedAt}
}

// NewMapSettings exposes a map's settings in their JSON form.
func NewMapSettings(m domain.Map) MapSettings { return newMapSettings(m) }

// MapDesignPatch is a partial map design.
type MapDesignPatch struct {
	Expansion     *string  `json:"expansion"`
	BgColor       *string  `json:"bg_color"`
	MediaKey      *string  `json:"media"`
	MediaURL      *string  `json:"media_url"`
	MediaPosition *string  `json:"media_position"`
	MediaRepeat   *string  `json:"media_repeat"`
	MediaSize     *string  `json:"media_size"`
	MediaOpacity  *float64 `json:"media_opacity"`
}

// MapPatch changes a map's settings.
type MapPatch struct {
	Name             *string             `json:"name"`
	Description      *string             `json:"description"`
	Design           *MapDesignPatch     `json:"design"`
	Measurement      *domain.Measurement `json:"measurement"`
	VisibilityLevels *int                `json:"visibility_levels"`
	Behavior         *domain.Behavior    `json:"behavior"`
	Languages        []domain.Language   `json:"languages"`
}

// Expansions are the directions a map may grow in.
var Expansions = []string{"both", "horizontal", "vertical", "none"}

// Map size limits.
const (
	MinMapSide = 100
	MaxMapSide = 100000
)

// ValidateNewMap checks the fields of a map being created.
func ValidateNewMap(name, description string, width, height, levels int) error {
	var v domain.Validation
	checkMapFields(&v, "", name, description, width, height, levels)
	return v.Err()
}

func checkMapFields(v *domain.Validation, prefix, name, description string, width, height, levels int) {
	v.Check(strings.TrimSpace(name) != "", prefix+"name", domain.Required())
	v.Check(len([]rune(name)) <= 200, prefix+"name", domain.TooLong(200))
	v.Check(domain.SingleLine(name), prefix+"name", domain.LineBreak())
	v.Check(len([]rune(description)) <= 5000, prefix+"description", domain.TooLong(5000))
	v.Check(width >= MinMapSide && width <= MaxMapSide, prefix+"measurement.width", domain.OutOfRange(MinMapSide, MaxMapSide))
	v.Check(height >= MinMapSide && height <= MaxMapSide, prefix+"measurement.height", domain.OutOfRange(MinMapSide, MaxMapSide))
	v.Check(domain.ValidLevels(levels), prefix+"visibility_levels", domain.OutOfRange(domain.MinLevels, domain.MaxLevels))
}

func (e *edit) patchMap(p MapPatch, prefix string) error {
	if err := e.full(); err != nil {
		return err
	}
	m := e.m
	var v domain.Validation
	if p.Name != nil {
		m.Name = strings.TrimSpace(*p.Name)
	}
	if p.Description != nil {
		m.Description = *p.Description
	}
	if p.Measurement != nil {
		m.Width, m.Height = p.Measurement.Width, p.Measurement.Height
	}
	if p.VisibilityLevels != nil {
		m.VisibilityLevels = *p.VisibilityLevels
	}
	checkMapFields(&v, prefix, m.Name, m.Description, m.Width, m.Height, m.VisibilityLevels)
	if p.Behavior != nil {
		m.Behavior = *p.Behavior
	}
	if p.Languages != nil {
		v.Check(len(p.Languages) > 0, prefix+"languages", domain.Required())
		for _, l := range p.Languages {
			v.Check(l.Valid(), prefix+"languages", domain.NotAllowed(domain.LangEN, domain.LangDE, domain.LangFR))
		}
		m.Languages = p.Languages
	}
	if p.Design != nil {
		applyMapDesign(&m.Design, *p.Design, prefix+"design.", &v)
		if p.Design.MediaKey != nil {
			media := mediaRefs{}
			media.add(*p.Design.MediaKey, prefix+"design.media")
			if err := media.check(e, &v); err != nil {
				return err
			}
		}
	}
	if err := v.Err(); err != nil {
		return err
	}
	var changedNodes []domain.Node
	var changedEdges []domain.Edge
	if m.VisibilityLevels != e.m.VisibilityLevels {
		var err error
		if changedNodes, changedEdges, err = e.clampLevels(m.VisibilityLevels); err != nil {
			return err
		}
		m.Layers = domain.Layers(m.Layers, m.VisibilityLevels)
	}
	e.m = m
	if err := e.saveMap(); err != nil {
		return err
	}
	settings := newMapSettings(m)
	return e.record(TypeMap, Delta{Map: &settings, Layers: m.Layers, Nodes: changedNodes, Edges: changedEdges})
}

func applyMapDesign(d *domain.MapDesign, p MapDesignPatch, prefix string, v *domain.Validation) {
	enum := func(src *string, dst *string, allowed []string, field string) {
		if src == nil {
			return
		}
		v.Check(slices.Contains(allowed, *src), prefix+field, domain.NotAllowed(allowed...))
		*dst = *src
	}
	enum(p.Expansion, &d.Expansion, Expansions, "expansion")
	enum(p.MediaPosition, &d.MediaPosition, domain.NodeTextPositions, "media_position")
	enum(p.MediaRepeat, &d.MediaRepeat, domain.MediaRepeats, "media_repeat")
	enum(p.MediaSize, &d.MediaSize, domain.MediaSizes, "media_size")
	if p.BgColor != nil {
		raw, _ := json.Marshal(*p.BgColor)
		probe := domain.Design{}
		var vv domain.Validation
		domain.NodeDesignFields.Apply(probe, map[string]json.RawMessage{"bg_color": raw}, "", &vv)
		v.Check(vv.Err() == nil, prefix+"bg_color", domain.Invalid("colour"))
		d.BgColor = *p.BgColor
	}
	if p.MediaOpacity != nil {
		v.Check(*p.MediaOpacity >= 0 && *p.MediaOpacity <= 100, prefix+"media_opacity", domain.OutOfRange(0, 100))
		d.MediaOpacity = *p.MediaOpacity
	}
	// media and media_url exclude each other: setting one clears the other.
	if p.MediaKey != nil && p.MediaURL != nil && *p.MediaKey != "" && *p.MediaURL != "" {
		v.Add(prefix+"media_url", domain.Exclusive("media"))
	}
	if p.MediaKey != nil {
		v.Check(len(*p.MediaKey) <= 500, prefix+"media", domain.TooLong(500))
		d.Media = nonEmpty(*p.MediaKey)
		if d.Media != nil {
			d.MediaURL = nil
		}
	}
	if p.MediaURL != nil {
		v.Check(*p.MediaURL == "" || domain.ValidURL(*p.MediaURL), prefix+"media_url", domain.Invalid("url_or_path"))
		d.MediaURL = nonEmpty(*p.MediaURL)
		if d.MediaURL != nil {
			d.Media = nil
		}
	}
}

func nonEmpty(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// clampLevels fits every node and edge into a new level count.
func (e *edit) clampLevels(levels int) ([]domain.Node, []domain.Edge, error) {
	nodes, err := e.tx.NodesOfMap(e.ctx, e.m.ID)
	if err != nil {
		return nil, nil, err
	}
	var changedNodes []domain.Node
	for _, n := range nodes {
		if v := domain.ClampToLevels(n.Visibility, levels); v != n.Visibility {
			n.Visibility = v
			if err := e.tx.UpdateNode(e.ctx, e.m.ID, n); err != nil {
				return nil, nil, err
			}
			changedNodes = append(changedNodes, n)
		}
	}
	edges, err := e.tx.EdgesOfMap(e.ctx, e.m.ID)
	if err != nil {
		return nil, nil, err
	}
	var changedEdges []domain.Edge
	for _, ed := range edges {
		if v := domain.ClampToLevels(ed.Visibility, levels); v != ed.Visibility {
			ed.Visibility = v
			if err := e.tx.UpdateEdge(e.ctx, e.m.ID, ed); err != nil {
				return nil, nil, err
			}
			changedEdges = append(changedEdges, ed)
		}
	}
	return changedNodes, changedEdges, nil
}

// PatchMap changes a map's settings.
func (s *Service) PatchMap(ctx context.Context, mapID, userID int64, p MapPatch) (Result, error) {
	// Not through PatchElements: its fields would be named map.… there,
	// while this call's body is the map part itself.
	return s.run(ctx, mapID, userID, func(e *edit) error { return e.patchMap(p, "") })
}

// maxSectionBytes bounds one global design section.
const maxSectionBytes = 64 << 10

// PatchGlobalDesign replaces the given sections of the map's global
// design. The nodes and edges sections are validated as designs (their
// values are the defaults that null values inherit); the others are
// stored as given, bounded in size.
func (s *Service) PatchGlobalDesign(ctx context.Context, mapID, userID int64, sections map[string]json.RawMessage) (Result, error) {
	return s.run(ctx, mapID, userID, func(e *edit) error {
		var v domain.Validation
		if err := e.full(); err != nil {
			return err
		}
		media := mediaRefs{} // the nodes' default media
		g := e.m.GlobalDesign
		if g == nil {
			g = domain.DefaultGlobalDesign()
		}
		for name, raw := range sections {
			field := name
			if !slices.Contains(domain.GlobalDesignSections, name) {
				v.Add(field, domain.NotAllowed(domain.GlobalDesignSections...))
				continue
			}
			if len(raw) > maxSectionBytes {
				v.Add(field, domain.TooLarge(maxSectionBytes))
				continue
			}
			switch name {
			case "nodes", "edges":
				fields := domain.NodeDesignFields
				if name == "edges" {
					fields = domain.EdgeDesignFields
				}
				var patch map[string]json.RawMessage
				if err := json.Unmarshal(raw, &patch); err != nil {
					v.Add(field, domain.Invalid("object"))
					continue
				}
				d := fields.Normalize(g[name])
				fields.Apply(d, patch, name+".", &v)
				media.addRaw(patch["media"], name+".media")
				g[name] = d
			default:
				var obj map[string]any
				if err := json.Unmarshal(raw, &obj); err != nil || obj == nil {
					v.Add(field, domain.Invalid("object"))
					continue
				}
				g[name] = obj
			}
		}
		if err := media.check(e, &v); err != nil {
			return err
		}
		if err := v.Err(); err != nil {
			return err
		}
		e.m.GlobalDesign = g
		if err := e.saveMap(); err != nil {
			return err
		}
		return e.record(TypeGlobalDesign, Delta{GlobalDesign: g})
	})
}
