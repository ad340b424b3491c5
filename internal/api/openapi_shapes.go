package api

import (
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"

	"github.com/swaggest/jsonschema-go"

	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/editing"
	"github.com/strata-maps/strata/internal/live"
)

// What reflection cannot read off the Go types: which fields a request may
// leave out, and the shapes of the values Go keeps loosely typed (designs,
// content by language, ids that may be null).

// The description-only request types of calls whose handler decodes a
// looser Go type: a node's and an edge's design patch (designPatchRequest)
// and the global design's sections (map[string]json.RawMessage).
type (
	nodeDesignPatchRequest designPatchRequest
	edgeDesignPatchRequest designPatchRequest
	globalDesignPatch      map[string]json.RawMessage
)

// reshape turns a property's reflected schema into what it describes.
type reshape func(reflected jsonschema.Schema) jsonschema.Schema

func refTo(name string) reshape {
	return func(jsonschema.Schema) jsonschema.Schema { return schemaRef(name) }
}

func anyOfRefs(names ...string) reshape {
	return func(jsonschema.Schema) jsonschema.Schema {
		s := jsonschema.Schema{}
		for _, n := range names {
			s.AnyOf = append(s.AnyOf, sob(schemaRef(n)))
		}
		return s
	}
}

// byLanguage makes a map keyed by language an object with a property per
// language, each optional: a language never filled in is absent.
func byLanguage(reflected jsonschema.Schema) jsonschema.Schema {
	return keyedBy(reflected, domain.Language("").Enum())
}

// keyedBy makes a map's schema an object with a property per key, each of
// the map's value schema, and no others.
func keyedBy(m jsonschema.Schema, keys []any) jsonschema.Schema {
	value := jsonschema.SchemaOrBool{TypeBoolean: ptr(true)}
	if m.AdditionalProperties != nil {
		value = *m.AdditionalProperties
	}
	m.AdditionalProperties = &jsonschema.SchemaOrBool{TypeBoolean: ptr(false)}
	m.PropertyNames = nil
	m.Properties = make(map[string]jsonschema.SchemaOrBool, len(keys))
	for _, k := range keys {
		m.Properties[fmt.Sprint(k)] = value
	}
	return m
}

// everyKey requires each key of a map keyed by an enumeration: the answer
// always has them all.
func everyKey(s jsonschema.Schema) jsonschema.Schema {
	s.Required = slices.Sorted(maps.Keys(s.Properties))
	return s
}

var mapDesignFields = map[string]string{
	"expansion": "EditingExpansion", "bg_color": "DomainColor", "media_position": "DomainNodeTextPosition",
	"media_repeat": "DomainMediaRepeat", "media_size": "DomainMediaSize",
}

