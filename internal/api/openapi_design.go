package api

import (
	"fmt"
	"maps"
	"slices"

	"github.com/swaggest/jsonschema-go"
	"github.com/swaggest/openapi-go/openapi31"

	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/editing"
)

// Go keeps designs as maps of JSON values (domain.Design), so reflection
// sees only "object". The description of each design is made here from the
// design tables that validate every input (domain.NodeDesignFields,
// EdgeDesignFields), so it says field by field what the server accepts.

// schemaRef refers to a component schema.
func schemaRef(name string) jsonschema.Schema {
	return jsonschema.Schema{Ref: ptr("#/components/schemas/" + name)}
}

// sob is s as a schema of a property or list.
func sob(s jsonschema.Schema) jsonschema.SchemaOrBool { return s.ToSchemaOrBool() }

// orNull is s or null.
func orNull(s jsonschema.Schema) jsonschema.Schema {
	return jsonschema.Schema{AnyOf: []jsonschema.SchemaOrBool{jsonschema.Null.ToSchemaOrBool(), sob(s)}}
}

// enumeration is a schema of a string's allowed values.
func enumeration(description string, values []string) jsonschema.Schema {
	s := jsonschema.Schema{}
	s.WithType(jsonschema.String.Type())
	if description != "" {
		s.WithDescription(description)
	}
	for _, v := range values {
		s.Enum = append(s.Enum, v)
	}
	return s
}

// object is a closed object schema of the given properties.
func object(description string, props map[string]jsonschema.Schema, required ...string) jsonschema.Schema {
	s := jsonschema.Schema{Required: required}
	s.WithType(jsonschema.Object.Type()).WithAdditionalProperties(jsonschema.SchemaOrBool{TypeBoolean: ptr(false)})
	if description != "" {
		s.WithDescription(description)
	}
	s.Properties = make(map[string]jsonschema.SchemaOrBool, len(props))
	for name, p := range props {
		s.Properties[name] = sob(p)
	}
	return s
}

// designFieldExtension tells the web's generator (web/scripts/api-constants.mjs)
// a design field's kind, which the field's schema alone may not (a text and
// a link are both strings).
const designFieldExtension = "x-design-field"

// fieldSchema is the schema of one design field's value.
func fieldSchema(f domain.DesignField) (jsonschema.Schema, error) {
	var s jsonschema.Schema
	switch f.Kind {
	case domain.KindEnum:
		s = schemaRef("Domain" + f.Enumeration)
	case domain.KindNumber:
		s.WithType(jsonschema.Number.Type()).WithMinimum(f.Min).WithMaximum(f.Max)
	case domain.KindBoolean:
		s.WithType(jsonschema.Boolean.Type())
	case domain.KindColor:
		s = schemaRef("DomainColor")
	case domain.KindText:
		s.WithType(jsonschema.String.Type()).WithMaxLength(int64(f.MaxLength))
	case domain.KindURL:
		s = schemaRef("DomainLink")
	case domain.KindTemplate:
		s = schemaRef("DomainTemplateRef")
	default:
		return s, fmt.Errorf("design field of unknown kind %q", f.Kind)
	}
	s.WithExtraPropertiesItem(designFieldExtension, string(f.Kind))
	return s, nil
}

// designTable describes a design table twice: a design as stored and
// answered (every field optional: absent is inherited), and a patch of it
// (a value sets a field, null makes it inherited again).
func designTable(fields domain.DesignFields) (design, patch jsonschema.Schema, err error) {
	values := make(map[string]jsonschema.Schema, len(fields))
	patches := make(map[string]jsonschema.Schema, len(fields))
	for name, f := range fields {
		s, err := fieldSchema(f)
		if err != nil {
			return design, patch, fmt.Errorf("design field %s: %w", name, err)
		}
		values[name] = s
		patches[name] = orNull(s)
	}
	design = object("Sparse: a field that is absent is inherited (from the object's template, then the global design).", values)
	patch = object("A design change: a value sets the field, null makes it inherited again, absent leaves it.", patches)
	return design, patch, nil
}

