package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/strata-maps/strata/internal/domain"
)

// A failure on the server's side gives the request's id in its body and in
// the log line about it, so that a report can be matched to the log; a
// client's mistake does not need it.
func TestRequestIDInFailuresAndLogs(t *testing.T) {
	var logged bytes.Buffer
	log := slog.New(requestIDLog{slog.NewTextHandler(&logged, nil)})
	r := httptest.NewRequest("GET", "/api/v1/maps/1", nil)
	r = r.WithContext(withRequestID(r.Context(), "abc123"))

	w := httptest.NewRecorder()
	writeError(w, r, log, errors.New("disk on fire"))
	var body errorBody
	if err := json.Unmarshal(w.Body.Bytes(), &body); err != nil {
		t.Fatal(err)
	}
	if w.Code != http.StatusInternalServerError || body.Error.RequestID != "abc123" {
		t.Fatalf("%d %+v", w.Code, body)
	}
	if !strings.Contains(logged.String(), "request_id=abc123") || strings.Contains(w.Body.String(), "disk on fire") {
		t.Fatalf("log %q, body %s", logged.String(), w.Body.String())
	}

	w = httptest.NewRecorder()
	writeError(w, r, log, domain.Errorf(domain.CodeInvalid, "a client's mistake"))
	if strings.Contains(w.Body.String(), "request_id") {
		t.Fatalf("a client's mistake carries the id: %s", w.Body.String())
	}
}

// Every answer names its request with an id of its own, whatever the
// client sent.
func TestEveryAnswerHasARequestID(t *testing.T) {
	s := New(Deps{Log: slog.New(slog.DiscardHandler)})
	seen := map[string]bool{}
	for _, path := range []string{"/api/v1/nope", "/api/v1/openapi.json", "/healthz"} {
		r := httptest.NewRequest("GET", path, nil)
		r.Header.Set("X-Request-Id", "forged\nline")
		w := httptest.NewRecorder()
		s.ServeHTTP(w, r)
		id := w.Header().Get("X-Request-Id")
		if len(id) != 24 || seen[id] {
			t.Fatalf("%s: request id %q (seen %v)", path, id, seen)
		}
		seen[id] = true
	}
}
