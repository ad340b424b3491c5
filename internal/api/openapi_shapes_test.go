package api

import (
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"
)

type sampleRequest struct {
	Plain    string  `json:"plain"`
	Flag     bool    `json:"flag"`
	Needed   int64   `json:"needed" required:"true"`
	Optional *string `json:"optional"`
	Shared   sampleShared
}

// sampleShared is in a request and an answer.
type sampleShared struct {
	Value int `json:"value"`
}

type sampleSharedAnswer struct {
	Shared sampleShared `json:"shared"`
}

func schemasOf(t *testing.T, b []byte) map[string]struct {
	Properties map[string]json.RawMessage `json:"properties"`
	Required   []string                   `json:"required"`
} {
	t.Helper()
	var spec struct {
		Components struct {
			Schemas map[string]struct {
				Properties map[string]json.RawMessage `json:"properties"`
				Required   []string                   `json:"required"`
			} `json:"schemas"`
		} `json:"components"`
	}
	if err := json.Unmarshal(b, &spec); err != nil {
		t.Fatal(err)
	}
	return spec.Components.Schemas
}

// A request's fields are optional unless tagged required: absent, they
// decode as zero values. A struct that an answer carries too keeps the
// answer's rule, whichever operation the description meets it in first.
func TestRequestFieldsAreOptional(t *testing.T) {
	b, err := openAPI([]operation{
		{method: "POST", path: "/api/v1/sample", tag: "t", summary: "s", in: new(sampleRequest), status: http.StatusNoContent},
		{method: "GET", path: "/api/v1/sample", tag: "t", summary: "s", status: http.StatusOK, out: new(sampleSharedAnswer)},
	})
	if err != nil {
		t.Fatal(err)
	}
	schemas := schemasOf(t, b)
	if got := schemas["ApiSampleRequest"].Required; !slices.Equal(got, []string{"needed"}) {
		t.Errorf("the request requires %v, want only needed", got)
	}
	if got := schemas["ApiSampleShared"].Required; !slices.Equal(got, []string{"value"}) {
		t.Errorf("the shared struct requires %v, want value as in the answer", got)
	}
}

// Nothing in the description is an object of anything: every design,
// content by language and map keyed by an enumeration says its fields, so
// that the web's types (generated from it) are whole. Only what the server
// stores as the client gave it is free.
func TestNoLooseObjects(t *testing.T) {
	b, err := OpenAPI()
	if err != nil {
		t.Fatal(err)
	}
	var spec map[string]any
	if err := json.Unmarshal(b, &spec); err != nil {
		t.Fatal(err)
	}
	free := []string{
		"/paths//api/v1/openapi.json/", // the description itself
		"/components/schemas/ApiFieldProblem/properties/params",
		"/components/schemas/LiveEmptyFrame",                      // a frame without data
		"/components/schemas/DomainGlobalDesign/properties/",      // popups, tooltips …
		"/components/schemas/DomainGlobalDesignPatch/properties/", // the same
	}
	var walk func(v any, at string)
	walk = func(v any, at string) {
		switch v := v.(type) {
		case map[string]any:
			if loose(v) && !slices.ContainsFunc(free, func(f string) bool { return strings.HasPrefix(at, f) }) {
				t.Errorf("%s is an object of anything: %v", at, v)
			}
			for k, x := range v {
				walk(x, at+"/"+k)
			}
		case []any:
			for _, x := range v {
				walk(x, at+"/[]")
			}
		}
	}
	walk(spec["paths"], "/paths")
	walk(spec["components"], "/components")
}

// loose reports whether a schema is an object that says nothing of its
// properties or their values.
func loose(s map[string]any) bool {
	isObject := s["type"] == "object"
	if types, ok := s["type"].([]any); ok {
		isObject = slices.Contains(types, any("object"))
	}
	if !isObject || s["properties"] != nil || s["$ref"] != nil || s["anyOf"] != nil || s["oneOf"] != nil {
		return false
	}
	extra, ok := s["additionalProperties"]
	if !ok {
		return true
	}
	m, isMap := extra.(map[string]any)
	return extra == true || (isMap && len(m) == 0)
}