// enumerations are the named lists of values that the description refers
// to or that the web needs as lists (web/src/api/constants.ts): those of
// the design tables and of other fields (propertyShapes), the quota kinds
// (only ever map keys otherwise) and the change types by kind.
func enumerations() map[string]jsonschema.Schema {
	out := map[string]jsonschema.Schema{
		"DomainShape":        enumeration("Every shape a node may have.", slices.Concat(domain.EnabledShapes, domain.DisabledShapes)),
		"DomainEnabledShape": enumeration("The shapes a node can be created with or changed to.", domain.EnabledShapes),
		"DomainDisabledShape": enumeration("Shapes a stored node may have but that cannot be created or chosen yet.",
			domain.DisabledShapes),
		"DomainMediaRepeat":         enumeration("How the map's background picture repeats.", domain.MediaRepeats),
		"DomainMediaSize":           enumeration("The map background's picture size (a node's media_size is a number).", domain.MediaSizes),
		"DomainPopupType":           enumeration("How a node's content opens.", domain.PopupTypes),
		"DomainGlobalDesignSection": enumeration("The sections of the map-wide design.", domain.GlobalDesignSections),
		"DomainTemplateType":        enumeration("What an object template is for.", []string{domain.TemplateNode, domain.TemplateEdge}),
		"EditingExpansion":          enumeration("The directions a map may grow in.", editing.Expansions),
		"DomainQuotaKind":           enumeration("The kinds of quotas.", quotaKinds()),
		"ApiEditingChangeType":      enumeration("The change types of editing.", editingChangeTypes),
		"ApiPublishingChangeType": enumeration("The change types of publishing: map published, reset; state restored.",
			publishingChangeTypes),
	}
	for _, fields := range []domain.DesignFields{domain.NodeDesignFields, domain.EdgeDesignFields} {
		for _, f := range fields {
			if f.Kind == domain.KindEnum && f.Enumeration != "Shape" {
				out["Domain"+f.Enumeration] = enumeration("", f.Values)
			}
		}
	}
	return out
}

func quotaKinds() []string {
	out := make([]string, len(domain.QuotaKinds))
	for i, k := range domain.QuotaKinds {
		out[i] = string(k)
	}
	return out
}

// designSchemas are the component schemas of designs, their values and
// the global design.
func designSchemas() (map[string]jsonschema.Schema, error) {
	out := enumerations()
	str := func(description, pattern string) jsonschema.Schema {
		s := jsonschema.Schema{}
		s.WithType(jsonschema.String.Type()).WithDescription(description)
		if pattern != "" {
			s.WithPattern(pattern)
		}
		return s
	}
	out["DomainColor"] = str("#rgb, #rgba, #rrggbb, #rrggbbaa or transparent.", domain.ColorPattern.String())
	out["DomainTemplateRef"] = str(`A template's id as a string; "0" for none.`, domain.TemplateIDPattern.String())
	out["DomainLink"] = str(`An http(s) address or a path on this site; "" for none.`, "")
	for _, t := range []struct {
		name   string
		fields domain.DesignFields
	}{{"Node", domain.NodeDesignFields}, {"Edge", domain.EdgeDesignFields}} {
		design, patch, err := designTable(t.fields)
		if err != nil {
			return nil, err
		}
		out["Domain"+t.name+"Design"] = design
		out["Domain"+t.name+"DesignPatch"] = patch
	}
	free := jsonschema.Schema{}
	free.WithType(jsonschema.Object.Type()).WithDescription("Stored as the client gave it.").
		WithAdditionalProperties(jsonschema.SchemaOrBool{TypeBoolean: ptr(true)})
	sections := func(nodes, edges string) map[string]jsonschema.Schema {
		return map[string]jsonschema.Schema{"nodes": schemaRef(nodes), "edges": schemaRef(edges),
			"popups": free, "tooltips": free, "table_of_contents": free, "templates": free}
	}
	out["DomainGlobalDesign"] = object("The map-wide design by section: nodes and edges are the defaults that inherited "+
		"design values resolve to.", sections("DomainNodeDesign", "DomainEdgeDesign"), domain.GlobalDesignSections...)
	out["DomainGlobalDesignPatch"] = object("The sections given: nodes and edges are merged like design patches (null "+
		"inherits the built-in default); the other sections replace the stored ones.", sections("DomainNodeDesignPatch", "DomainEdgeDesignPatch"))
	template := func(typ, design string) jsonschema.Schema {
		s := object("", map[string]jsonschema.Schema{
			"id":     *(&jsonschema.Schema{}).WithType(jsonschema.Integer.Type()).WithFormat("int64"),
			"name":   *(&jsonschema.Schema{}).WithType(jsonschema.String.Type()),
			"type":   *(&jsonschema.Schema{}).WithConst(typ),
			"design": schemaRef(design),
		}, "id", "name", "type", "design")
		s.AdditionalProperties = nil // an answer may carry the revision beside it
		return s
	}
	out["DomainNodeObjectTemplate"] = template(domain.TemplateNode, "DomainNodeDesign")
	out["DomainEdgeObjectTemplate"] = template(domain.TemplateEdge, "DomainEdgeDesign")
	return out, nil
}

// addDesignSchemas puts the design schemas among the components.
func addDesignSchemas(r *openapi31.Reflector) error {
	schemas, err := designSchemas()
	if err != nil {
		return err
	}
	comps := r.SpecEns().ComponentsEns()
	for _, name := range slices.Sorted(maps.Keys(schemas)) {
		if _, taken := comps.Schemas[name]; taken {
			return fmt.Errorf("design schema %s: the name is taken", name)
		}
		sm, err := sob(schemas[name]).ToSimpleMap()
		if err != nil {
			return fmt.Errorf("design schema %s: %w", name, err)
		}
		comps.WithSchemasItem(name, sm)
	}
	return nil
}
