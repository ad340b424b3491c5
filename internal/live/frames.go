package live

import (
	"encoding/json"

	"github.com/strata-maps/strata/internal/editing"
)

// The data of each frame, named so that the API's description can show
// them (ServerFrames, ClientFrames) and the web's types be made from it.

// ConnectedFrame answers a join: who is here, what is locked, and whether
// the user may edit. Revision comes with the first one of a connection.
type ConnectedFrame struct {
	Visitor  Visitor   `json:"visitor"`
	Visitors []Visitor `json:"visitors" nullable:"false"`
	Locks    []Lock    `json:"locks" nullable:"false"`
	Revision *int64    `json:"revision,omitempty" description:"Only in the first connected of a connection, not in the answer to join_map_editors."`
	CanEdit  bool      `json:"can_edit"`
}

// MessageFrame tells the user something in a sentence (duplicate_user_error).
type MessageFrame struct {
	Message string `json:"message"`
}

// UserLeftFrame names an editor who left the map.
type UserLeftFrame struct {
	ID int64 `json:"id"`
}

// PointerUpdate is one editor's pointer in a batch.
type PointerUpdate struct {
	ID int64   `json:"id"`
	X  float64 `json:"x"`
	Y  float64 `json:"y"`
}

// PointersFrame is the pointers that moved since the last batch.
type PointersFrame struct {
	Users []PointerUpdate `json:"users" nullable:"false"`
}

// LocksFrame is every lock of the map (update_active_edits).
type LocksFrame struct {
	Locks []Lock `json:"locks" nullable:"false"`
}

// ReleasedLock is the data of unblock_element: the lock that was freed.
// After stop_editing_element the server names only what was released,
// and lock_extent and color are then "".
type ReleasedLock struct {
	ElemType   ElemType       `json:"elem_type"`
	ElemID     string         `json:"elem_id"`
	UserID     int64          `json:"user_id"`
	LockExtent ReleasedExtent `json:"lock_extent"`
	Colour     ReleasedColour `json:"color"`
}

// ReleasedExtent is a released lock's extent, "" when not named.
type ReleasedExtent string

// Enum lists the extents and "".
func (ReleasedExtent) Enum() []any { return append(Extent("").Enum(), "") }

// ReleasedColour is a released lock's colour, "" when not named.
type ReleasedColour string

// Enum lists the colours and "".
func (ReleasedColour) Enum() []any { return append(Colour("").Enum(), "") }

// SyncFrame is a committed change (sync_map_edit); user_id is null for a
// change no user made, as in the change log. Its type and data are those
// of the change log (the API's description says which).
type SyncFrame struct {
	Revision int64           `json:"revision"`
	UserID   *int64          `json:"user_id"`
	Type     string          `json:"type"`
	Data     json.RawMessage `json:"data"`
}

// RelayedEditFrame is another editor's transient edit (a node being
// dragged), never stored; its data is relayed as the client sent it.
type RelayedEditFrame struct {
	UserID int64           `json:"user_id"`
	Type   TransientType   `json:"type"`
	Data   json.RawMessage `json:"data"`
}

// TransientType is the type of an edit the server relays without storing.
type TransientType string

// TransientNodeDragging is nodes being dragged, before the drop is saved.
const TransientNodeDragging TransientType = "node_dragging"

// Enum lists the transient edits: the server refuses any other.
func (TransientType) Enum() []any { return enumOf([]TransientType{TransientNodeDragging}) }

// NodeDraggingData is node_dragging's data as the web app sends it: where
// the dragged nodes are. The server relays it unread, so this is the
// clients' convention, described for them.
type NodeDraggingData struct {
	Positions []editing.NodePosition `json:"positions" required:"true"`
}

// UserRef names a user.
type UserRef struct {
	ID    int64  `json:"id"`
	Name  string `json:"name"`
	Email string `json:"email,omitempty"`
}

// InvitationRequestFrame tells the map's admins who asks to edit it.
type InvitationRequestFrame struct {
	User UserRef `json:"user"`
}

// InvitedFrame tells users they may edit the map now.
type InvitedFrame struct {
	MapID  int64  `json:"map_id"`
	Access string `json:"access" enum:"edit"`
}

// AccessChangedFrame tells a user their rights on the map changed.
type AccessChangedFrame struct {
	CanEdit bool `json:"can_edit"`
	IsAdmin bool `json:"is_admin"`
}

