package live

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"
	"github.com/valyala/fastjson"
)

// conn is one editor's socket.
type conn struct {
	hub     *Hub
	ws      *websocket.Conn
	mapID   int64
	member  Member
	visitor Visitor
	send    chan outgoing
	// writeDog drops a socket whose write has not ended within the hub's
	// writeStall: a timer made once, so that writes allocate nothing.
	writeDog *time.Timer
	// in holds the frame being read and parser reads pointer frames
	// (read loop only): both are reused from frame to frame.
	in     bytes.Buffer
	parser fastjson.Parser

	closeOnce sync.Once
	leaveOnce sync.Once // of Hub.removeConn
	done      chan struct{}

	// rightsMu guards canEdit and isAdmin, which a recheck may lower while
	// the read loop runs. member.CanEdit and member.IsAdmin are those at
	// the upgrade.
	rightsMu sync.Mutex
	canEdit  bool
	isAdmin  bool
	// recheckMu orders the rechecks of the socket (Hub.recheck).
	recheckMu sync.Mutex
	// lockMu orders taking a lock against a recheck's release of them.
	lockMu  sync.Mutex
	revoked bool // under lockMu
	// active is when the user last did something (unix ns): their locks
	// go after the hub's idle period without.
	active atomic.Int64

	// Abuse accounting, touched by the read loop only.
	badFrames   int
	badSince    time.Time
	pointerAt   time.Time
	pointerSeen int
	relayAt     time.Time
	relaySeen   int
}

// Limits of what one socket may send.
const (
	maxBadFrames   = 10 // per minute; more closes the socket
	maxPointerRate = 60 // pointer updates per second; more are dropped
	maxRelayRate   = 30 // transient edits per second; more are dropped
)

func (c *conn) rights() Member {
	c.rightsMu.Lock()
	defer c.rightsMu.Unlock()
	return Member{CanEdit: c.canEdit, IsAdmin: c.isAdmin}
}

func (c *conn) setRights(canEdit, isAdmin bool) {
	c.rightsMu.Lock()
	c.canEdit, c.isAdmin = canEdit, isAdmin
	c.rightsMu.Unlock()
}

func (c *conn) touch()                { c.active.Store(time.Now().UnixNano()) }
func (c *conn) lastActive() time.Time { return time.Unix(0, c.active.Load()) }

// enqueue queues a frame of this socket alone.
func (c *conn) enqueue(frame []byte) { c.push(outgoing{data: frame}) }

// push queues a frame without waiting: a client too slow to take it (its
// queue of sendQueue frames full) is disconnected so that it resyncs
// instead of holding memory here or holding up the map's other sockets.
// A shared frame that is not queued is released here.
func (c *conn) push(o outgoing) {
	select {
	case <-c.done:
		o.drop()
		return
	default:
	}
	select {
	case c.send <- o:
	default:
		o.drop()
		go c.close(websocket.StatusTryAgainLater, "too slow; reconnect to catch up")
	}
}

func (o outgoing) drop() {
	if o.shared != nil {
		o.shared.release()
	}
}

func (c *conn) close(code websocket.StatusCode, reason string) {
	c.closeOnce.Do(func() {
		close(c.done)
		_ = c.ws.Close(code, reason)
	})
}

// closeNow drops a socket that stopped taking frames, without the close
// handshake it would not answer.
func (c *conn) closeNow() {
	c.closeOnce.Do(func() {
		close(c.done)
		_ = c.ws.CloseNow()
	})
}

func (c *conn) writeLoop() {
	ping := time.NewTicker(pingEvery)
	defer ping.Stop()
	defer c.writeDog.Stop()
	for {
		select {
		case <-c.done:
			return
		case o := <-c.send:
			// A socket closed meanwhile (revoked, say) gets nothing more.
			select {
			case <-c.done:
				o.drop()
				return
			default:
			}
			// The background context keeps the library from setting up a
			// timeout per write; the watchdog stands for it.
			c.writeDog.Reset(c.hub.writeStall)
			err := c.ws.Write(context.Background(), websocket.MessageText, o.data)
			c.writeDog.Stop()
			o.drop()
			if err != nil {
				c.close(websocket.StatusGoingAway, "write failed")
				return
			}
		case <-ping.C:
			ctx, cancel := context.WithTimeout(context.Background(), writeTimeout)
			err := c.ws.Ping(ctx)
			cancel()
			if err != nil {
				c.close(websocket.StatusGoingAway, "no pong")
				return
			}
		}
	}
}

// read reads the next message into c.in, whose bytes stay valid until the
// next read.
func (c *conn) read() (websocket.MessageType, []byte, error) {
	typ, r, err := c.ws.Reader(context.Background())
	if err != nil {
		return 0, nil, err
	}
	c.in.Reset()
	if _, err := c.in.ReadFrom(r); err != nil {
		return 0, nil, err
	}
	return typ, c.in.Bytes(), nil
}

