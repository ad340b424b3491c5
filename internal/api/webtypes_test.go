package api

import (
	"bytes"
	"os"
	"testing"
)

// The web's copy of the description, from which its API types are
// generated (web/src/api/schema.ts), is the server's: after changing a
// documented type, `make api-types` writes both again.
func TestWebHasTheCurrentDescription(t *testing.T) {
	want, err := OpenAPI()
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("../../web/src/api/openapi.json")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(bytes.TrimSpace(got), bytes.TrimSpace(want)) {
		t.Fatal("web/src/api/openapi.json is not the server's description: run make api-types")
	}
}
