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

// Colour is a visitor's colour, and their locks': one of Colours.
type Colour string

// Colours is the rotation of visitor colours (spec §4).
var Colours = []Colour{"orange", "blue-grey", "golden", "dusky-rose", "sea", "pink", "greeny-blue", "pale-teal"}

// Enum lists the colours, for the API's description (jsonschema-go).
func (Colour) Enum() []any { return enumOf(Colours) }

// enumOf lists the values of an enumeration as the description wants them.
func enumOf[T ~string](values []T) []any {
	out := make([]any, len(values))
	for i, v := range values {
		out[i] = string(v)
	}
	return out
}

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
	Colour   Colour  `json:"color"`
	Pointer  Pointer `json:"pointer"`
	// ConnID tells this visitor's connection from a second one of the same user.
	ConnID string `json:"-"`
}

// Extent is how much of an element a lock takes: content marks a node
// occupied; appearance, the default, its design only.
type Extent string

// Lock extents.
const (
	ExtentAppearance Extent = "appearance"
	ExtentContent    Extent = "content"
)

// Enum lists the extents, for the API's description.
func (Extent) Enum() []any { return enumOf([]Extent{ExtentAppearance, ExtentContent}) }

// ElemType is what a lock names: an element type or a section.
type ElemType string

// ElemTypes are the element types and sections a lock may name (spec §3):
// nodes, edges and object templates, and the sections edited by one
// editor at a time.
var ElemTypes = []ElemType{
	"node", "edge", "object_template", "map", "global_design", "cookie_consent", "editors_note", "embed", "glossary",
	"header_bar", "table_of_contents", "map_access", "map_url", "media_asset", "seo", "social_sharing", "source",
	"quiz", "map_languages",
}

// Enum lists the element types, for the API's description.
func (ElemType) Enum() []any { return enumOf(ElemTypes) }

// BlockableTypes is ElemTypes as a set.
var BlockableTypes = func() map[ElemType]bool {
	out := make(map[ElemType]bool, len(ElemTypes))
	for _, t := range ElemTypes {
		out[t] = true
	}
	return out
}()

// Lock is an edit lock: one user editing one element or section.
type Lock struct {
	ElemType   ElemType `json:"elem_type"`
	ElemID     string   `json:"elem_id"`
	UserID     int64    `json:"user_id"`
	LockExtent Extent   `json:"lock_extent"`
	Colour     Colour   `json:"color"`
}

// Key names the locked thing.
func (l Lock) Key() string { return string(l.ElemType) + ":" + l.ElemID }

// exclusivePerUser are the types of which a user edits one at a time:
// starting another releases the first.
var exclusivePerUser = map[ElemType]bool{"node": true, "edge": true}

// ElemID is an element id as a client sends it: a number or a string,
// kept as the string.
type ElemID string

// UnmarshalJSON accepts a number or a string.
func (e *ElemID) UnmarshalJSON(b []byte) error {
	var n json.Number
	if err := json.Unmarshal(b, &n); err == nil {
		*e = ElemID(n.String())
		return nil
	}
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return fmt.Errorf("elem_id must be a number or a string")
	}
	*e = ElemID(s)
	return nil
}

// NodeKey and EdgeKey name a node's or edge's lock, for the REST checks.
func NodeKey(id int64) string { return "node:" + strconv.FormatInt(id, 10) }

// EdgeKey names an edge's lock.
func EdgeKey(id int64) string { return "edge:" + strconv.FormatInt(id, 10) }
