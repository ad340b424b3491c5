package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"reflect"
	"regexp"
	"strings"
)

// opPatterns match a request's path to its documented operation.
var opPatterns = func() []*regexp.Regexp {
	out := make([]*regexp.Regexp, len(operations))
	for i, op := range operations {
		parts := paramPattern.Split(op.path, -1)
		for j, part := range parts {
			parts[j] = regexp.QuoteMeta(part)
		}
		out[i] = regexp.MustCompile("^" + strings.Join(parts, `[^/]+`) + "/?$")
	}
	return out
}()

// CheckAnswer holds an answer to the contract of the call it answers: the
// documented status with a body of the documented type (decoded strictly:
// no field the contract does not name), or an error in the envelope. A
// call not documented yet is not checked, except that an error's details
// and problems must name the same fields.
func CheckAnswer(method, path string, status int, body []byte) error {
	path, _, _ = strings.Cut(path, "?")
	if status >= 400 {
		// Every error, documented call or not, names its fields' problems.
		var env errorBody
		if err := json.Unmarshal(body, &env); err == nil {
			if err := checkProblems(env.Error); err != nil {
				return err
			}
		}
	}
	for i, op := range operations {
		if op.method != method || !opPatterns[i].MatchString(path) {
			continue
		}
		switch {
		case status >= 400:
			var env errorBody
			if err := strictJSON(body, &env); err != nil || env.Error.Code == "" || env.Error.Message == "" {
				return fmt.Errorf("error %d is not the envelope: %s", status, body)
			}
			return nil
		case status == http.StatusNotModified && op.etag:
			if len(body) > 0 {
				return fmt.Errorf("304 with a body: %s", body)
			}
			return nil
		case op.alt[status] != nil:
			v := reflect.New(reflect.TypeOf(op.alt[status]).Elem()).Interface()
			if err := strictJSON(body, v); err != nil {
				return fmt.Errorf("the %d body is not the documented %T: %w", status, op.alt[status], err)
			}
			return nil
		case status != op.status:
			return fmt.Errorf("answered %d, documented %d", status, op.status)
		case op.out == nil:
			if len(bytes.TrimSpace(body)) > 0 {
				return fmt.Errorf("documented without a body, answered %s", body)
			}
			return nil
		}
		v := reflect.New(reflect.TypeOf(op.out).Elem()).Interface()
		if err := strictJSON(body, v); err != nil {
			return fmt.Errorf("the body is not the documented %T: %w", op.out, err)
		}
		return nil
	}
	return nil
}

func strictJSON(body []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return errors.New("more than one JSON value")
	}
	return nil
}

// checkProblems holds an error to the codes contract: every field named in
// details has its problem in problems, with a code, and no other.
func checkProblems(e errorDetail) error {
	if len(e.Problems) != len(e.Details) {
		return fmt.Errorf("error %s: details %v and problems %v name different fields", e.Code, e.Details, e.Problems)
	}
	for field := range e.Details {
		if e.Problems[field].Code == "" {
			return fmt.Errorf("error %s: field %s has no problem code in %v", e.Code, field, e.Problems)
		}
	}
	return nil
}
