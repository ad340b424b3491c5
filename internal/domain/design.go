package domain

import (
	"encoding/json"
	"math"
	"net/url"
	"regexp"
	"sort"
)

// Design is a node's or edge's (or a template's, or the global default's)
// design: the fields of its table that are set. A field that is absent, or
// null on the wire, is inherited (DESIGN.md §3); designs are kept sparse
// because most fields of most objects inherit, and a large map's document
// is read whole. Values are string, float64 or bool after validation.
type Design map[string]any

// DesignField is one field of a design table: what its value may be, said
// once for both the check of every input and the API's description of it
// (api.designSchemas), so the two cannot differ.
type DesignField struct {
	Kind FieldKind
	// Enumeration names the list of an enum field's values (its schema's
	// name in the description); Values are the values.
	Enumeration string
	Values      []string
	// Min and Max bound a number field; MaxLength a text field, in runes.
	Min, Max  float64
	MaxLength int
	// check validates a value; nil is always allowed (Apply drops it).
	check func(v any) (any, Problem)
}

// FieldKind is the kind of value a design field holds.
type FieldKind string

// The kinds of design fields.
const (
	KindEnum     FieldKind = "enum"
	KindNumber   FieldKind = "number"
	KindBoolean  FieldKind = "boolean"
	KindColor    FieldKind = "color"
	KindText     FieldKind = "text"
	KindURL      FieldKind = "url"
	KindTemplate FieldKind = "template"
)

// DesignFields is a table of the fields of one kind of design.
type DesignFields map[string]DesignField

// Enumerations of spec §3.
var (
	EnabledShapes  = []string{"circle", "rectangle"}
	DisabledShapes = []string{"triangle_top", "triangle_bottom", "rhombus", "parallelogram", "hexagon_hor",
		"hexagon_vert", "pentagon", "star", "trapezoid_top", "trapezoid_bottom"}
	NodeTextPositions = []string{"top-left", "top", "top-right", "left", "center", "right", "bottom-left", "bottom", "bottom-right"}
	EdgeTextPositions = []string{"top", "center", "bottom"}
	MediaRepeats      = []string{"no-repeat", "repeat", "repeat-x", "repeat-y"}
	MediaSizes        = []string{"fill", "cover", "contain", "none"}
	ArrowEnds         = []string{"none", "sharp", "straight", "wide", "dot"}
	BorderStyles      = []string{"solid", "dashed", "dotted"}
	TextAligns        = []string{"left", "center", "right"}
	FontStyles        = []string{"normal", "italic"}
	TextDecorations   = []string{"none", "underline", "line-through"}
	PopupTypes        = []string{"popup-small", "detached-small", "detached-medium", "detached-large", "side-panel-small", "side-panel-large"}
)

// ColorPattern is what a colour value matches; TemplateIDPattern a
// template reference ("0" for none).
var (
	ColorPattern      = regexp.MustCompile(`^(#[0-9a-fA-F]{3}|#[0-9a-fA-F]{4}|#[0-9a-fA-F]{6}|#[0-9a-fA-F]{8}|transparent)$`)
	TemplateIDPattern = regexp.MustCompile(`^(0|[1-9][0-9]{0,17})$`)
)

func oneOf(enumeration string, values ...[]string) DesignField {
	allowed := map[string]bool{}
	var all []string
	for _, vs := range values {
		for _, v := range vs {
			allowed[v] = true
			all = append(all, v)
		}
	}
	return DesignField{Kind: KindEnum, Enumeration: enumeration, Values: all, check: func(v any) (any, Problem) {
		s, ok := v.(string)
		if !ok || !allowed[s] {
			return nil, NotAllowed(all...)
		}
		return s, Problem{}
	}}
}

func number(min, max float64) DesignField {
	return DesignField{Kind: KindNumber, Min: min, Max: max, check: func(v any) (any, Problem) {
		f, ok := v.(float64)
		if !ok || math.IsNaN(f) || f < min || f > max {
			return nil, OutOfRange(min, max)
		}
		return f, Problem{}
	}}
}

var (
	boolean     = DesignField{Kind: KindBoolean, check: checkBoolean}
	color       = DesignField{Kind: KindColor, check: checkColor}
	link        = DesignField{Kind: KindURL, check: checkLink}
	templateRef = DesignField{Kind: KindTemplate, check: checkTemplateRef}
)

func checkBoolean(v any) (any, Problem) {
	b, ok := v.(bool)
	if !ok {
		return nil, WrongType("boolean")
	}
	return b, Problem{}
}

func checkColor(v any) (any, Problem) {
	s, ok := v.(string)
	if !ok || !ColorPattern.MatchString(s) {
		return nil, Invalid("colour")
	}
	return s, Problem{}
}

func text(max int) DesignField {
	return DesignField{Kind: KindText, MaxLength: max, check: func(v any) (any, Problem) {
		s, ok := v.(string)
		if !ok {
			return nil, WrongType("string")
		}
		if len([]rune(s)) > max {
			return nil, TooLong(max)
		}
		return s, Problem{}
	}}
}

// ValidURL reports whether s is an absolute http(s) URL or a path on this site.
func ValidURL(s string) bool {
	if len(s) > 2048 {
		return false
	}
	u, err := url.Parse(s)
	if err != nil {
		return false
	}
	if u.Scheme == "" {
		return u.Host == "" && len(s) > 0 && s[0] == '/'
	}
	return (u.Scheme == "http" || u.Scheme == "https") && u.Host != ""
}

