package live_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"testing"

	"github.com/strata-maps/strata/internal/live"
)

// checkFrame decodes a frame's data strictly into the type ServerFrames
// documents for its event: no field the description does not name.
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
	return nil
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
