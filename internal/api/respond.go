package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"github.com/strata-maps/strata/internal/domain"
)

// maxBodyBytes bounds every JSON request body.
const maxBodyBytes = 4 << 20

// statusOf maps each error code to its HTTP status: the one place this is
// decided (DESIGN.md §4).
func statusOf(code string) int {
	switch code {
	case domain.CodeInvalid, domain.CodeFileMissing, domain.CodeInvalidImage, domain.CodeImageTooLarge, domain.CodeUnsafeSVG:
		return http.StatusBadRequest
	case domain.CodeUnsupportedMediaType:
		return http.StatusUnsupportedMediaType
	case domain.CodeFileTooLarge:
		return http.StatusRequestEntityTooLarge
	case domain.CodeUnauthenticated, domain.CodeInvalidCredentials:
		return http.StatusUnauthorized
	case domain.CodeForbidden, domain.CodeReaderRequired, domain.CodeClientDeactivated:
		return http.StatusForbidden
	case domain.CodeNotFound:
		return http.StatusNotFound
	case domain.CodeConflict, domain.CodeElementLocked, domain.CodeQuotaExceeded, domain.CodeMediaInUse:
		return http.StatusConflict
	case domain.CodePreconditionFailed:
		return http.StatusPreconditionFailed
	case domain.CodeGone, domain.CodeTokenExpired:
		return http.StatusGone
	case domain.CodeTooLarge:
		return http.StatusRequestEntityTooLarge
	case domain.CodeRateLimited:
		return http.StatusTooManyRequests
	case domain.CodeBusy:
		return http.StatusServiceUnavailable
	case codeMethodNotAllowed:
		return http.StatusMethodNotAllowed
	case codeMisdirected:
		return http.StatusMisdirectedRequest
	case domain.CodeUnavailable:
		return http.StatusServiceUnavailable
	}
	return http.StatusInternalServerError
}

// codeMethodNotAllowed is HTTP-only: the domain never produces it.
const codeMethodNotAllowed = "method_not_allowed"

type errorBody struct {
	Error errorDetail `json:"error"`
}

type errorDetail struct {
	Code    string `json:"code"`
	Message string `json:"message"`
	// Details and Problems name the same fields: Details in English, for
	// people and for scripts written before the codes; Problems with a code
	// a client translates.
	Details  map[string]string       `json:"details,omitempty" description:"What is wrong with each named field, in English: field → reason."`
	Problems map[string]fieldProblem `json:"problems,omitempty" description:"What is wrong with each field named in details, as a stable code with its parameters (docs/api.md lists the codes)."`
	// RequestID comes with a failure on the server's side, so that whoever
	// reports it can be matched to the log.
	RequestID string `json:"request_id,omitempty"`
	// Uses say where maps use a media asset that cannot be deleted (media_in_use).
	Uses []domain.MediaUse `json:"uses,omitempty" description:"media_in_use: where maps use the asset."`
}

// fieldProblem is a domain.Problem on the wire.
type fieldProblem struct {
	Code   string         `json:"code" description:"The reason code: required, too_long, out_of_range, taken, … (docs/api.md). New codes may be added; a client shows details' text for one it does not know."`
	Params map[string]any `json:"params,omitempty" description:"The code's parameters, e.g. {\"max\": 100} for too_long."`
}

func problemsOf(ps domain.Problems) map[string]fieldProblem {
	if len(ps) == 0 {
		return nil
	}
	out := make(map[string]fieldProblem, len(ps))
	for field, p := range ps {
		out[field] = fieldProblem{Code: p.Code, Params: p.Params}
	}
	return out
}

// writeJSON writes v as the JSON body with the given status.
func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	// The status is sent; a failed write means the client went away.
	_ = json.NewEncoder(w).Encode(v)
}

