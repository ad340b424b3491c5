package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"net/http"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/swaggest/jsonschema-go"
	"github.com/swaggest/openapi-go"
	"github.com/swaggest/openapi-go/openapi31"

	"github.com/strata-maps/strata/internal/auth"
	"github.com/strata-maps/strata/internal/live"
)

// operation is one documented call of /api/v1. The list of them (contract.go)
// is the API's one contract: the OpenAPI description served at
// /api/v1/openapi.json is made from it, the web's types are generated from
// that, and the API tests hold every answer they get to it.
type operation struct {
	method, path string // as in routes.go, without a trailing {$}
	tag, summary string
	// in is the body's type (a nil pointer of it); nil for none.
	in any
	// query is a struct whose fields carry `query` tags; nil for none.
	query any
	// status is the answer when the call works; out its body's type, nil
	// for none.
	status int
	out    any
	// description says more than the summary, where the call needs it.
	description string
	// alt are other answers of a call that works in more than one way
	// (a reader's sign-up: 201 signed in, or 202 waiting for the proof).
	alt map[int]any
	// params overrides pathParams for this operation's path parameters.
	params map[string]string
	// etag: the answer carries the map's ETag, and If-None-Match naming
	// it answers 304. ifMatch: a change made only at a revision that
	// If-Match names (412 otherwise).
	etag, ifMatch bool
	// file: the answer is a file's bytes of its own type, not JSON.
	file bool
}

// pathParams are the types of the path parameters that routes use.
var pathParams = map[string]string{
	"id": "integer", "nodeId": "integer", "edgeId": "integer", "templateId": "integer",
	"versionId": "integer", "userId": "integer", "quizId": "integer",
	"name": "string", "url": "string", "token": "string", "key": "string",
}

var paramPattern = regexp.MustCompile(`\{(\w+)\}`)