// propertyShapes reshape the properties of Go structs, by the struct that
// declares the field and the field's JSON name.
var propertyShapes = func() map[reflect.Type]map[string]reshape {
	mapDesign := map[string]reshape{}
	mapDesignPatch := map[string]reshape{}
	for field, name := range mapDesignFields {
		mapDesign[field] = refTo(name)
		mapDesignPatch[field] = refTo(name)
	}
	return map[reflect.Type]map[string]reshape{
		reflect.TypeFor[domain.Node](): {"design": refTo("DomainNodeDesign"), "template": refTo("DomainTemplateRef"),
			"popup_type": refTo("DomainPopupType")},
		reflect.TypeFor[domain.Edge]():            {"design": refTo("DomainEdgeDesign"), "template": refTo("DomainTemplateRef")},
		reflect.TypeFor[domain.NodeGeometry]():    {"shape": refTo("DomainShape")},
		reflect.TypeFor[domain.MapDesign]():       mapDesign,
		reflect.TypeFor[editing.MapDesignPatch](): mapDesignPatch,
		reflect.TypeFor[editing.NodePatch](): {"design": refTo("DomainNodeDesignPatch"), "content": byLanguage,
			"popup_type": refTo("DomainPopupType")},
		reflect.TypeFor[editing.EdgePatch]():            {"design": refTo("DomainEdgeDesignPatch"), "content": byLanguage},
		reflect.TypeFor[editing.TemplatePatch]():        {"design": anyOfRefs("DomainNodeDesignPatch", "DomainEdgeDesignPatch")},
		reflect.TypeOf(editing.NewNode{}.Design):        {"shape": refTo("DomainEnabledShape"), "object_template": refTo("DomainTemplateRef")},
		reflect.TypeOf(editing.NewEdge{}.Design).Elem(): {"object_template": refTo("DomainTemplateRef")},
		reflect.TypeFor[editing.Delta]():                {"global_design": refTo("DomainGlobalDesign")},
		reflect.TypeFor[mapDocument]():                  {"global_design": refTo("DomainGlobalDesign")},
		reflect.TypeFor[quotasAnswer]():                 {"quotas": everyKey},
		reflect.TypeFor[domain.MediaStats]():            {"types": everyKey, "limits": everyKey},
		reflect.TypeFor[changeJSON]():                   {"data": refTo("EditingDelta")},
		reflect.TypeFor[nodeDesignPatchRequest]():       {"design": refTo("DomainNodeDesignPatch")},
		reflect.TypeFor[edgeDesignPatchRequest]():       {"design": refTo("DomainEdgeDesignPatch")},
		// The live channel: a committed change as in the change log; a
		// relayed edit's data as the clients send it (the server relays
		// it unread).
		reflect.TypeFor[live.SyncFrame]():          {"type": refTo("ApiChangeType"), "data": refTo("EditingDelta")},
		reflect.TypeFor[live.RelayedEditFrame]():   {"data": refTo("LiveNodeDraggingData")},
		reflect.TypeFor[live.TransientEditFrame](): {"data": refTo("LiveNodeDraggingData")},
		reflect.TypeFor[fontFace]():                {"style": refTo("DomainFontStyle")},
	}
}()

// typeShapes replace the whole schema of Go types whose JSON reflection
// cannot see.
var typeShapes = map[reflect.Type]func() jsonschema.Schema{
	// The design of a template is of its type's table. The members' type
	// constants tell them apart (no discriminator: openapi-typescript would
	// name the members' schemas as their types).
	reflect.TypeFor[domain.ObjectTemplate](): func() jsonschema.Schema {
		return jsonschema.Schema{
			OneOf: []jsonschema.SchemaOrBool{
				sob(schemaRef("DomainNodeObjectTemplate")), sob(schemaRef("DomainEdgeObjectTemplate")),
			},
		}
	},
	// A template's own fields, of its type, with the revision beside them.
	reflect.TypeFor[templateAnswer](): func() jsonschema.Schema {
		revision := object("", map[string]jsonschema.Schema{
			"revision": *(&jsonschema.Schema{}).WithType(jsonschema.Integer.Type()).WithFormat("int64"),
		}, "revision")
		revision.AdditionalProperties = nil // the template's fields are beside it
		return jsonschema.Schema{AllOf: []jsonschema.SchemaOrBool{sob(schemaRef("DomainObjectTemplate")), sob(revision)}}
	},
	// A template is made from a design or an object of its type.
	reflect.TypeFor[editing.NewTemplate](): func() jsonschema.Schema {
		one := func(typ, design, from string) jsonschema.SchemaOrBool {
			return sob(object("", map[string]jsonschema.Schema{
				"name":   *(&jsonschema.Schema{}).WithType(jsonschema.String.Type()),
				"type":   *(&jsonschema.Schema{}).WithConst(typ),
				"design": schemaRef(design),
				from:     *(&jsonschema.Schema{}).WithType(jsonschema.Integer.Type()),
			}, "name", "type"))
		}
		return jsonschema.Schema{
			OneOf: []jsonschema.SchemaOrBool{
				one(domain.TemplateNode, "DomainNodeDesignPatch", "from_node_id"),
				one(domain.TemplateEdge, "DomainEdgeDesignPatch", "from_edge_id"),
			},
		}
	},
	// Absent leaves the link, null clears it.
	reflect.TypeFor[editing.OptionalID](): func() jsonschema.Schema {
		return *(&jsonschema.Schema{}).WithType(jsonschema.Type{SliceOfSimpleTypeValues: []jsonschema.SimpleType{jsonschema.Integer, jsonschema.Null}})
	},
	reflect.TypeFor[globalDesignPatch](): func() jsonschema.Schema { return schemaRef("DomainGlobalDesignPatch") },
	// The fonts' family names, or their families (?expand=fonts).
	reflect.TypeFor[fontList](): func() jsonschema.Schema {
		list := func(item jsonschema.Schema) jsonschema.SchemaOrBool {
			return sob(*(&jsonschema.Schema{}).WithType(jsonschema.Array.Type()).WithItems(*(&jsonschema.Items{}).WithSchemaOrBool(sob(item))))
		}
		return *(&jsonschema.Schema{OneOf: []jsonschema.SchemaOrBool{
			list(*(&jsonschema.Schema{}).WithType(jsonschema.String.Type())),
			list(schemaRef("ApiFontFamily")),
		}}).WithDescription("Family names; with ?expand=fonts, families with their faces.")
	},
	// A live client names an element by its id as a number or a string.
	reflect.TypeFor[live.ElemID](): func() jsonschema.Schema {
		return *(&jsonschema.Schema{}).WithType(jsonschema.Type{SliceOfSimpleTypeValues: []jsonschema.SimpleType{jsonschema.String, jsonschema.Integer}}).
			WithDescription("A number or a string.")
	},
}