func (c *conn) readLoop() {
	defer c.close(websocket.StatusNormalClosure, "")
	for {
		typ, data, err := c.read()
		if err != nil {
			var ce websocket.CloseError
			if errors.As(err, &ce) || errors.Is(err, context.Canceled) {
				return
			}
			// Oversized frames end here too: the library closes with 1009.
			return
		}
		if typ != websocket.MessageText {
			if c.abuse("frames must be JSON text") {
				return
			}
			continue
		}
		if p, ok := c.pointerFrame(data); ok {
			c.touch()
			c.movePointer(p)
			continue
		}
		var f Frame
		if err := json.Unmarshal(data, &f); err != nil || f.Event == "" {
			if c.abuse("a frame must be {\"event\": …, \"data\": …}") {
				return
			}
			continue
		}
		c.touch()
		if !c.handle(f) {
			return
		}
	}
}

// abuse answers a bad frame with an error frame and reports whether the
// socket has sent so many that it is closed.
func (c *conn) abuse(message string) bool {
	now := time.Now()
	if now.Sub(c.badSince) > time.Minute {
		c.badFrames, c.badSince = 0, now
	}
	c.badFrames++
	if c.badFrames > maxBadFrames {
		c.close(websocket.StatusPolicyViolation, "too many bad frames")
		return true
	}
	c.sendError(CodeBadFrame, message)
	return false
}

// mayRequestInvitation counts a request for editing access against the
// user's allowance on the map, answering the frame when it is refused.
func (c *conn) mayRequestInvitation(ctx context.Context) bool {
	ok, retry, err := c.hub.invitationRequests.Take(ctx, strconv.FormatInt(c.mapID, 10)+":"+strconv.FormatInt(c.member.User.ID, 10))
	if err != nil {
		c.hub.log.Warn("live: invitation request limit", "map", c.mapID, "err", err)
		c.sendError(CodeUnavailable, "the request could not be sent; try again")
		return false
	}
	if !ok {
		secs := int(math.Ceil(retry.Seconds()))
		c.enqueue(encodeFrame(EvError, ErrorFrame{Code: CodeRateLimited, RetryAfter: secs,
			Message: fmt.Sprintf("you have asked the admins of this map %d times already; ask again in %d minutes", InvitationRequestsAllowed, (secs+59)/60)}))
		return false
	}
	return true
}

func (c *conn) sendError(code ErrorCode, message string) {
	c.enqueue(encodeFrame(EvError, ErrorFrame{Code: code, Message: message}))
}

// within counts an event against a per-second budget.
func within(at *time.Time, seen *int, perSecond int) bool {
	now := time.Now()
	if now.Sub(*at) >= time.Second {
		*at, *seen = now, 0
	}
	*seen++
	return *seen <= perSecond
}

