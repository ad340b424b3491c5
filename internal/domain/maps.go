package domain

import "time"

// Zoom levels of a map (spec §9).
const (
	MinLevels = 1
	MaxLevels = 12
)

// Map is a map project of a client. Revision rises with every stored change.
type Map struct {
	ID               int64
	ClientID         int64
	Name             string
	Description      string
	Width            int
	Height           int
	VisibilityLevels int
	Design           MapDesign
	Behavior         Behavior
	Languages        []Language
	// GlobalDesign holds the map-wide design by section; its "nodes" and
	// "edges" sections are the defaults that null design values inherit.
	GlobalDesign map[string]map[string]any
	Layers       []Layer
	Revision     int64
	CreatedAt    time.Time
	UpdatedAt    time.Time
	UpdatedBy    *int64
	CreatedBy    *int64
	// Live is the map overview's live toggle, limited by the live-map quota.
	Live bool
	// A map template is a map flagged as one, with its theme and section.
	IsTemplate bool
	Theme      string
	Section    string
	Palette    string
}

// NewMap returns a map with the defaults of a new one.
func NewMap(clientID int64, name, description string, width, height, levels int) Map {
	return Map{ClientID: clientID, Name: name, Description: description, Width: width, Height: height,
		VisibilityLevels: levels, Design: DefaultMapDesign(), Languages: []Language{LangEN, LangDE, LangFR},
		GlobalDesign: DefaultGlobalDesign(), Layers: Layers(nil, levels)}
}

// DefaultGlobalDesign is a new map's global design: every section present,
// the node and edge defaults all null (the built-in defaults apply).
func DefaultGlobalDesign() map[string]map[string]any {
	g := map[string]map[string]any{}
	for _, s := range GlobalDesignSections {
		g[s] = map[string]any{}
	}
	g["nodes"] = NodeDesignFields.Blank()
	g["edges"] = EdgeDesignFields.Blank()
	return g
}

// Change is one row of a map's append-only change log; Type is a spec sync
// type in snake_case (node_position, edge_created, …).
type Change struct {
	MapID    int64
	Revision int64
	UserID   *int64
	Type     string
	Data     []byte // JSON
	At       time.Time
}
