package domain

// The map document: nodes, edges, object templates, layers and settings,
// under the spec's JSON names (spec §3).

// NoTemplate is the template id of an object without a template.
const NoTemplate = "0"

// CloneOffset is how far a clone is moved from its original (spec §9).
const CloneOffset = 30

// Visibility is the range of zoom levels an element shows on.
type Visibility struct {
	MinLevel int  `json:"min_level"`
	MaxLevel int  `json:"max_level"`
	Hidden   bool `json:"hidden"`
}

// Overlaps reports whether two ranges share a level.
func (v Visibility) Overlaps(o Visibility) bool {
	return v.MinLevel <= o.MaxLevel && o.MinLevel <= v.MaxLevel
}

// Point is a position on the map.
type Point struct {
	X float64 `json:"x"`
	Y float64 `json:"y"`
}

// MaxCoordinate bounds a position on either axis: ten times the largest
// map side, room to spare around any map, and far from where sums of
// positions (bounds, previews, clone offsets) lose precision or overflow.
const MaxCoordinate = 1_000_000

// CheckPoint records a position beyond MaxCoordinate under field.
func CheckPoint(v *Validation, p Point, field string) {
	ok := func(c float64) bool { return c >= -MaxCoordinate && c <= MaxCoordinate }
	v.Check(ok(p.X), field+".x", OutOfRange(-MaxCoordinate, MaxCoordinate))
	v.Check(ok(p.Y), field+".y", OutOfRange(-MaxCoordinate, MaxCoordinate))
}

// NodeGeometry places a node; Shape mirrors design.shape.
type NodeGeometry struct {
	Shape  string `json:"shape"`
	Center Point  `json:"center"`
}

// Editing holds an element's stored editing flags.
type Editing struct {
	Locked bool `json:"locked"`
}

// NodeContent is a node's content in one language; empty fields are left
// out of the JSON, as most nodes fill only a few.
type NodeContent struct {
	Title            string `json:"title,omitempty"`
	Abstract         string `json:"abstract,omitempty"`
	Content          string `json:"content,omitempty"` // sanitised HTML
	ShortContent     string `json:"short_content,omitempty"`
	MarginalContent1 string `json:"marginal_content_1,omitempty"`
	MarginalContent2 string `json:"marginal_content_2,omitempty"`
	NodeLinkTo       string `json:"node_link_to,omitempty"`
	NodeSearchTerms  string `json:"node_search_terms,omitempty"`
	SEODescription   string `json:"seo_description,omitempty"`
	// HasMore is set only in a summary (see Summary): the node has content
	// beyond it, to be read with the node.
	HasMore bool `json:"has_more,omitempty"`
}

// Summary is what a map's document carries of a node's content: what the
// canvas, search and links need. The rest is read with the node, so that a
// large map opens without its whole text.
func (c NodeContent) Summary() NodeContent {
	return NodeContent{Title: c.Title, NodeSearchTerms: c.NodeSearchTerms, NodeLinkTo: c.NodeLinkTo,
		HasMore: c.HasContent() || c.SEODescription != ""}
}

// ContentSummary summarises every language of a node's content.
func ContentSummary(content map[Language]NodeContent) map[Language]NodeContent {
	out := make(map[Language]NodeContent, len(content))
	for l, c := range content {
		out[l] = c.Summary()
	}
	return out
}

// HasContent reports whether anything beyond title, search terms, SEO text
// and the link is filled in: such a node opens a popup and cannot link away.
func (c NodeContent) HasContent() bool {
	return c.Abstract != "" || c.Content != "" || c.ShortContent != "" || c.MarginalContent1 != "" || c.MarginalContent2 != ""
}

// Node is a node of a map.
type Node struct {
	ID         int64                    `json:"id"`
	Template   string                   `json:"template"`
	Design     Design                   `json:"design" nullable:"false"`
	Geometry   NodeGeometry             `json:"geometry"`
	Visibility Visibility               `json:"visibility"`
	Content    map[Language]NodeContent `json:"content" nullable:"false"`
	NextID     *int64                   `json:"next_id" required:"true"`
	PreviousID *int64                   `json:"previous_id" required:"true"`
	PopupType  string                   `json:"popup_type"`
	Editing    Editing                  `json:"editing"`
	// Order is the drawing order: higher is drawn on top.
	Order int64 `json:"order"`
}

// EdgeEnds names the nodes an edge joins.
type EdgeEnds struct {
	FromID int64 `json:"from_id"`
	ToID   int64 `json:"to_id"`
}

// EdgeContent is an edge's labels in one language.
type EdgeContent struct {
	Start      string `json:"start,omitempty"`
	Middle     string `json:"middle,omitempty"`
	End        string `json:"end,omitempty"`
	Translated bool   `json:"translated,omitempty"`
}

// Edge is a connection between two nodes.
type Edge struct {
	ID         int64                    `json:"id"`
	Node       EdgeEnds                 `json:"node"`
	Name       string                   `json:"name"`
	Type       string                   `json:"type"`
	Template   string                   `json:"template"`
	Design     Design                   `json:"design" nullable:"false"`
	Content    map[Language]EdgeContent `json:"content" nullable:"false"`
	Visibility Visibility               `json:"visibility"`
	Locked     bool                     `json:"locked"`
}

// Template types.
const (
	TemplateNode = "node"
	TemplateEdge = "edge"
)

// ObjectTemplate is a reusable design for nodes or edges of one map.
type ObjectTemplate struct {
	ID     int64  `json:"id"`
	Name   string `json:"name"`
	Type   string `json:"type"`
	Design Design `json:"design" nullable:"false"`
}

// Fields returns the design table of the template's type.
func (t ObjectTemplate) Fields() DesignFields {
	if t.Type == TemplateEdge {
		return EdgeDesignFields
	}
	return NodeDesignFields
}

// Layer is a zoom level's flags.
type Layer struct {
	ID     int  `json:"id"`
	Hidden bool `json:"hidden"`
	Locked bool `json:"locked"`
}

// GlobalDesignSections are the sections of the map-wide design.
var GlobalDesignSections = []string{"nodes", "edges", "popups", "tooltips", "table_of_contents", "templates"}

// MapDesign is the map's background and expansion.
type MapDesign struct {
	Expansion     string  `json:"expansion"`
	BgColor       string  `json:"bg_color"`
	Media         *string `json:"media"`
	MediaURL      *string `json:"media_url"`
	MediaPosition string  `json:"media_position"`
	MediaRepeat   string  `json:"media_repeat"`
	MediaSize     string  `json:"media_size"`
	MediaOpacity  float64 `json:"media_opacity"`
}

// DefaultMapDesign is a new map's design.
func DefaultMapDesign() MapDesign {
	return MapDesign{Expansion: "both", BgColor: "#ffffff", MediaPosition: "center", MediaRepeat: "no-repeat", MediaSize: "cover", MediaOpacity: 100}
}

// Measurement is a map's size.
type Measurement struct {
	Width  int `json:"width"`
	Height int `json:"height"`
}

// Behavior holds a map's reader-facing switches.
type Behavior struct {
	MarkVisitedNodes bool `json:"mark_visited_nodes"`
}
