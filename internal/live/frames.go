package live

import "encoding/json"

// The data of each frame, named so that the API's description can show
// them (ServerFrames, ClientFrames) and the web's types be made from it.

// ConnectedFrame answers a join: who is here, what is locked, and whether
// the user may edit. Revision comes with the first one of a connection.
type ConnectedFrame struct {
	Visitor  Visitor   `json:"visitor"`
	Visitors []Visitor `json:"visitors"`
	Locks    []Lock    `json:"locks"`
	Revision *int64    `json:"revision,omitempty"`
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
	Users []PointerUpdate `json:"users"`
}

// LocksFrame is every lock of the map (update_active_edits).
type LocksFrame struct {
	Locks []Lock `json:"locks"`
}

// SyncFrame is a committed change (sync_map_edit); user_id is null for a
// change no user made, as in the change log.
type SyncFrame struct {
	Revision int64           `json:"revision"`
	UserID   *int64          `json:"user_id"`
	Type     string          `json:"type"`
	Data     json.RawMessage `json:"data"`
}

// RelayedEditFrame is another editor's transient edit (a node being
// dragged), never stored.
type RelayedEditFrame struct {
	UserID int64           `json:"user_id"`
	Type   string          `json:"type"`
	Data   json.RawMessage `json:"data"`
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
	Access string `json:"access"`
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
	Code    string `json:"code"`
	Message string `json:"message"`
	Lock    *Lock  `json:"lock,omitempty"`
}

// The frames a client sends.
type (
	// ElementFrame names an element or section (stop_editing_element, break_lock).
	ElementFrame struct {
		ElemType string `json:"elem_type" required:"true"`
		ElemID   string `json:"elem_id" description:"A number or a string." required:"true"`
	}
	// StartEditingFrame asks for a lock.
	StartEditingFrame struct {
		ElemType   string `json:"elem_type" required:"true"`
		ElemID     string `json:"elem_id" description:"A number or a string." required:"true"`
		LockExtent string `json:"lock_extent" enum:"appearance,content"`
	}
	// TransientEditFrame is an edit to relay, not store (node_dragging).
	TransientEditFrame struct {
		Type string          `json:"type" required:"true"`
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
	EvUpdatedUserState: PointersFrame{}, EvBlockElement: Lock{}, EvUnblockElement: Lock{}, EvUpdateActiveEdits: LocksFrame{},
	EvSyncMapEdit: SyncFrame{}, EvSubmitEdit: RelayedEditFrame{}, EvRequestedInvitation: InvitationRequestFrame{},
	EvInvited: InvitedFrame{}, EvAccessChanged: AccessChangedFrame{}, EvLockReleased: LockReleasedFrame{}, EvError: ErrorFrame{},
}

// ClientFrames is the data of each event a client sends.
var ClientFrames = map[string]any{
	EvJoin: EmptyFrame{}, EvLeave: EmptyFrame{}, EvStartEditing: StartEditingFrame{}, EvStopEditing: ElementFrame{},
	EvSubmitEdit: TransientEditFrame{}, EvUpdateUserState: Pointer{}, EvRequestInvitation: EmptyFrame{},
	EvInviteUsers: InviteUsersFrame{}, EvBreakLock: ElementFrame{},
}
