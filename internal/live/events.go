package live

import (
	"context"
	"encoding/json"
	"errors"
)

// The events a client sends, one method each, called by conn.handle. Each
// answers false to end the connection; a bad frame ends it only when the
// socket has sent too many (abuse).

// onPointer records where the user's pointer is (update_user_state, in
// the shape the fast path of readLoop does not take).
func (c *conn) onPointer(data json.RawMessage) bool {
	var p Pointer
	if json.Unmarshal(data, &p) != nil {
		return !c.abuse("update_user_state needs {x, y}")
	}
	c.movePointer(p)
	return true
}

// onStartEditing takes the lock on an element (start_editing_element).
func (c *conn) onStartEditing(ctx context.Context, data json.RawMessage) bool {
	var req StartEditingFrame
	if json.Unmarshal(data, &req) != nil || !BlockableTypes[req.ElemType] {
		return !c.abuse("start_editing_element needs a known elem_type and an elem_id")
	}
	if req.LockExtent == "" {
		req.LockExtent = ExtentAppearance
	}
	if req.LockExtent != ExtentAppearance && req.LockExtent != ExtentContent {
		return !c.abuse("lock_extent must be appearance or content")
	}
	c.takeLock(ctx, req)
	return true
}

// takeLock takes the lock a valid start_editing_element asks for, answering
// the socket when it cannot and telling the map when it does.
func (c *conn) takeLock(ctx context.Context, req StartEditingFrame) {
	h := c.hub
	// Held from the rights check to the lock's taking, so that a
	// recheck that lowers the rights meanwhile frees this lock too.
	c.lockMu.Lock()
	defer c.lockMu.Unlock()
	if c.revoked || !c.rights().CanEdit {
		c.sendError(CodeForbidden, "you may read this map but not edit it")
		return
	}
	exists, err := h.lockable(ctx, c.mapID, req.ElemType, string(req.ElemID))
	if err != nil {
		h.log.Warn("live: lockable", "map", c.mapID, "err", err)
		c.sendError(CodeUnavailable, "the lock could not be taken; try again")
		return
	}
	if !exists {
		c.enqueue(encodeFrame(EvError, ErrorFrame{Code: CodeNotFound,
			Message: "there is no " + string(req.ElemType) + " " + string(req.ElemID) + " on this map to edit"}))
		return
	}
	l := Lock{ElemType: req.ElemType, ElemID: string(req.ElemID), UserID: c.member.User.ID, LockExtent: req.LockExtent, Colour: c.visitor.Colour}
	holder, ok, released, err := h.state.Acquire(ctx, c.mapID, l)
	if err != nil {
		h.log.Warn("live: acquire", "map", c.mapID, "err", err)
		c.sendError(CodeUnavailable, "the lock could not be taken; try again")
		return
	}
	if !ok {
		c.enqueue(encodeFrame(EvError, ErrorFrame{Code: CodeElementLocked, Message: "someone else is editing this", Lock: &holder}))
		return
	}
	for _, r := range released {
		h.broadcast(ctx, c.mapID, EvUnblockElement, r)
	}
	h.broadcast(ctx, c.mapID, EvBlockElement, l)
	h.noteLocks(ctx, c.mapID)
}

// onStopEditing releases the user's lock on an element (stop_editing_element).
func (c *conn) onStopEditing(ctx context.Context, data json.RawMessage) bool {
	var req ElementFrame
	if json.Unmarshal(data, &req) != nil || !BlockableTypes[req.ElemType] {
		return !c.abuse("stop_editing_element needs a known elem_type and an elem_id")
	}
	h := c.hub
	l := Lock{ElemType: req.ElemType, ElemID: string(req.ElemID), UserID: c.member.User.ID}
	released, err := h.state.Release(ctx, c.mapID, l.Key(), c.member.User.ID)
	if err != nil {
		h.log.Warn("live: release", "map", c.mapID, "err", err)
		return true
	}
	if released {
		h.broadcast(ctx, c.mapID, EvUnblockElement, l)
		h.noteLocks(ctx, c.mapID)
	}
	return true
}

// onSubmitEdit relays a transient edit (a node being dragged) to the
// map's other users (submit_map_edit).
func (c *conn) onSubmitEdit(ctx context.Context, data json.RawMessage) bool {
	var req TransientEditFrame
	if json.Unmarshal(data, &req) != nil || req.Type != TransientNodeDragging {
		// Stored state is changed through the REST calls only.
		return !c.abuse("submit_map_edit relays only transient edits (node_dragging)")
	}
	if !c.rights().CanEdit || !within(&c.relayAt, &c.relaySeen, maxRelayRate) {
		return true
	}
	c.hub.publish(ctx, c.mapID, envelope{ExceptUser: c.member.User.ID, Frame: encodeFrame(EvSubmitEdit,
		RelayedEditFrame{UserID: c.member.User.ID, Type: req.Type, Data: req.Data})})
	return true
}

// onRequestInvitation asks the map's admins for editing access
// (request_invitation).
func (c *conn) onRequestInvitation(ctx context.Context) bool {
	if c.rights().CanEdit {
		c.sendError(CodeConflict, "you can edit this map already")
		return true
	}
	if !c.mayRequestInvitation(ctx) {
		return true
	}
	c.hub.publish(ctx, c.mapID, envelope{AdminsOnly: true, Frame: encodeFrame(EvRequestedInvitation,
		InvitationRequestFrame{User: UserRef{ID: c.member.User.ID, Name: c.member.User.Name, Email: c.member.User.Email}})})
	return true
}

// onInviteUsers lets an admin grant users editing access (invite_users).
func (c *conn) onInviteUsers(ctx context.Context, data json.RawMessage) bool {
	var req InviteUsersFrame
	if json.Unmarshal(data, &req) != nil || len(req.UserIDs) == 0 {
		return !c.abuse("invite_users needs {user_ids: […]}")
	}
	if !c.rights().IsAdmin {
		c.sendError(CodeForbidden, "only an admin may invite users to edit")
		return true
	}
	h := c.hub
	granted, err := h.grants.GrantEdit(ctx, c.mapID, req.UserIDs)
	if err != nil {
		c.sendError(CodeInvalid, err.Error())
		return true
	}
	h.publish(ctx, c.mapID, envelope{OnlyUsers: granted, Frame: encodeFrame(EvInvited, InvitedFrame{MapID: c.mapID, Access: "edit"})})
	return true
}

// onBreakLock lets an admin take another editor's lock away (break_lock).
func (c *conn) onBreakLock(ctx context.Context, data json.RawMessage) bool {
	var req ElementFrame
	if json.Unmarshal(data, &req) != nil || !BlockableTypes[req.ElemType] {
		return !c.abuse("break_lock needs a known elem_type and an elem_id")
	}
	c.breakLock(ctx, req.ElemType, string(req.ElemID))
	return true
}

// onJoin answers who is on the map and what they hold (join).
func (c *conn) onJoin(ctx context.Context) bool {
	h := c.hub
	visitors, err1 := h.state.Visitors(ctx, c.mapID)
	locks, err2 := h.state.Locks(ctx, c.mapID)
	if errors.Join(err1, err2) != nil {
		c.sendError(CodeUnavailable, "try again")
		return true
	}
	c.enqueue(encodeFrame(EvConnected, ConnectedFrame{Visitor: c.visitor, Visitors: visitors, Locks: locks,
		CanEdit: c.rights().CanEdit}))
	return true
}
