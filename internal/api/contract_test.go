package api

import (
	"encoding/json"
	"log/slog"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// operationKey is a route pattern as operations write it: the trailing
// {$} of a collection's slash form is the same call.
func operationKey(pattern string) string {
	return strings.TrimSuffix(strings.TrimSuffix(pattern, "{$}"), "/")
}

// Every route of /api/v1 is documented, and every documented call is a
// route: a new route is written into operations (contract.go) when it is
// added.
func TestEveryRouteIsDocumented(t *testing.T) {
	s := New(Deps{Log: slog.Default()})
	routes := map[string]bool{}
	for _, p := range s.patterns {
		if strings.Contains(p, " /api/v1/") {
			routes[operationKey(p)] = true
		}
	}
	documented := map[string]bool{}
	for _, op := range operations {
		key := op.method + " " + op.path
		if documented[key] {
			t.Errorf("%s is documented twice", key)
		}
		documented[key] = true
		if !routes[key] {
			t.Errorf("%s is documented but is no route", key)
		}
	}
	for r := range routes {
		if !documented[r] {
			t.Errorf("route %s is not documented in operations (contract.go)", r)
		}
	}
}

// The description is OpenAPI 3.1 with every operation, its path
// parameters, its success answer and the error envelope.
func TestOpenAPIDescription(t *testing.T) {
	raw, err := openAPI(operations)
	if err != nil {
		t.Fatal(err)
	}
	var spec struct {
		OpenAPI string `json:"openapi"`
		Paths   map[string]map[string]struct {
			OperationID string `json:"operationId"`
			Parameters  []struct {
				Name string `json:"name"`
				In   string `json:"in"`
			} `json:"parameters"`
			Responses map[string]json.RawMessage `json:"responses"`
		} `json:"paths"`
		Components struct {
			Schemas map[string]json.RawMessage `json:"schemas"`
		} `json:"components"`
	}
	if err := json.Unmarshal(raw, &spec); err != nil {
		t.Fatal(err)
	}
	if spec.OpenAPI != "3.1.0" {
		t.Fatalf("openapi %q", spec.OpenAPI)
	}
	ids := map[string]bool{}
	for _, op := range operations {
		o, ok := spec.Paths[op.path][strings.ToLower(op.method)]
		if !ok {
			t.Fatalf("%s %s is missing", op.method, op.path)
		}
		if ids[o.OperationID] {
			t.Errorf("operation id %s twice", o.OperationID)
		}
		ids[o.OperationID] = true
		if _, ok := o.Responses["default"]; !ok {
			t.Errorf("%s %s: no error answer", op.method, op.path)
		}
		if _, ok := o.Responses[strconv.Itoa(op.status)]; !ok {
			t.Errorf("%s %s: no %d answer", op.method, op.path, op.status)
		}
		for _, p := range paramPattern.FindAllStringSubmatch(op.path, -1) {
			if !slices.ContainsFunc(o.Parameters, func(q struct {
				Name string `json:"name"`
				In   string `json:"in"`
			}) bool {
				return q.Name == p[1] && q.In == "path"
			}) {
				t.Errorf("%s %s: path parameter %s is not described", op.method, op.path, p[1])
			}
		}
	}
	for _, name := range []string{"DomainNode", "DomainEdge", "ApiErrorBody", "EditingElementsPatch"} {
		if _, ok := spec.Components.Schemas[name]; !ok {
			t.Errorf("schema %s is missing", name)
		}
	}
}