// writeError answers with the error envelope. Errors without a domain code
// are logged and answered as a bare 500, never with their text.
func writeError(w http.ResponseWriter, r *http.Request, log *slog.Logger, err error) {
	var de *domain.Error
	if r.Context().Err() != nil && errors.Is(err, r.Context().Err()) {
		// The client went away (a page closed, a read aborted): nobody reads the answer, and it is no fault.
		log.DebugContext(r.Context(), "request abandoned", "method", r.Method, "path", r.URL.Path)
		return
	}
	if !errors.As(err, &de) {
		log.ErrorContext(r.Context(), "request failed", "method", r.Method, "path", r.URL.Path, "err", err)
		de = &domain.Error{Code: domain.CodeInternal, Message: "something went wrong on our side"}
	}
	status := statusOf(de.Code)
	// An error is not the resource: no cache keeps it, whatever the
	// handler had set for a success.
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Del("ETag")
	if status == http.StatusTooManyRequests || status == http.StatusServiceUnavailable {
		// Every refusal to try again later says when (RFC 9110 §10.2.3).
		w.Header().Set("Retry-After", retryAfterSeconds(de.RetryAfter))
	}
	detail := errorDetail{Code: de.Code, Message: de.Message, Details: de.Details(), Problems: problemsOf(de.Problems), Uses: de.Uses}
	if status >= http.StatusInternalServerError {
		detail.RequestID = requestID(r.Context())
	}
	writeJSON(w, status, errorBody{Error: detail})
}

// decodeJSON reads the request body into dst, strictly: unknown fields,
// trailing data, wrong types and oversized bodies are the client's mistake
// and come back as validation errors that name what is wrong.
func decodeJSON(w http.ResponseWriter, r *http.Request, dst any) error {
	raw, err := readJSON(w, r)
	if err != nil {
		return err
	}
	return decodeStrictly(raw, dst)
}

// readJSON reads the request body, bounded, as JSON text.
func readJSON(w http.ResponseWriter, r *http.Request) ([]byte, error) {
	r.Body = http.MaxBytesReader(w, r.Body, maxBodyBytes)
	raw, err := io.ReadAll(r.Body)
	if err != nil {
		return nil, bodyError(err)
	}
	if err := checkJSONText(raw); err != nil {
		return nil, err
	}
	return raw, nil
}

// decodeStrictly is decodeJSON's decoding of a body read.
func decodeStrictly(raw []byte, dst any) error {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(dst); err != nil {
		return bodyError(err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return domain.Errorf(domain.CodeInvalid, "the body must hold a single JSON value")
	}
	return nil
}

func bodyError(err error) error {
	var (
		syntax   *json.SyntaxError
		typ      *json.UnmarshalTypeError
		tooLarge *http.MaxBytesError
	)
	switch {
	case errors.As(err, &tooLarge):
		return domain.Errorf(domain.CodeTooLarge, "the body is larger than %d bytes", tooLarge.Limit)
	case errors.Is(err, io.EOF):
		return domain.Errorf(domain.CodeInvalid, "the body is empty; a JSON object was expected")
	case errors.As(err, &syntax), errors.Is(err, io.ErrUnexpectedEOF):
		return domain.Errorf(domain.CodeInvalid, "the body is not valid JSON")
	case errors.As(err, &typ):
		field := typ.Field
		if field == "" {
			field = "body"
		}
		return &domain.Error{Code: domain.CodeInvalid, Message: fmt.Sprintf("%s has the wrong type", field),
			Problems: domain.Problems{field: domain.WrongType(jsonKind(typ.Type.Kind().String()))}}
	}
	if name, ok := unknownField(err); ok {
		return &domain.Error{Code: domain.CodeInvalid, Message: fmt.Sprintf("unknown field %s", name),
			Problems: domain.Problems{name: domain.Unknown()}}
	}
	return domain.Errorf(domain.CodeInvalid, "the body could not be read: %v", err)
}

// defaultRetryAfter is sent with a 429 or 503 that names no better time.
const defaultRetryAfter = time.Minute

// retryAfterSeconds rounds up to whole seconds, at least one.
func retryAfterSeconds(d time.Duration) string {
	if d <= 0 {
		d = defaultRetryAfter
	}
	return strconv.Itoa(int((d + time.Second - 1) / time.Second))
}

// jsonKind names the JSON type of a Go kind, as domain.WrongType takes it.
func jsonKind(goKind string) string {
	switch goKind {
	case "string":
		return "string"
	case "bool":
		return "boolean"
	case "struct", "map":
		return "object"
	case "slice", "array":
		return "array"
	}
	return "number"
}

// unknownField extracts the name from encoding/json's unknown-field error,
// which has no type of its own.
func unknownField(err error) (string, bool) {
	var name string
	if n, _ := fmt.Sscanf(err.Error(), "json: unknown field %q", &name); n == 1 {
		return name, true
	}
	return "", false
}