// field is a JSON property of a struct, with the struct that declares it.
type field struct {
	owner reflect.Type
	name  string
	f     reflect.StructField
}

// jsonFields lists a struct's JSON properties, those of embedded structs
// among them, as encoding/json writes them.
func jsonFields(t reflect.Type) []field {
	var out []field
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if f.Anonymous && name == "" {
			et := f.Type
			if et.Kind() == reflect.Pointer {
				et = et.Elem()
			}
			if et.Kind() == reflect.Struct {
				out = append(out, jsonFields(et)...)
				continue
			}
		}
		if !f.IsExported() || name == "-" {
			continue
		}
		if name == "" {
			name = f.Name
		}
		out = append(out, field{owner: t, name: name, f: f})
	}
	return out
}

// answerTypes are the struct types that some answer or server frame
// carries. Any other struct is only ever read from a request.
func answerTypes(ops []operation) map[reflect.Type]bool {
	seen := map[reflect.Type]bool{}
	var walk func(t reflect.Type)
	walk = func(t reflect.Type) {
		for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Array || t.Kind() == reflect.Map {
			t = t.Elem()
		}
		if t.Kind() != reflect.Struct || seen[t] {
			return
		}
		seen[t] = true
		for _, f := range jsonFields(t) {
			walk(f.f.Type)
		}
	}
	walk(reflect.TypeFor[errorBody]())
	for _, op := range ops {
		if op.out != nil {
			walk(reflect.TypeOf(op.out))
		}
		for _, alt := range op.alt {
			walk(reflect.TypeOf(alt))
		}
	}
	for _, frame := range live.ServerFrames {
		walk(reflect.TypeOf(frame))
	}
	return seen
}

// required says which properties of a struct are always there. In an
// answer, every field Go always writes (no omitempty; a nil pointer is
// written as null); in a request, where absent fields decode as zero
// values, only what the server refuses to miss, tagged `required:"true"`.
// A struct in both is held to the answer's rule: the schema is one.
func required(fields []field, answer bool) []string {
	var out []string
	for _, f := range fields {
		_, opts, _ := strings.Cut(f.f.Tag.Get("json"), ",")
		always := answer && !strings.Contains(opts, "omitempty")
		if always || f.f.Tag.Get("required") == "true" {
			out = append(out, f.name)
		}
	}
	return out
}