// LockReleasedFrame tells a user their lock was taken from them: broken by
// an admin (by) or released after idling.
type LockReleasedFrame struct {
	Lock   Lock     `json:"lock"`
	Reason string   `json:"reason" enum:"broken,idle"`
	By     *UserRef `json:"by,omitempty"`
}

// ErrorFrame refuses a client's frame; lock names the holder of a lock
// that was asked for.
type ErrorFrame struct {
	Code    ErrorCode `json:"code"`
	Message string    `json:"message"`
	Lock    *Lock     `json:"lock,omitempty"`
	// RetryAfter is the seconds until the frame is taken again (rate_limited).
	RetryAfter int `json:"retry_after,omitempty"`
}

// ErrorCode says why a client's frame was refused.
type ErrorCode string

// The codes of the error frame.
const (
	CodeBadFrame      ErrorCode = "bad_frame"      // not a frame of the protocol; too many close the socket
	CodeForbidden     ErrorCode = "forbidden"      // the user's rights do not allow it
	CodeNotFound      ErrorCode = "not_found"      // no such element, or no such lock to break
	CodeElementLocked ErrorCode = "element_locked" // someone else holds the lock (named in lock)
	CodeConflict      ErrorCode = "conflict"       // asked for what the user has already
	CodeInvalid       ErrorCode = "invalid"        // refused by the rules (the message says why)
	CodeUnavailable   ErrorCode = "unavailable"    // the live state could not be reached; try again
	CodeRateLimited   ErrorCode = "rate_limited"   // asked too often; retry_after says when to ask again
)

// Enum lists the codes, for the API's description.
func (ErrorCode) Enum() []any {
	return enumOf([]ErrorCode{CodeBadFrame, CodeForbidden, CodeNotFound, CodeElementLocked, CodeConflict, CodeInvalid,
		CodeUnavailable, CodeRateLimited})
}

// The frames a client sends.
type (
	// ElementFrame names an element or section (stop_editing_element, break_lock).
	ElementFrame struct {
		ElemType ElemType `json:"elem_type" required:"true"`
		ElemID   ElemID   `json:"elem_id" required:"true"`
	}
	// StartEditingFrame asks for a lock; without lock_extent, appearance.
	StartEditingFrame struct {
		ElemType   ElemType `json:"elem_type" required:"true"`
		ElemID     ElemID   `json:"elem_id" required:"true"`
		LockExtent Extent   `json:"lock_extent"`
	}
	// TransientEditFrame is an edit to relay, not store (node_dragging).
	TransientEditFrame struct {
		Type TransientType   `json:"type" required:"true"`
		Data json.RawMessage `json:"data" required:"true"`
	}
	// InviteUsersFrame gives users edit access (admins).
	InviteUsersFrame struct {
		UserIDs []int64 `json:"user_ids" required:"true"`
	}
	// EmptyFrame has no data to speak of.
	EmptyFrame struct{}
)

// ServerFrames is the data of each event the server sends.
var ServerFrames = map[string]any{
	EvConnected: ConnectedFrame{}, EvDuplicateUser: MessageFrame{}, EvUserJoined: Visitor{}, EvUserLeft: UserLeftFrame{},
	EvUpdatedUserState: PointersFrame{}, EvBlockElement: Lock{}, EvUnblockElement: ReleasedLock{}, EvUpdateActiveEdits: LocksFrame{},
	EvSyncMapEdit: SyncFrame{}, EvSubmitEdit: RelayedEditFrame{}, EvRequestedInvitation: InvitationRequestFrame{},
	EvInvited: InvitedFrame{}, EvAccessChanged: AccessChangedFrame{}, EvLockReleased: LockReleasedFrame{}, EvError: ErrorFrame{},
}

// ClientFrames is the data of each event a client sends.
var ClientFrames = map[string]any{
	EvJoin: EmptyFrame{}, EvLeave: EmptyFrame{}, EvStartEditing: StartEditingFrame{}, EvStopEditing: ElementFrame{},
	EvSubmitEdit: TransientEditFrame{}, EvUpdateUserState: Pointer{}, EvRequestInvitation: EmptyFrame{},
	EvInviteUsers: InviteUsersFrame{}, EvBreakLock: ElementFrame{},
}
