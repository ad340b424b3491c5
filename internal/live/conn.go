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

// handle runs one event; false ends the connection. Each event has its
// own method (events.go).
func (c *conn) handle(f Frame) bool {
	ctx := context.Background()
	switch f.Event {
	case EvUpdateUserState:
		return c.onPointer(f.Data)
	case EvStartEditing:
		return c.onStartEditing(ctx, f.Data)
	case EvStopEditing:
		return c.onStopEditing(ctx, f.Data)
	case EvSubmitEdit:
		return c.onSubmitEdit(ctx, f.Data)
	case EvRequestInvitation:
		return c.onRequestInvitation(ctx)
	case EvInviteUsers:
		return c.onInviteUsers(ctx, f.Data)
	case EvBreakLock:
		return c.onBreakLock(ctx, f.Data)
	case EvJoin:
		return c.onJoin(ctx)
	case EvLeave:
		return false
	default:
		return !c.abuse("unknown event " + f.Event)
	}
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
