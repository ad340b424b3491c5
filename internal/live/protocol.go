// Package live is the live channel of the map editor (DESIGN.md §5):
// presence, pointers, edit locks and the fan-out of committed changes, over
// WebSockets, on one instance (in memory) or several (Redis).
package live

import (
	"encoding/json"
	"fmt"
	"strconv"
)

// Events a client sends.
const (
	EvJoin              = "join_map_editors"
	EvLeave             = "leave_map_editors"
	EvStartEditing      = "start_editing_element"
	EvStopEditing       = "stop_editing_element"
	EvSubmitEdit        = "submit_map_edit"
	EvUpdateUserState   = "update_user_state"
	EvRequestInvitation = "request_invitation"
	EvInviteUsers       = "invite_users"
	EvBreakLock         = "break_lock"
)

// Events the server sends.
const (
	EvConnected           = "connected"
	EvDuplicateUser       = "duplicate_user_error"
	EvUserJoined          = "user_joined_map_editors"
	EvUserLeft            = "user_left_map_editors"
	EvUpdatedUserState    = "updated_user_state"
	EvBlockElement        = "block_element"
	EvUnblockElement      = "unblock_element"
	EvUpdateActiveEdits   = "update_active_edits"
	EvSyncMapEdit         = "sync_map_edit"
	EvRequestedInvitation = "requested_invitation"
	EvInvited             = "invited_to_edit"
	EvAccessChanged       = "access_changed"
	EvLockReleased        = "lock_released"
	EvError               = "error"
)

// Frame is one message on the socket: {"event": "…", "data": {…}}.
type Frame struct {
	Event string          `json:"event"`
	Data  json.RawMessage `json:"data"`
}

func encodeFrame(event string, data any) []byte {
	d, err := json.Marshal(data)
	if err != nil {
		// Every payload here is built from plain structs; this cannot fail.
		panic(fmt.Sprintf("encode %s: %v", event, err))
	}
	b, _ := json.Marshal(Frame{Event: event, Data: d})
	return b
}

// Colours is the rotation of visitor colours (spec §4).
var Colours = []string{"orange", "blue-grey", "golden", "dusky-rose", "sea", "pink", "greeny-blue", "pale-teal"}

// DefaultPointer is where a new visitor's pointer starts (spec §9).
var DefaultPointer = Pointer{X: 200, Y: 300}

// Pointer is a position on the map.
type Pointer struct {
	X float64 `json:"x"`
	Y float64 `json:"y"`
}

// Visitor is an editor present on a map.
type Visitor struct {
	ID       int64   `json:"id"`
	Name     string  `json:"name"`
	Initials string  `json:"initials"`
	Colour   string  `json:"color"`
	Pointer  Pointer `json:"pointer"`
	// ConnID tells this visitor's connection from a second one of the same user.
	ConnID string `json:"-"`
}

// Lock extents.
const (
	ExtentAppearance = "appearance"
	ExtentContent    = "content"
)

// BlockableTypes are the element types and sections a lock may name
// (spec §3), besides nodes, edges and object templates.
var BlockableTypes = map[string]bool{
	"edge": true, "node": true, "object_template": true, "map": true, "global_design": true, "cookie_consent": true,
	"editors_note": true, "embed": true, "glossary": true, "header_bar": true, "table_of_contents": true,
	"map_access": true, "map_url": true, "media_asset": true, "seo": true, "social_sharing": true, "source": true,
	"quiz": true, "map_languages": true,
}

// Lock is an edit lock: one user editing one element or section.
type Lock struct {
	ElemType   string `json:"elem_type"`
	ElemID     string `json:"elem_id"`
	UserID     int64  `json:"user_id"`
	LockExtent string `json:"lock_extent"`
	Colour     string `json:"color"`
}

// Key names the locked thing.
func (l Lock) Key() string { return l.ElemType + ":" + l.ElemID }

// exclusivePerUser are the types of which a user edits one at a time:
// starting another releases the first.
var exclusivePerUser = map[string]bool{"node": true, "edge": true}

// elemID accepts an element id sent as a number or a string.
type elemID string

func (e *elemID) UnmarshalJSON(b []byte) error {
	var n json.Number
	if err := json.Unmarshal(b, &n); err == nil {
		*e = elemID(n.String())
		return nil
	}
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return fmt.Errorf("elem_id must be a number or a string")
	}
	*e = elemID(s)
	return nil
}

// NodeKey and EdgeKey name a node's or edge's lock, for the REST checks.
func NodeKey(id int64) string { return "node:" + strconv.FormatInt(id, 10) }

// EdgeKey names an edge's lock.
func EdgeKey(id int64) string { return "edge:" + strconv.FormatInt(id, 10) }