// handle runs one event; false ends the connection.
func (c *conn) handle(f Frame) bool {
	ctx := context.Background()
	h := c.hub
	switch f.Event {
	case EvUpdateUserState:
		var p Pointer
		if json.Unmarshal(f.Data, &p) != nil {
			return !c.abuse("update_user_state needs {x, y}")
		}
		c.movePointer(p)

	case EvStartEditing:
		var req StartEditingFrame
		if json.Unmarshal(f.Data, &req) != nil || !BlockableTypes[req.ElemType] {
			return !c.abuse("start_editing_element needs a known elem_type and an elem_id")
		}
		if req.LockExtent == "" {
			req.LockExtent = ExtentAppearance
		}
		if req.LockExtent != ExtentAppearance && req.LockExtent != ExtentContent {
			return !c.abuse("lock_extent must be appearance or content")
		}
		// Held from the rights check to the lock's taking, so that a
		// recheck that lowers the rights meanwhile frees this lock too.
		c.lockMu.Lock()
		defer c.lockMu.Unlock()
		if c.revoked || !c.rights().CanEdit {
			c.sendError(CodeForbidden, "you may read this map but not edit it")
			return true
		}
		exists, err := h.lockable(ctx, c.mapID, req.ElemType, string(req.ElemID))
		if err != nil {
			h.log.Warn("live: lockable", "map", c.mapID, "err", err)
			c.sendError(CodeUnavailable, "the lock could not be taken; try again")
			return true
		}
		if !exists {
			c.enqueue(encodeFrame(EvError, ErrorFrame{Code: CodeNotFound,
				Message: "there is no " + string(req.ElemType) + " " + string(req.ElemID) + " on this map to edit"}))
			return true
		}
		l := Lock{ElemType: req.ElemType, ElemID: string(req.ElemID), UserID: c.member.User.ID, LockExtent: req.LockExtent, Colour: c.visitor.Colour}
		holder, ok, released, err := h.state.Acquire(ctx, c.mapID, l)
		if err != nil {
			h.log.Warn("live: acquire", "map", c.mapID, "err", err)
			c.sendError(CodeUnavailable, "the lock could not be taken; try again")
			return true
		}
		if !ok {
			c.enqueue(encodeFrame(EvError, ErrorFrame{Code: CodeElementLocked, Message: "someone else is editing this", Lock: &holder}))
			return true
		}
		for _, r := range released {
			h.broadcast(ctx, c.mapID, EvUnblockElement, r)
		}
		h.broadcast(ctx, c.mapID, EvBlockElement, l)
		h.noteLocks(ctx, c.mapID)

	case EvStopEditing:
		var req ElementFrame
		if json.Unmarshal(f.Data, &req) != nil || !BlockableTypes[req.ElemType] {
			return !c.abuse("stop_editing_element needs a known elem_type and an elem_id")
		}
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

	case EvSubmitEdit:
		var req TransientEditFrame
		if json.Unmarshal(f.Data, &req) != nil || req.Type != TransientNodeDragging {
			// Stored state is changed through the REST calls only.
			return !c.abuse("submit_map_edit relays only transient edits (node_dragging)")
		}
		if !c.rights().CanEdit || !within(&c.relayAt, &c.relaySeen, maxRelayRate) {
			return true
		}
		h.publish(ctx, c.mapID, envelope{ExceptUser: c.member.User.ID, Frame: encodeFrame(EvSubmitEdit,
			RelayedEditFrame{UserID: c.member.User.ID, Type: req.Type, Data: req.Data})})

	case EvRequestInvitation:
		if c.rights().CanEdit {
			c.sendError(CodeConflict, "you can edit this map already")
			return true
		}
		if !c.mayRequestInvitation(ctx) {
			return true
		}
		h.publish(ctx, c.mapID, envelope{AdminsOnly: true, Frame: encodeFrame(EvRequestedInvitation,
			InvitationRequestFrame{User: UserRef{ID: c.member.User.ID, Name: c.member.User.Name, Email: c.member.User.Email}})})

	case EvInviteUsers:
		var req InviteUsersFrame
		if json.Unmarshal(f.Data, &req) != nil || len(req.UserIDs) == 0 {
			return !c.abuse("invite_users needs {user_ids: […]}")
		}
		if !c.rights().IsAdmin {
			c.sendError(CodeForbidden, "only an admin may invite users to edit")
			return true
		}
		granted, err := h.grants.GrantEdit(ctx, c.mapID, req.UserIDs)
		if err != nil {
			c.sendError(CodeInvalid, err.Error())
			return true
		}
		h.publish(ctx, c.mapID, envelope{OnlyUsers: granted, Frame: encodeFrame(EvInvited, InvitedFrame{MapID: c.mapID, Access: "edit"})})

	case EvBreakLock:
		var req ElementFrame
		if json.Unmarshal(f.Data, &req) != nil || !BlockableTypes[req.ElemType] {
			return !c.abuse("break_lock needs a known elem_type and an elem_id")
		}
		c.breakLock(ctx, req.ElemType, string(req.ElemID))

	case EvJoin:
		visitors, err1 := h.state.Visitors(ctx, c.mapID)
		locks, err2 := h.state.Locks(ctx, c.mapID)
		if errors.Join(err1, err2) != nil {
			c.sendError(CodeUnavailable, "try again")
			return true
		}
		c.enqueue(encodeFrame(EvConnected, ConnectedFrame{Visitor: c.visitor, Visitors: visitors, Locks: locks,
			CanEdit: c.rights().CanEdit}))

	case EvLeave:
		return false

	default:
		return !c.abuse("unknown event " + f.Event)
	}
	return true
}

// movePointer records the user's pointer for the map's next batch.
func (c *conn) movePointer(p Pointer) {
	if !within(&c.pointerAt, &c.pointerSeen, maxPointerRate) {
		return // a flood is throttled, not relayed
	}
	h := c.hub
	h.mu.Lock()
	if r := h.rooms[c.mapID]; r != nil {
		r.pointers[c.member.User.ID] = p
	}
	h.mu.Unlock()
}

// pointerFrame reads the commonest frame, {"event": "update_user_state",
// "data": {"x": …, "y": …}}, without allocating. It takes only that exact
// shape, two finite numbers under two keys each; anything else (other
// keys, letter case or duplicates, a value that is not a number) is left to
// the general reading, which then decides as it always has.
func (c *conn) pointerFrame(data []byte) (Pointer, bool) {
	v, err := c.parser.ParseBytes(data)
	if err != nil {
		return Pointer{}, false
	}
	top, err := v.Object()
	if err != nil || top.Len() != 2 {
		return Pointer{}, false
	}
	ev, d := top.Get("event"), top.Get("data")
	if ev == nil || d == nil || ev.Type() != fastjson.TypeString || string(ev.GetStringBytes()) != EvUpdateUserState {
		return Pointer{}, false
	}
	xy, err := d.Object()
	if err != nil || xy.Len() != 2 {
		return Pointer{}, false
	}
	x, okX := finite(xy.Get("x"))
	y, okY := finite(xy.Get("y"))
	return Pointer{X: x, Y: y}, okX && okY
}

func finite(v *fastjson.Value) (float64, bool) {
	if v == nil || v.Type() != fastjson.TypeNumber {
		return 0, false
	}
	f, err := v.Float64()
	return f, err == nil && !math.IsInf(f, 0) && !math.IsNaN(f)
}
