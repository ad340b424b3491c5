// Package domain holds Strata's entities and the pure rules of the spec.
// It imports nothing of the project; every other package depends on it.
package domain

import (
	"errors"
	"fmt"
	"time"
)

// Error codes. They are the `code` of the REST error envelope (DESIGN.md §4);
// the HTTP status for each is decided in one place, in package api.
const (
	CodeInvalid            = "validation_failed"
	CodeUnauthenticated    = "unauthenticated"
	CodeInvalidCredentials = "invalid_credentials"
	CodeForbidden          = "forbidden"
	// CodeClientDeactivated: the client is deactivated; nothing of it
	// opens for its members until a superuser reactivates it (Client.OpenFor).
	CodeClientDeactivated = "client_deactivated"
	// CodeReaderRequired: a signed-in user must register as a reader of a
	// partial map before reading it.
	CodeReaderRequired = "reader_required"
	CodeNotFound       = "not_found"
	CodeConflict       = "conflict"
	CodeElementLocked  = "element_locked"
	// CodePreconditionFailed: a change was asked for a revision of the map
	// that is no longer its own (If-Match).
	CodePreconditionFailed = "precondition_failed"
	CodeGone               = "gone"
	CodeTokenExpired       = "token_expired"
	CodeTooLarge           = "too_large"
	CodeRateLimited        = "rate_limited"
	CodeInternal           = "internal"
	// CodeUnavailable: the server cannot serve for now (its database or
	// disk refuses writes); another instance, or a later try, may.
	CodeUnavailable = "unavailable"
	// CodeBusy: the server has no capacity for this now (503); try again
	// after the error's RetryAfter.
	CodeBusy = "busy"
)

// Error is the one error type that crosses the domain boundary with a code a
// client may see. Anything else is an internal error and is never shown.
type Error struct {
	Code    string
	Message string
	// Problems names the offending fields of the request, each with what
	// is wrong with it (problems.go). The envelope sends them twice: as
	// codes in `problems`, and as English reasons in `details`.
	Problems Problems
	// RetryAfter, when set, is sent as the Retry-After header (429, 503).
	RetryAfter time.Duration
	// Uses are where maps use a media asset (CodeMediaInUse).
	Uses []MediaUse
}

func (e *Error) Error() string {
	if len(e.Problems) == 0 {
		return fmt.Sprintf("%s: %s", e.Code, e.Message)
	}
	return fmt.Sprintf("%s: %s %v", e.Code, e.Message, e.Details())
}

// Details are the English reasons of e's problems: field → reason.
func (e *Error) Details() map[string]string {
	if len(e.Problems) == 0 {
		return nil
	}
	out := make(map[string]string, len(e.Problems))
	for field, p := range e.Problems {
		out[field] = p.Reason()
	}
	return out
}

// Errorf returns an *Error with the given code and a formatted message.
func Errorf(code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// ErrorCode returns the code of err, or CodeInternal when err carries none.
func ErrorCode(err error) string {
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return CodeInternal
}

// Validation collects field problems so that one answer names every bad field.
type Validation struct {
	problems Problems
}

// Add records field's problem; the first problem of a field wins.
func (v *Validation) Add(field string, p Problem) {
	if v.problems == nil {
		v.problems = Problems{}
	}
	if _, ok := v.problems[field]; !ok {
		v.problems[field] = p
	}
}

// Check records field's problem when ok is false.
func (v *Validation) Check(ok bool, field string, p Problem) {
	if !ok {
		v.Add(field, p)
	}
}

// Err returns nil when no field was recorded, else a validation *Error.
func (v *Validation) Err() error {
	if len(v.problems) == 0 {
		return nil
	}
	return &Error{Code: CodeInvalid, Message: "some fields are invalid", Problems: v.problems}
}
