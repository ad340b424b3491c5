package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"reflect"
	"regexp"
	"slices"
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
		case op.file && (status == http.StatusOK || status == http.StatusPartialContent || status == http.StatusNotModified):
			return nil // the file's own bytes
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
		var raw any
		if err := json.Unmarshal(body, &raw); err != nil {
			return err
		}
		if err := checkPresence(reflect.TypeOf(op.out).Elem(), raw, "body"); err != nil {
			return fmt.Errorf("the body breaks the documented %T: %w", op.out, err)
		}
		return nil
	}
	return nil
}

// checkPresence holds a decoded answer to the claims of the description
// that decoding cannot check: a field tagged `required:"true"` is present,
// one tagged `nullable:"false"` is not null, and a string is one of its
// field's enum tag or its type's Enum.
func checkPresence(t reflect.Type, v any, at string) error {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if e, ok := reflect.Zero(t).Interface().(interface{ Enum() []any }); ok {
		if s, isString := v.(string); isString && !slices.ContainsFunc(e.Enum(), func(x any) bool { return fmt.Sprint(x) == s }) {
			return fmt.Errorf("%s is %q, not one of %v", at, s, e.Enum())
		}
	}
	switch t.Kind() {
	case reflect.Struct:
		obj, ok := v.(map[string]any)
		if !ok {
			return nil // null, or a type with its own encoding
		}
		for i := range t.NumField() {
			f := t.Field(i)
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if f.Anonymous && name == "" {
				if err := checkPresence(f.Type, v, at); err != nil {
					return err
				}
				continue
			}
			if name == "" || name == "-" || !f.IsExported() {
				continue
			}
			fv, present := obj[name]
			switch {
			case !present && f.Tag.Get("required") == "true":
				return fmt.Errorf("%s.%s is missing", at, name)
			case present && fv == nil && f.Tag.Get("nullable") == "false":
				return fmt.Errorf("%s.%s is null", at, name)
			}
			if enum, ok := f.Tag.Lookup("enum"); ok {
				if s, isString := fv.(string); isString && !slices.Contains(strings.Split(enum, ","), s) {
					return fmt.Errorf("%s.%s is %q, not one of %s", at, name, s, enum)
				}
			}
			if err := checkPresence(f.Type, fv, at+"."+name); err != nil {
				return err
			}
		}
	case reflect.Slice, reflect.Array:
		items, _ := v.([]any)
		for i, item := range items {
			if err := checkPresence(t.Elem(), item, fmt.Sprintf("%s[%d]", at, i)); err != nil {
				return err
			}
		}
	case reflect.Map:
		entries, _ := v.(map[string]any)
		for k, item := range entries {
			if err := checkPresence(t.Elem(), item, at+"."+k); err != nil {
				return err
			}
		}
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
