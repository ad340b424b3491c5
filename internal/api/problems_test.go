package api

import (
	"encoding/json"
	"io"
	"log/slog"
	"net/http/httptest"
	"testing"

	"github.com/strata-maps/strata/internal/domain"
)

// An error answer names each field twice: its English reason in details,
// its code and parameters in problems.
func TestErrorEnvelopeCarriesProblems(t *testing.T) {
	var v domain.Validation
	v.Check(false, "name", domain.TooLong(100))
	v.Check(false, "language", domain.NotAllowed(domain.LangEN, domain.LangDE))
	w := httptest.NewRecorder()
	writeError(w, httptest.NewRequest("POST", "/api/v1/x", nil), slog.New(slog.NewTextHandler(io.Discard, nil)), v.Err())

	var env struct {
		Error struct {
			Details  map[string]string `json:"details"`
			Problems map[string]struct {
				Code   string         `json:"code"`
				Params map[string]any `json:"params"`
			} `json:"problems"`
		} `json:"error"`
	}
	if err := json.Unmarshal(w.Body.Bytes(), &env); err != nil {
		t.Fatal(err)
	}
	if env.Error.Details["name"] != "must have at most 100 characters" || env.Error.Details["language"] != "must be en or de" {
		t.Errorf("details %v", env.Error.Details)
	}
	name, lang := env.Error.Problems["name"], env.Error.Problems["language"]
	if name.Code != "too_long" || name.Params["max"] != float64(100) {
		t.Errorf("name's problem %+v", name)
	}
	if lang.Code != "not_allowed" || len(lang.Params["allowed"].([]any)) != 2 {
		t.Errorf("language's problem %+v", lang)
	}
	if err := CheckAnswer("POST", "/api/v1/x", 400, w.Body.Bytes()); err != nil {
		t.Error(err)
	}
}

// The harness refuses an error whose details name a field without a problem.
func TestCheckAnswerWantsAProblemPerField(t *testing.T) {
	for _, body := range []string{
		`{"error":{"code":"validation_failed","message":"m","details":{"name":"is taken"}}}`,
		`{"error":{"code":"validation_failed","message":"m","details":{"name":"is taken"},"problems":{"email":{"code":"taken"}}}}`,
		`{"error":{"code":"validation_failed","message":"m","details":{"name":"is taken"},"problems":{"name":{"code":""}}}}`,
	} {
		if err := CheckAnswer("POST", "/api/v1/clients", 400, []byte(body)); err == nil {
			t.Errorf("accepted %s", body)
		}
	}
	ok := `{"error":{"code":"conflict","message":"m","details":{"name":"is taken"},"problems":{"name":{"code":"taken"}}}}`
	if err := CheckAnswer("POST", "/api/v1/clients", 409, []byte(ok)); err != nil {
		t.Errorf("refused %s: %v", ok, err)
	}
}
