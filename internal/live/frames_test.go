package live_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/strata-maps/strata/internal/live"
)

// checkFrame decodes a frame's data strictly into the type ServerFrames
// documents for its event (no field the description does not name), and
// holds it to what the description claims beyond that (checkClaims).
func checkFrame(event string, data json.RawMessage) error {
	doc, ok := live.ServerFrames[event]
	if !ok {
		return fmt.Errorf("event %q is not in live.ServerFrames", event)
	}
	v := reflect.New(reflect.TypeOf(doc)).Interface()
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("data is not the documented %T: %w", doc, err)
	}
	var raw any
	if err := json.Unmarshal(data, &raw); err != nil {
		return err
	}
	return checkClaims(reflect.TypeOf(doc), raw, "data")
}

// checkClaims holds decoded data to the claims of the description that
// decoding cannot check: a string is one of its type's Enum or its field's
// enum tag, a field without omitempty is present, one tagged
// nullable:"false" is not null.
func checkClaims(t reflect.Type, v any, at string) error {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if e, ok := reflect.Zero(t).Interface().(interface{ Enum() []any }); ok {
		if s, isString := v.(string); isString && !slices.Contains(e.Enum(), any(s)) {
			return fmt.Errorf("%s is %q, not one of %v", at, s, e.Enum())
		}
	}
	switch t.Kind() {
	case reflect.Struct:
		obj, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		for i := range t.NumField() {
			f := t.Field(i)
			name, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
			if name == "" || name == "-" || !f.IsExported() {
				continue
			}
			fv, present := obj[name]
			switch {
			case !present && !strings.Contains(opts, "omitempty"):
				return fmt.Errorf("%s.%s is missing", at, name)
			case present && fv == nil && f.Tag.Get("nullable") == "false":
				return fmt.Errorf("%s.%s is null", at, name)
			}
			if enum, ok := f.Tag.Lookup("enum"); ok {
				if s, isString := fv.(string); isString && !slices.Contains(strings.Split(enum, ","), s) {
					return fmt.Errorf("%s.%s is %q, not one of %s", at, name, s, enum)
				}
			}
			if err := checkClaims(f.Type, fv, at+"."+name); err != nil {
				return err
			}
		}
	case reflect.Slice:
		items, _ := v.([]any)
		for i, item := range items {
			if err := checkClaims(t.Elem(), item, fmt.Sprintf("%s[%d]", at, i)); err != nil {
				return err
			}
		}
	}
	return nil
}

// The claims checkFrame holds frames to are checked: each breach is caught.
func TestCheckFrameHoldsFramesToTheDescription(t *testing.T) {
	lock := `{"elem_type":"node","elem_id":"1","user_id":1,"lock_extent":"content","color":"sea"}`
	good := map[string]string{
		live.EvBlockElement:   lock,
		live.EvUnblockElement: `{"elem_type":"node","elem_id":"1","user_id":1,"lock_extent":"","color":""}`,
		live.EvInvited:        `{"map_id":1,"access":"edit"}`,
		live.EvConnected: `{"visitor":{"id":1,"name":"A","initials":"A","color":"sea","pointer":{"x":1,"y":2}},` +
			`"visitors":[],"locks":[` + lock + `],"can_edit":true}`,
		live.EvError: `{"code":"element_locked","message":"m","lock":` + lock + `}`,
	}
	for event, data := range good {
		if err := checkFrame(event, json.RawMessage(data)); err != nil {
			t.Errorf("%s %s: %v", event, data, err)
		}
	}
	for _, bad := range []struct{ event, data string }{
		{live.EvBlockElement, strings.Replace(lock, `"sea"`, `"mauve"`, 1)},     // a colour not in the rotation
		{live.EvBlockElement, strings.Replace(lock, `"node"`, `"planet"`, 1)},   // an element type no lock names
		{live.EvBlockElement, strings.Replace(lock, `"content"`, `""`, 1)},      // a lock's extent is always named
		{live.EvBlockElement, strings.Replace(lock, `,"color":"sea"`, ``, 1)},   // a field left out
		{live.EvUnblockElement, strings.Replace(lock, `"content"`, `"all"`, 1)}, // not an extent, nor ""
		{live.EvInvited, `{"map_id":1,"access":"read"}`},                        // the enum tag
		{live.EvUpdateActiveEdits, `{"locks":null}`},                            // nullable:"false"
		{live.EvError, `{"code":"oops","message":"m"}`},                         // an unknown code
		{live.EvSubmitEdit, `{"user_id":1,"type":"node_resizing","data":{}}`},   // not a transient edit
		{live.EvConnected, `{"visitor":{"id":1,"name":"A","initials":"A","color":"sea","pointer":{"x":1,"y":2}},` +
			`"visitors":[],"locks":[` + strings.Replace(lock, `"sea"`, `"red"`, 1) + `],"can_edit":true}`}, // within a list
	} {
		if err := checkFrame(bad.event, json.RawMessage(bad.data)); err == nil {
			t.Errorf("%s %s passed", bad.event, bad.data)
		}
	}
}

// Every event has its documented data, on both sides.
func TestEveryEventIsDescribed(t *testing.T) {
	server := []string{live.EvConnected, live.EvDuplicateUser, live.EvUserJoined, live.EvUserLeft, live.EvUpdatedUserState,
		live.EvBlockElement, live.EvUnblockElement, live.EvUpdateActiveEdits, live.EvSyncMapEdit, live.EvSubmitEdit,
		live.EvRequestedInvitation, live.EvInvited, live.EvAccessChanged, live.EvLockReleased, live.EvError}
	client := []string{live.EvJoin, live.EvLeave, live.EvStartEditing, live.EvStopEditing, live.EvSubmitEdit,
		live.EvUpdateUserState, live.EvRequestInvitation, live.EvInviteUsers, live.EvBreakLock}
	for _, side := range []struct {
		events []string
		frames map[string]any
	}{{server, live.ServerFrames}, {client, live.ClientFrames}} {
		if len(side.frames) != len(side.events) {
			t.Errorf("%d frames described for %d events", len(side.frames), len(side.events))
		}
		for _, ev := range side.events {
			if _, ok := side.frames[ev]; !ok {
				t.Errorf("event %s has no described data", ev)
			}
		}
	}
}
