package api

import (
	"bytes"
	"encoding/json"
	"net/http"
	"reflect"
	"slices"
	"testing"

	"github.com/strata-maps/strata/internal/domain"
)

type sampleRef struct {
	ID int64 `json:"id"`
}

// sampleAnswer has one field of each kind the reflection rules of openAPI
// treat.
type sampleAnswer struct {
	Always  []int         `json:"always" nullable:"false"`
	Maybe   []int         `json:"maybe"`
	Ref     *sampleRef    `json:"ref"`
	Role    *domain.Role  `json:"role" required:"true"`
	Scope   domain.Access `json:"scope" enum:"read,edit"`
	Access  domain.Access `json:"access"`
	Omitted *string       `json:"omitted,omitempty"`
}

// The description says what the Go types and their tags say: a slice
// tagged never null has no null, a pointer is null | the type (unless
// omitempty leaves nil out), a field's
// enum narrows its type's, a named type's Enum is its values.
func TestOpenAPIReflectionRules(t *testing.T) {
	b, err := openAPI([]operation{{method: "GET", path: "/api/v1/sample", tag: "t", summary: "s",
		status: http.StatusOK, out: new(sampleAnswer)}})
	if err != nil {
		t.Fatal(err)
	}
	var spec struct {
		Components struct {
			Schemas map[string]struct {
				Properties map[string]json.RawMessage `json:"properties"`
				Required   []string                   `json:"required"`
				Enum       []string                   `json:"enum"`
			} `json:"schemas"`
		} `json:"components"`
	}
	if err := json.Unmarshal(b, &spec); err != nil {
		t.Fatal(err)
	}
	s := spec.Components.Schemas["ApiSampleAnswer"]
	want := map[string]string{
		"always":  `{"items":{"type":"integer"},"type":"array"}`,
		"maybe":   `{"items":{"type":"integer"},"type":["array","null"]}`,
		"ref":     `{"anyOf":[{"type":"null"},{"$ref":"#/components/schemas/ApiSampleRef","type":"object"}],"type":"object"}`,
		"role":    `{"anyOf":[{"type":"null"},{"$ref":"#/components/schemas/DomainRole"}]}`,
		"scope":   `{"enum":["read","edit"],"type":"string"}`,
		"access":  `{"$ref":"#/components/schemas/DomainAccess"}`,
		"omitted": `{"type":"string"}`, // left out when nil, so never null
	}
	for name, w := range want {
		var got bytes.Buffer
		if err := json.Compact(&got, s.Properties[name]); err != nil || got.String() != w {
			t.Errorf("%s: %s, want %s", name, got.String(), w)
		}
	}
	// An answer always has what Go always writes: a nil pointer is null.
	for _, name := range []string{"always", "maybe", "ref", "role", "scope", "access"} {
		if !slices.Contains(s.Required, name) {
			t.Errorf("%s is not required: %v", name, s.Required)
		}
	}
	if slices.Contains(s.Required, "omitted") {
		t.Errorf("an omitempty field is required: %v", s.Required)
	}
	if got := spec.Components.Schemas["DomainAccess"].Enum; !slices.Equal(got, []string{"none", "read", "edit"}) {
		t.Errorf("DomainAccess enum %v", got)
	}
}

// checkPresence refuses an answer that breaks a required, never-null or enum
// claim.
func TestCheckPresence(t *testing.T) {
	typ := reflect.TypeOf(struct {
		List []sampleAnswer `json:"list"`
	}{})
	for body, ok := range map[string]bool{
		`{"list":[{"always":[],"role":null}]}`:   true,
		`{"list":[{"always":null,"role":null}]}`: false,
		`{"list":[{"always":[]}]}`:               false,
		`{"list":null}`:                          true,
		`{"list":[{"always":[],"role":"admin","access":"read","scope":"edit"}]}`: true,
		`{"list":[{"always":[],"role":null,"scope":"none"}]}`:                    false,
		`{"list":[{"always":[],"role":"owner"}]}`:                                false,
	} {
		var v any
		if err := json.Unmarshal([]byte(body), &v); err != nil {
			t.Fatal(err)
		}
		if err := checkPresence(typ, v, "body"); (err == nil) != ok {
			t.Errorf("%s: %v", body, err)
		}
	}
}