func checkLink(v any) (any, Problem) {
	s, ok := v.(string)
	if !ok || (s != "" && !ValidURL(s)) {
		return nil, Invalid("url_or_path")
	}
	return s, Problem{}
}

func checkTemplateRef(v any) (any, Problem) {
	s, ok := v.(string)
	if !ok || !TemplateIDPattern.MatchString(s) {
		return nil, Invalid("template_id").Saying(`must be a template id as a string, or "0" for none`)
	}
	return s, Problem{}
}

// NodeDesignFields are the node design fields of spec §3.
var NodeDesignFields = DesignFields{
	"shape":           oneOf("Shape", EnabledShapes, DisabledShapes),
	"object_template": templateRef,
	"bg_enabled":      boolean,
	"bg_color":        color,
	"border_enabled":  boolean,
	"border_color":    color,
	"border_style":    oneOf("BorderStyle", BorderStyles),
	"border_width":    number(0, 50),
	"shadow_enabled":  boolean,
	"shadow_x":        number(-200, 200),
	"shadow_y":        number(-200, 200),
	"shadow_blur":     number(0, 200),
	"shadow_color":    color,
	"width":           number(1, 10000),
	"height":          number(1, 10000),
	"rotate":          number(-360, 360),
	"title_position":  oneOf("NodeTextPosition", NodeTextPositions),
	"text_align":      oneOf("TextAlign", TextAligns),
	"line_height":     number(0.5, 5),
	"font_url":        link,
	"font_family":     text(100),
	"font_weight":     number(100, 900),
	"font_style":      oneOf("FontStyle", FontStyles),
	"font_size":       number(0, 400),
	"font_color":      color,
	"text_decoration": oneOf("TextDecoration", TextDecorations),
	"media":           text(500),
	"media_url":       link,
	"media_cropped":   boolean,
	"media_size":      number(1, 1000),
	"media_opacity":   number(0, 100),
}

// EdgeDesignFields are the edge design fields of spec §3.
var EdgeDesignFields = DesignFields{
	"object_template":   templateRef,
	"border_color":      color,
	"border_style":      oneOf("BorderStyle", BorderStyles),
	"border_width":      number(0, 50),
	"border_enabled":    boolean,
	"line_start":        oneOf("ArrowEnd", ArrowEnds),
	"line_start_size":   number(1, 1000),
	"line_end":          oneOf("ArrowEnd", ArrowEnds),
	"line_end_size":     number(1, 1000),
	"font_color":        color,
	"font_size":         number(0, 200),
	"font_family":       text(100),
	"font_weight":       number(100, 900),
	"font_style":        oneOf("FontStyle", FontStyles),
	"font_url":          link,
	"line_height":       number(0.5, 5),
	"paragraph_spacing": number(0, 100),
	"text_position":     oneOf("EdgeTextPosition", EdgeTextPositions),
	"text_align":        oneOf("TextAlign", TextAligns),
	"text_decoration":   oneOf("TextDecoration", TextDecorations),
	"shadow_enabled":    boolean,
	"shadow_color":      color,
	"shadow_x":          number(-200, 200),
	"shadow_y":          number(-200, 200),
	"shadow_blur":       number(0, 200),
}

// Blank returns a design with every field inherited.
func (fs DesignFields) Blank() Design { return Design{} }

// Apply validates a patch (field → raw JSON, null allowed) and applies it
// to d, recording each bad field in v under prefix+name. Unknown fields are
// refused rather than silently kept.
func (fs DesignFields) Apply(d Design, patch map[string]json.RawMessage, prefix string, v *Validation) {
	names := make([]string, 0, len(patch))
	for k := range patch {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, name := range names {
		f, ok := fs[name]
		if !ok {
			v.Add(prefix+name, Unknown().Saying("is not a design field"))
			continue
		}
		var raw any
		if err := json.Unmarshal(patch[name], &raw); err != nil {
			v.Add(prefix+name, Invalid("json"))
			continue
		}
		if raw == nil {
			delete(d, name)
			continue
		}
		val, problem := f.check(raw)
		if problem.Code != "" {
			v.Add(prefix+name, problem)
			continue
		}
		d[name] = val
	}
}

// Normalize drops unknown and null fields, for a design read back from
// storage or given whole.
func (fs DesignFields) Normalize(d Design) Design {
	for k, val := range d {
		if _, ok := fs[k]; !ok || val == nil {
			delete(d, k)
		}
	}
	if d == nil {
		return Design{}
	}
	return d
}

// Set sets a field, or makes it inherited when v is nil.
func (d Design) Set(name string, v any) {
	if v == nil {
		delete(d, name)
		return
	}
	d[name] = v
}

// Clone copies a design.
func (d Design) Clone() Design {
	out := make(Design, len(d))
	for k, v := range d {
		out[k] = v
	}
	return out
}

// String returns the field as a string, "" when null.
func (d Design) String(name string) string {
	s, _ := d[name].(string)
	return s
}

// Number returns the field as a number and whether it is set.
func (d Design) Number(name string) (float64, bool) {
	f, ok := d[name].(float64)
	return f, ok
}
