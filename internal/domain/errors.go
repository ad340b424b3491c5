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
	// Details names the offending fields of a validation error: field → reason.
	Details map[string]string
	// RetryAfter, when set, is sent as the Retry-After header (429, 503).
	RetryAfter time.Duration
}

func (e *Error) Error() string {
	if len(e.Details) == 0 {
		return fmt.Sprintf("%s: %s", e.Code, e.Message)
	}
	return fmt.Sprintf("%s: %s %v", e.Code, e.Message, e.Details)
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

// Validation collects field errors so that one answer names every bad field.
type Validation struct {
	fields map[string]string
}

// Add records that field is invalid for reason; the first reason wins.
func (v *Validation) Add(field, reason string) {
	if v.fields == nil {
		v.fields = map[string]string{}
	}
	if _, ok := v.fields[field]; !ok {
		v.fields[field] = reason
	}
}

// Check records reason for field when ok is false.
func (v *Validation) Check(ok bool, field, reason string) {
	if !ok {
		v.Add(field, reason)
	}
}

// Err returns nil when no field was recorded, else a validation *Error.
func (v *Validation) Err() error {
	if len(v.fields) == 0 {
		return nil
	}
	return &Error{Code: CodeInvalid, Message: "some fields are invalid", Details: v.fields}
}
