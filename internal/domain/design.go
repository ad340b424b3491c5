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

// field validates one design field's value; nil is always allowed.
type field func(v any) (any, Problem)

// DesignFields is a table of the fields of one kind of design.
type DesignFields map[string]field

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

var colorPattern = regexp.MustCompile(`^(#[0-9a-fA-F]{3}|#[0-9a-fA-F]{4}|#[0-9a-fA-F]{6}|#[0-9a-fA-F]{8}|transparent)$`)

func oneOf(values ...[]string) field {
	allowed := map[string]bool{}
	var all []string
	for _, vs := range values {
		for _, v := range vs {
			allowed[v] = true
			all = append(all, v)
		}
	}
	return func(v any) (any, Problem) {
		s, ok := v.(string)
		if !ok || !allowed[s] {
			return nil, NotAllowed(all...)
		}
		return s, Problem{}
	}
}

func number(min, max float64) field {
	return func(v any) (any, Problem) {
		f, ok := v.(float64)
		if !ok || math.IsNaN(f) || f < min || f > max {
			return nil, OutOfRange(min, max)
		}
		return f, Problem{}
	}
}

func boolean(v any) (any, Problem) {
	b, ok := v.(bool)
	if !ok {
		return nil, WrongType("boolean")
	}
	return b, Problem{}
}

func color(v any) (any, Problem) {
	s, ok := v.(string)
	if !ok || !colorPattern.MatchString(s) {
		return nil, Invalid("colour")
	}
	return s, Problem{}
}

func text(max int) field {
	return func(v any) (any, Problem) {
		s, ok := v.(string)
		if !ok {
			return nil, WrongType("string")
		}
		if len([]rune(s)) > max {
			return nil, TooLong(max)
		}
		return s, Problem{}
	}
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

func link(v any) (any, Problem) {
	s, ok := v.(string)
	if !ok || (s != "" && !ValidURL(s)) {
		return nil, Invalid("url_or_path")
	}
	return s, Problem{}
}

func templateRef(v any) (any, Problem) {
	s, ok := v.(string)
	if !ok || !templateIDPattern.MatchString(s) {
		return nil, Invalid("template_id").Saying(`must be a template id as a string, or "0" for none`)
	}
	return s, Problem{}
}

var templateIDPattern = regexp.MustCompile(`^(0|[1-9][0-9]{0,17})$`)

// NodeDesignFields are the node design fields of spec §3.
var NodeDesignFields = DesignFields{
	"shape":           oneOf(EnabledShapes, DisabledShapes),
	"object_template": templateRef,
	"bg_enabled":      boolean,
	"bg_color":        color,
	"border_enabled":  boolean,
	"border_color":    color,
	"border_style":    oneOf(BorderStyles),
	"border_width":    number(0, 50),
	"shadow_enabled":  boolean,
	"shadow_x":        number(-200, 200),
	"shadow_y":        number(-200, 200),
	"shadow_blur":     number(0, 200),
	"shadow_color":    color,
	"width":           number(1, 10000),
	"height":          number(1, 10000),
	"rotate":          number(-360, 360),
	"title_position":  oneOf(NodeTextPositions),
	"text_align":      oneOf(TextAligns),
	"line_height":     number(0.5, 5),
	"font_url":        link,
	"font_family":     text(100),
	"font_weight":     number(100, 900),
	"font_style":      oneOf(FontStyles),
	"font_size":       number(0, 400),
	"font_color":      color,
	"text_decoration": oneOf(TextDecorations),
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
	"border_style":      oneOf(BorderStyles),
	"border_width":      number(0, 50),
	"border_enabled":    boolean,
	"line_start":        oneOf(ArrowEnds),
	"line_start_size":   number(1, 1000),
	"line_end":          oneOf(ArrowEnds),
	"line_end_size":     number(1, 1000),
	"font_color":        color,
	"font_size":         number(0, 200),
	"font_family":       text(100),
	"font_weight":       number(100, 900),
	"font_style":        oneOf(FontStyles),
	"font_url":          link,
	"line_height":       number(0.5, 5),
	"paragraph_spacing": number(0, 100),
	"text_position":     oneOf(EdgeTextPositions),
	"text_align":        oneOf(TextAligns),
	"text_decoration":   oneOf(TextDecorations),
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
		check, ok := fs[name]
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
		val, problem := check(raw)
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