// openAPI builds the OpenAPI 3.1 description of the operations.
func openAPI(ops []operation) ([]byte, error) {
	r := openapi31.NewReflector()
	r.Spec.Info.WithTitle("Strata API").WithVersion("1").
		WithDescription("The JSON API of Strata, the collaborative map editor. Errors always answer the envelope " +
			"`{\"error\": {\"code\", \"message\", \"details\"}}` with the fitting status (docs/api.md).")
	r.SpecEns().ComponentsEns().SecuritySchemes = map[string]openapi31.SecuritySchemeOrReference{
		"session": {SecurityScheme: &openapi31.SecurityScheme{
			Description: ptr("The HttpOnly session cookie set by POST /api/v1/auth/login."),
			APIKey:      &openapi31.SecuritySchemeAPIKey{Name: auth.SessionCookie, In: openapi31.SecuritySchemeAPIKeyInCookie}}},
		"key": {SecurityScheme: &openapi31.SecurityScheme{
			Description: ptr("An API key of the client (Authorization: Bearer strata_…), for scripts: read or edit scope, " +
				"on the map calls only (the route table says which); see docs/api.md."),
			HTTPBearer: &openapi31.SecuritySchemeHTTPBearer{Scheme: "bearer"}}},
	}
	r.Spec.Security = []map[string][]string{{"session": {}}, {"key": {}}}
	// Which properties are required is the struct's to say (required in
	// openapi_shapes.go); a pointer is null | the type, as Go writes nil. A
	// slice or map that an answer always fills (never nil) is tagged
	// `nullable:"false"`; CheckAnswer holds the answers to the tags.
	if err := checkShapes(); err != nil {
		return nil, err
	}
	jr := r.JSONSchemaReflector()
	// A pointer to a struct is null | the struct (anyOf), as Go writes nil.
	jr.DefaultOptions = append(jr.DefaultOptions, func(rc *jsonschema.ReflectContext) { rc.EnvelopNullability = true })
	jr.DefaultOptions = append(jr.DefaultOptions, jsonschema.InterceptSchema(shapeSchemas(answerTypes(ops))))
	jr.DefaultOptions = append(jr.DefaultOptions, jsonschema.InterceptProp(func(p jsonschema.InterceptPropParams) error {
		if !p.Processed || p.ParentSchema == nil {
			return nil
		}
		narrowEnum(p.Field, p.PropertySchema)
		if p.Field.Type.Kind() == reflect.Pointer {
			nullableRef(p.Field, p.PropertySchema)
		}
		return nil
	}))
	if err := addDesignSchemas(r); err != nil {
		return nil, err
	}
	for _, op := range ops {
		oc, err := r.NewOperationContext(op.method, op.path)
		if err != nil {
			return nil, fmt.Errorf("operation %s %s: %w", op.method, op.path, err)
		}
		oc.SetTags(op.tag)
		oc.SetSummary(op.summary)
		if op.description != "" {
			oc.SetDescription(op.description)
		}
		if op.in != nil {
			oc.AddReqStructure(op.in)
		}
		if op.query != nil {
			oc.AddReqStructure(op.query)
		}
		status := op.status
		if op.file {
			oc.AddRespStructure(nil, func(cu *openapi.ContentUnit) {
				cu.HTTPStatus = status
				cu.ContentType = "application/octet-stream"
				cu.Format = "binary"
				cu.Description = "The file's bytes, of the asset's content type"
			})
			oc.AddRespStructure(nil, func(cu *openapi.ContentUnit) {
				cu.HTTPStatus = http.StatusPartialContent
				cu.ContentType = "application/octet-stream"
				cu.Format = "binary"
				cu.Description = "The asked range of the file"
			})
		} else {
			oc.AddRespStructure(op.out, func(cu *openapi.ContentUnit) { cu.HTTPStatus = status })
		}
		for _, st := range slices.Sorted(maps.Keys(op.alt)) {
			oc.AddRespStructure(op.alt[st], func(cu *openapi.ContentUnit) { cu.HTTPStatus = st })
		}
		oc.AddRespStructure(errorBody{}, func(cu *openapi.ContentUnit) {
			cu.IsDefault = true
			cu.Description = "An error, in the envelope"
		})
		if op.etag {
			oc.AddRespStructure(nil, func(cu *openapi.ContentUnit) {
				cu.HTTPStatus = http.StatusNotModified
				cu.Description = "Not modified: the map is still at the revision If-None-Match names"
			})
		}
		o := oc.(openapi31.OperationExposer).Operation()
		o.WithID(operationID(op))
		header := func(name, description string) {
			o.Parameters = append(o.Parameters, openapi31.ParameterOrReference{Parameter: &openapi31.Parameter{
				Name: name, In: openapi31.ParameterInHeader, Description: ptr(description), Schema: map[string]any{"type": "string"},
			}})
		}
		if op.etag {
			header("If-None-Match", `The map's ETag (its revision, such as "12") from an earlier answer: 304 while it is unchanged.`)
		}
		if op.ifMatch {
			header("If-Match", `"*", or a list of the map's ETags (its revision, such as "12") the change is meant for (RFC 9110): `+
				`made only while the map is at one of them by strong comparison, else 412 precondition_failed, changing nothing `+
				`(a stale tag, a weak W/"…" one, or one the map never has alike). Only a field that is not entity-tag syntax is 400.`)
		}
		for _, m := range paramPattern.FindAllStringSubmatch(op.path, -1) {
			typ, ok := op.params[m[1]]
			if !ok {
				typ, ok = pathParams[m[1]]
			}
			if !ok {
				return nil, fmt.Errorf("operation %s %s: path parameter %s has no type", op.method, op.path, m[1])
			}
			o.Parameters = append(o.Parameters, openapi31.ParameterOrReference{Parameter: &openapi31.Parameter{
				Name: m[1], In: openapi31.ParameterInPath, Required: ptr(true),
				Schema: map[string]any{"type": typ},
			}})
		}
		if err := r.AddOperation(oc); err != nil {
			return nil, fmt.Errorf("operation %s %s: %w", op.method, op.path, err)
		}
	}
	if err := addLiveFrames(r); err != nil {
		return nil, err
	}
	if err := addReferenced(r); err != nil {
		return nil, err
	}
	// The reflected design (a map of anything) gave way to the design
	// schemas wherever it was used.
	delete(r.SpecEns().ComponentsEns().Schemas, "DomainDesign")
	b, err := json.MarshalIndent(r.Spec, "", "  ")
	if err != nil {
		return nil, err
	}
	if bytes.Contains(b, []byte(`"#/components/schemas/DomainDesign"`)) {
		return nil, errors.New("openapi: a design is left as a map of anything: reshape it (openapi_shapes.go)")
	}
	return b, nil
}

// addLiveFrames describes the live channel's frames: each event's frame
// ({"event", "data"}) as a schema, and the unions of the frames a client
// sends (LiveClientFrame) and the server sends (LiveServerFrame).
func addLiveFrames(r *openapi31.Reflector) error {
	comps := r.SpecEns().ComponentsEns()
	collect := collectInto(r)
	for _, side := range []struct {
		union  string
		frames map[string]any
	}{{"LiveServerFrame", live.ServerFrames}, {"LiveClientFrame", live.ClientFrames}} {
		events := slices.Sorted(maps.Keys(side.frames))
		oneOf := make([]any, 0, len(events))
		// The mapping names each frame's event; without it generators
		// take the schema's name for the event's value.
		mapping := make(map[string]any, len(events))
		for _, ev := range events {
			data, err := r.JSONSchemaReflector().Reflect(side.frames[ev], jsonschema.RootRef,
				jsonschema.DefinitionsPrefix("#/components/schemas/"), jsonschema.CollectDefinitions(collect))
			if err != nil {
				return fmt.Errorf("live frame %s: %w", ev, err)
			}
			dataSchema, err := data.ToSchemaOrBool().ToSimpleMap()
			if err != nil {
				return fmt.Errorf("live frame %s: %w", ev, err)
			}
			name := side.union + "_" + ev
			comps.WithSchemasItem(name, map[string]any{
				"type":       "object",
				"required":   []string{"event", "data"},
				"properties": map[string]any{"event": map[string]any{"const": ev}, "data": dataSchema},
			})
			oneOf = append(oneOf, map[string]any{"$ref": "#/components/schemas/" + name})
			mapping[ev] = "#/components/schemas/" + name
		}
		comps.WithSchemasItem(side.union, map[string]any{"oneOf": oneOf,
			"discriminator": map[string]any{"propertyName": "event", "mapping": mapping}})
	}
	return nil
}