// withoutNull drops null from a request's property: a nil pointer, map or
// slice decodes from null and from absence alike, and means "unchanged",
// so the description offers one way to say it (leaving the field out). A
// null that means something is in the value's own schema (OptionalID, a
// design patch's values) or tagged `nullable:"true"` on the field.
func withoutNull(s *jsonschema.Schema) {
	if len(s.AnyOf) == 2 && s.AnyOf[0].TypeObject != nil && s.AnyOf[0].TypeObject.HasType(jsonschema.Null) &&
		s.AnyOf[0].TypeObject.Ref == nil && len(s.AnyOf[0].TypeObject.Properties) == 0 {
		*s = *s.AnyOf[1].TypeObject
		return
	}
	if s.Type == nil || s.Type.SliceOfSimpleTypeValues == nil {
		return
	}
	var kept []jsonschema.SimpleType
	for _, t := range s.Type.SliceOfSimpleTypeValues {
		if t != jsonschema.Null {
			kept = append(kept, t)
		}
	}
	if len(kept) == 1 {
		s.Type = &jsonschema.Type{SimpleTypes: &kept[0]}
	} else {
		s.Type.SliceOfSimpleTypeValues = kept
	}
}

// shapeSchemas is the schema interceptor of openAPI.
func shapeSchemas(answers map[reflect.Type]bool) jsonschema.InterceptSchemaFunc {
	return func(p jsonschema.InterceptSchemaParams) (bool, error) {
		if !p.Value.IsValid() {
			return false, nil
		}
		t := p.Value.Type()
		for t.Kind() == reflect.Pointer {
			t = t.Elem()
		}
		if !p.Processed {
			shape, ok := typeShapes[t]
			if ok {
				*p.Schema = shape()
			}
			return ok, nil
		}
		switch t.Kind() {
		case reflect.Map:
			// A map keyed by an enumeration (languages, quota kinds) has a
			// property per key: openapi-typescript ignores propertyNames.
			if e, ok := reflect.Zero(t.Key()).Interface().(interface{ Enum() []any }); ok {
				*p.Schema = keyedBy(*p.Schema, e.Enum())
			}
		case reflect.Struct:
			if p.Context.PropertyNameTag != "json" {
				return false, nil // openapi-go's passes for query, path and header parameters
			}
			fields := jsonFields(t)
			p.Schema.Required = required(fields, answers[t])
			if answers[t] {
				// An answer leaves out a nil pointer tagged omitempty, so
				// when it is there it is not null.
				for _, f := range fields {
					_, opts, _ := strings.Cut(f.f.Tag.Get("json"), ",")
					if prop := p.Schema.Properties[f.name]; f.f.Type.Kind() == reflect.Pointer &&
						strings.Contains(opts, "omitempty") && prop.TypeObject != nil {
						withoutNull(prop.TypeObject)
					}
				}
			} else {
				for _, f := range fields {
					if f.f.Tag.Get("nullable") == "true" {
						continue // a null the request means (none, rather than unchanged)
					}
					switch f.f.Type.Kind() {
					case reflect.Pointer, reflect.Map, reflect.Slice:
						if prop := p.Schema.Properties[f.name]; prop.TypeObject != nil {
							withoutNull(prop.TypeObject)
						}
					}
				}
			}
			for _, f := range fields {
				shape, ok := propertyShapes[f.owner][f.name]
				if !ok {
					continue
				}
				reflected := p.Schema.Properties[f.name]
				if reflected.TypeObject == nil {
					return false, fmt.Errorf("%s.%s: no schema to reshape", t, f.name)
				}
				p.Schema.Properties[f.name] = sob(shape(*reflected.TypeObject))
			}
		}
		return false, nil
	}
}

// checkShapes makes sure every reshaped property exists, so that a renamed
// field cannot silently fall back to its loose Go type.
func checkShapes() error {
	for t, props := range propertyShapes {
		for name := range props {
			if !slices.ContainsFunc(jsonFields(t), func(f field) bool { return f.name == name }) {
				return fmt.Errorf("openapi: %s has no JSON property %s to reshape", t, name)
			}
		}
	}
	return nil
}