// referenced are the types that only reshaped schemas refer to
// (propertyShapes, typeShapes): no Go field reaches them, so they are
// reflected into components of their own.
var referenced = []any{live.NodeDraggingData{}, fontFamily{}}

func addReferenced(r *openapi31.Reflector) error {
	for _, v := range referenced {
		if _, err := r.JSONSchemaReflector().Reflect(v, jsonschema.RootRef,
			jsonschema.DefinitionsPrefix("#/components/schemas/"), jsonschema.CollectDefinitions(collectInto(r))); err != nil {
			return fmt.Errorf("referenced type %T: %w", v, err)
		}
	}
	return nil
}

// collectInto adds a reflected definition to the components, unless one
// of its name is there.
func collectInto(r *openapi31.Reflector) func(name string, schema jsonschema.Schema) {
	comps := r.SpecEns().ComponentsEns()
	return func(name string, schema jsonschema.Schema) {
		if _, ok := comps.Schemas[name]; ok {
			return
		}
		if sm, err := schema.ToSchemaOrBool().ToSimpleMap(); err == nil {
			comps.WithSchemasItem(name, sm)
		}
	}
}

func ptr[T any](v T) *T { return &v }

// narrowEnum lets a field's enum tag narrow a named type that has an Enum of
// its own (an API key's scope is an Access, but only read or edit): the
// field's values, not a reference to the type's.
func narrowEnum(f reflect.StructField, s *jsonschema.Schema) {
	if _, ok := f.Tag.Lookup("enum"); !ok || s.Ref == nil || len(s.Enum) == 0 {
		return
	}
	s.Ref = nil
	s.WithType(jsonschema.String.Type())
}

// nullableRef makes a pointer to a named type that the reflector leaves a
// bare $ref (*domain.Role) null | the type, as Go writes nil; omitempty
// leaves it out instead.
func nullableRef(f reflect.StructField, s *jsonschema.Schema) {
	if s.Ref == nil {
		return
	}
	if _, opts, _ := strings.Cut(f.Tag.Get("json"), ","); strings.Contains(opts, "omitempty") {
		return
	}
	*s = jsonschema.Schema{AnyOf: []jsonschema.SchemaOrBool{
		jsonschema.Null.ToSchemaOrBool(),
		(&jsonschema.Schema{Ref: s.Ref}).ToSchemaOrBool(),
	}}
}

// operationID names an operation for generated clients: the method and the
// path's words, e.g. get_maps_id_changes.
func operationID(op operation) string {
	words := []string{strings.ToLower(op.method)}
	for _, part := range strings.Split(strings.TrimPrefix(op.path, apiPrefix+"/"), "/") {
		part = strings.Trim(part, "{}")
		if part != "" {
			words = append(words, part)
		}
	}
	return strings.Join(words, "_")
}

// OpenAPI is the OpenAPI 3.1 description of /api/v1 (strata openapi).
func OpenAPI() ([]byte, error) { return openAPI(operations) }

// description is the built OpenAPI description and its reference page,
// each made once.
type description struct {
	once, pageOnce sync.Once
	json, html     []byte
	err, pageErr   error
}

func (d *description) get() ([]byte, error) {
	d.once.Do(func() { d.json, d.err = openAPI(operations) })
	return d.json, d.err
}

func (d *description) page() ([]byte, error) {
	d.pageOnce.Do(func() {
		raw, err := d.get()
		if err != nil {
			d.pageErr = fmt.Errorf("openapi description: %w", err)
			return
		}
		d.html, d.pageErr = renderAPIDocs(raw)
	})
	return d.html, d.pageErr
}

// serveOpenAPI answers the OpenAPI description of /api/v1.
func (s *Server) serveOpenAPI(w http.ResponseWriter, _ *http.Request) error {
	b, err := s.description.get()
	if err != nil {
		return fmt.Errorf("openapi description: %w", err)
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	_, _ = w.Write(b) // a failed write means the client went away
	return nil
}
