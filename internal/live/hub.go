package live

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/coder/websocket"

	"github.com/strata-maps/strata/internal/auth"
	"github.com/strata-maps/strata/internal/domain"
)

// Timing of the live channel.
const (
	PointerInterval = 50 * time.Millisecond // fan-out of pointers, at most
	heartbeatEvery  = 5 * time.Second
	sweepEvery      = 5 * time.Second
	pingEvery       = 20 * time.Second
	writeTimeout    = 10 * time.Second
	// LockGrace is how long a dropped connection's locks outlive it, so
	// that a reload keeps them (the default of Options.LockGrace).
	LockGrace = 10 * time.Second
	// LockIdle is how long a lock outlives its holder's last action (the
	// default of Options.LockIdle): a tab left open does not keep an element
	// from everyone else.
	LockIdle = 10 * time.Minute
	// MaxFrame is the largest frame a client may send.
	MaxFrame = 64 << 10
	// sendQueue is how many frames may wait for a client; one that falls
	// further behind is disconnected and catches up on reconnect.
	sendQueue = 1024
)

// How often a reader may ask a map's admins for editing access: each
// request reaches every admin present, so a script of 300 frames must not
// become 300 requests (InvitationRequestsAllowed per window, per map and user).
const (
	InvitationRequestsAllowed = 3
	InvitationRequestWindow   = 15 * time.Minute
)

// Limiter counts events per key and refuses those past its limit, saying
// when one is allowed again (auth.Limiter is one).
type Limiter interface {
	Take(ctx context.Context, key string) (ok bool, retryAfter time.Duration, err error)
}

// Member is a signed-in user admitted to a map's channel.
type Member struct {
	User domain.User
	// Session is the hash of the session token the socket was opened with:
	// when it ends (logout, password change), so does the socket.
	Session  string
	ClientID int64 // the map's client, for rechecks after it changes
	CanEdit  bool
	IsAdmin  bool
}

// Grants gives users edit access to a map (invite_users), returning those
// that were given it. Who may be given it is the map permissions' rule,
// not the channel's: the wiring passes the implementation that keeps it.
type Grants interface {
	GrantEdit(ctx context.Context, mapID int64, userIDs []int64) ([]int64, error)
}

// GrantsFunc is a function that grants, as Grants.
type GrantsFunc func(ctx context.Context, mapID int64, userIDs []int64) ([]int64, error)

// GrantEdit calls f.
func (f GrantsFunc) GrantEdit(ctx context.Context, mapID int64, userIDs []int64) ([]int64, error) {
	return f(ctx, mapID, userIDs)
}

// Options configure a hub.
type Options struct {
	Grants Grants
	// Access re-validates sockets when a user's rights may have narrowed;
	// required.
	Access Access
	// Origins are the hosts allowed to open a socket besides the request's
	// own (the public URL's host).
	Origins []string
	// InvitationRequests counts request_invitation frames per map and
	// user (InvitationRequestsAllowed per InvitationRequestWindow); nil
	// counts in this instance's memory. Several instances pass one that
	// counts in Redis, so that reconnecting elsewhere does not reset it.
	InvitationRequests Limiter
	// LockGrace and LockIdle default to the constants of the same names;
	// tests shorten them.
	LockGrace time.Duration
	LockIdle  time.Duration
}

// Hub runs the live channel of this instance.
type Hub struct {
	state  State
	bus    Bus
	log    *slog.Logger
	grants Grants
	access Access
	// invitationRequests limits request_invitation (Options).
	invitationRequests Limiter
	origins            []string
	instance           string
	lockGrace          time.Duration
	lockIdle           time.Duration
	// writeStall is how long a write to a socket may take before the
	// socket is dropped: writeTimeout, shortened by tests.
	writeStall time.Duration
	// unsubscribe ends the hub's subscription to the control channel.
	unsubscribe func()

	mu    sync.Mutex
	rooms map[int64]*room
	// closing refuses new sockets once Shutdown began; joining counts the
	// sockets on their way into a room, which Shutdown waits for.
	closing bool
	joining sync.WaitGroup
	// frames holds the buffers of pointer batches (fanout.go).
	frames *sync.Pool
	// nextSlot is the slot of the next room made.
	nextSlot int

	stop chan struct{}
	wg   sync.WaitGroup
}

// NewHub starts the hub's timers and its subscription to the control
// channel, on which rechecks reach every instance.
func NewHub(state State, bus Bus, log *slog.Logger, opts Options) *Hub {
	if opts.Access == nil {
		panic("live.NewHub: Options.Access is required") // a programming error: rights would never narrow
	}
	h := &Hub{state: state, bus: bus, log: log, grants: opts.Grants, access: opts.Access, origins: opts.Origins,
		instance: randomID(), lockGrace: opts.LockGrace, lockIdle: opts.LockIdle, writeStall: writeTimeout,
		rooms: map[int64]*room{}, frames: newFramePool(), stop: make(chan struct{})}
	if h.lockGrace <= 0 {
		h.lockGrace = LockGrace
	}
	if h.invitationRequests = opts.InvitationRequests; h.invitationRequests == nil {
		h.invitationRequests = auth.NewLimiter(InvitationRequestsAllowed, InvitationRequestWindow, nil)
	}
	if h.lockIdle <= 0 {
		h.lockIdle = LockIdle
	}
	h.unsubscribe = bus.Subscribe(controlChannel, h.control)
	h.wg.Add(2)
	go h.loop()
	go h.pointerLoop()
	return h
}

func randomID() string {
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// room is a map with editors connected to this instance.
type room struct {
	mapID       int64
	conns       map[*conn]bool
	pointers    map[int64]Pointer // changed since the last fan-out
	ups         []PointerUpdate   // the batch being encoded, reused
	slot        int               // when in the window its batch goes (fanout.go)
	unsubscribe func()
	locks       []Lock // as last told to the room's sockets
	visitors    map[int64]bool
}

// envelope is what travels on the bus: a frame and who it is for.
type envelope struct {
	Frame json.RawMessage `json:"f"`
	// ExceptUser is not sent the frame (its own relayed edit).
	ExceptUser int64 `json:"x,omitempty"`
	// OnlyUsers, when set, are the only recipients.
	OnlyUsers []int64 `json:"u,omitempty"`
	// AdminsOnly limits the frame to the map's admins.
	AdminsOnly bool `json:"a,omitempty"`
	// Author made the committed change the frame carries: it counts as
	// their activity, keeping their locks from going idle.
	Author int64 `json:"w,omitempty"`
	// Origin is the instance that sent a pointer batch to its own sockets
	// already, and skips it when the bus brings it back.
	Origin string `json:"o,omitempty"`
	// Locks marks a frame that changed the map's locks: each instance
	// re-reads them (noteLocks), so that its sweep compares the next state
	// with this one and announces a lock that expires later (its holder's
	// instance died or shut down) even if no sweep ran while it was held.
	Locks bool `json:"l,omitempty"`
}

func (h *Hub) publish(ctx context.Context, mapID int64, env envelope) {
	b, err := json.Marshal(env)
	if err == nil {
		err = h.bus.Publish(ctx, mapID, b)
	}
	if err != nil {
		h.log.Warn("live: publish", "map", mapID, "err", err)
	}
}

func (h *Hub) broadcast(ctx context.Context, mapID int64, event string, data any) {
	h.publish(ctx, mapID, envelope{Frame: encodeFrame(event, data), Locks: event == EvBlockElement || event == EvUnblockElement})
}

// deliver hands a bus message to this instance's sockets of the map.
func (h *Hub) deliver(mapID int64, msg []byte) {
	var env envelope
	if err := json.Unmarshal(msg, &env); err != nil {
		h.log.Warn("live: bad bus message", "map", mapID, "err", err)
		return
	}
	if env.Origin == h.instance {
		return
	}
	h.mu.Lock()
	r := h.rooms[mapID]
	var targets []*conn
	if r != nil {
		for c := range r.conns {
			if env.Author != 0 && c.member.User.ID == env.Author {
				c.touch()
			}
			if c.member.User.ID == env.ExceptUser || (env.AdminsOnly && !c.rights().IsAdmin) {
				continue
			}
			if env.OnlyUsers != nil && !containsID(env.OnlyUsers, c.member.User.ID) {
				continue
			}
			targets = append(targets, c)
		}
	}
	h.mu.Unlock()
	for _, c := range targets {
		c.enqueue(env.Frame)
	}
	if env.Locks && r != nil {
		// Not on the bus's goroutine, which must not wait for Redis; an
		// answer overtaken by a later one only makes the sweep announce the
		// current locks once more.
		go h.noteLocks(context.Background(), mapID)
	}
}

func containsID(ids []int64, id int64) bool {
	for _, x := range ids {
		if x == id {
			return true
		}
	}
	return false
}

// Publish implements editing.Publisher: every committed change goes to
// every editor of the map, the author included.
func (h *Hub) Publish(ctx context.Context, mapID int64, changes []domain.Change) {
	for _, ch := range changes {
		// user_id is null for a change no user made, as in the change log.
		env := envelope{Frame: encodeFrame(EvSyncMapEdit, SyncFrame{
			Revision: ch.Revision, UserID: ch.UserID, Type: ch.Type, Data: json.RawMessage(ch.Data)})}
		if ch.UserID != nil {
			env.Author = *ch.UserID
		}
		h.publish(ctx, mapID, env)
	}
}

// LockedByOther returns a lock among keys held by someone other than
// userID: a REST change to such an element is refused.
func (h *Hub) LockedByOther(ctx context.Context, mapID, userID int64, keys []string) (*Lock, error) {
	if len(keys) == 0 {
		return nil, nil
	}
	locks, err := h.state.Locks(ctx, mapID)
	if err != nil {
		return nil, err
	}
	want := make(map[string]bool, len(keys))
	for _, k := range keys {
		want[k] = true
	}
	for _, l := range locks {
		if l.UserID != userID && want[l.Key()] {
			return &l, nil
		}
	}
	return nil, nil
}

// Serve upgrades the request to a WebSocket and runs the member's
// connection to the map until it ends. revision is the map's revision at
// the time of joining.
func (h *Hub) Serve(w http.ResponseWriter, r *http.Request, mapID int64, m Member, revision int64) {
	h.mu.Lock()
	closing := h.closing
	if !closing {
		h.joining.Add(1)
	}
	h.mu.Unlock()
	if closing {
		http.Error(w, "this instance is shutting down", http.StatusServiceUnavailable)
		return
	}
	inRoom := sync.OnceFunc(h.joining.Done)
	defer inRoom()
	ws, err := websocket.Accept(w, r, &websocket.AcceptOptions{OriginPatterns: h.origins})
	if err != nil {
		return // Accept has answered the request
	}
	ws.SetReadLimit(MaxFrame)
	c := &conn{hub: h, ws: ws, mapID: mapID, member: m, send: make(chan outgoing, sendQueue), done: make(chan struct{})}
	c.writeDog = time.AfterFunc(h.writeStall, c.closeNow)
	c.writeDog.Stop()
	c.touch()
	c.setRights(m.CanEdit, m.IsAdmin)
	// A visitor carries no address: every reader of the map sees the list,
	// guests included, and a name and a colour are all it needs.
	c.visitor = Visitor{ID: m.User.ID, Name: m.User.Name, Initials: initials(m.User), Pointer: DefaultPointer, ConnID: randomID()}
	ctx := context.Background()

	joined, dup, err := h.state.Join(ctx, mapID, c.visitor)
	if err != nil {
		h.log.Error("live: join", "map", mapID, "err", err)
		ws.Close(websocket.StatusInternalError, "cannot join")
		return
	}
	if dup {
		_ = ws.Write(ctx, websocket.MessageText, encodeFrame(EvDuplicateUser, MessageFrame{
			Message: "you are already editing this map in another window; close it, or reload here"}))
		ws.Close(websocket.StatusPolicyViolation, "duplicate user")
		return
	}
	c.visitor = joined
	visitors, err1 := h.state.Visitors(ctx, mapID)
	locks, err2 := h.state.Locks(ctx, mapID)
	if err := errors.Join(err1, err2); err != nil {
		h.log.Error("live: join", "map", mapID, "err", err)
		_ = h.state.Leave(ctx, mapID, m.User.ID, c.visitor.ConnID)
		ws.Close(websocket.StatusInternalError, "cannot join")
		return
	}
	if !h.addConn(c, locks) {
		_ = h.state.Leave(ctx, mapID, m.User.ID, c.visitor.ConnID)
		inRoom()
		ws.Close(websocket.StatusGoingAway, "server shutting down")
		return
	}
	inRoom() // Shutdown takes it out from now on
	// can_edit tells a client that reconnected after its rights narrowed
	// (it missed access_changed) that it is read-only now.
	c.enqueue(encodeFrame(EvConnected, ConnectedFrame{Visitor: joined, Visitors: visitors, Locks: locks, Revision: &revision,
		CanEdit: m.CanEdit}))
	h.publish(ctx, mapID, envelope{Frame: encodeFrame(EvUserJoined, joined), ExceptUser: m.User.ID})

	go c.writeLoop()
	// The rights were read before the upgrade: a change committed since
	// was rechecked while this socket was in no room. Now rechecks find
	// it, one more reading of them tells it any change it missed.
	h.recheck(c)
	c.readLoop()
	h.removeConn(c)
}

func initials(u domain.User) string {
	// From the name only: initials of the address would be part of it.
	name := strings.TrimSpace(u.Name)
	if name == "" {
		return "?"
	}
	var out []rune
	for _, part := range strings.Fields(strings.NewReplacer(".", " ", "-", " ").Replace(name)) {
		for _, r := range part {
			out = append(out, r)
			break
		}
		if len(out) == 2 {
			break
		}
	}
	return strings.ToUpper(string(out))
}

// addConn puts the connection in its room; false when the hub is shutting
// down, which has closed the rooms' sockets already.
func (h *Hub) addConn(c *conn, locks []Lock) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closing {
		return false
	}
	r := h.rooms[c.mapID]
	if r == nil {
		r = &room{mapID: c.mapID, conns: map[*conn]bool{}, pointers: map[int64]Pointer{}, locks: locks, slot: h.nextSlot}
		h.nextSlot = (h.nextSlot + 1) % pointerSlots
		h.rooms[c.mapID] = r
		mapID := c.mapID
		r.unsubscribe = h.bus.Subscribe(mapID, func(msg []byte) { h.deliver(mapID, msg) })
	}
	r.conns[c] = true
	return true
}

// removeConn takes a closed connection out of its room, tells the others,
// and frees the user's locks after the grace period unless they are back;
// once, whether the socket ended or the hub shut down first.
func (h *Hub) removeConn(c *conn) { c.leaveOnce.Do(func() { h.leaveRoom(c) }) }

func (h *Hub) leaveRoom(c *conn) {
	h.mu.Lock()
	closing := h.closing
	if r := h.rooms[c.mapID]; r != nil {
		delete(r.conns, c)
		delete(r.pointers, c.member.User.ID)
		if len(r.conns) == 0 {
			r.unsubscribe()
			delete(h.rooms, c.mapID)
		}
	}
	h.mu.Unlock()
	ctx := context.Background()
	if err := h.state.Leave(ctx, c.mapID, c.member.User.ID, c.visitor.ConnID); err != nil {
		h.log.Warn("live: leave", "map", c.mapID, "err", err)
	}
	h.broadcast(ctx, c.mapID, EvUserLeft, UserLeftFrame{ID: c.member.User.ID})
	if closing {
		// This instance will not be there when the grace period ends: the
		// locks expire with it unless the user is back elsewhere.
		if err := h.state.HandOver(ctx, c.mapID, c.member.User.ID, h.lockGrace); err != nil {
			h.log.Warn("live: hand over locks", "map", c.mapID, "err", err)
		}
		return
	}
	time.AfterFunc(h.lockGrace, func() { h.releaseIfGone(c.mapID, c.member.User.ID) })
}

func (h *Hub) releaseIfGone(mapID, userID int64) {
	ctx := context.Background()
	visitors, err := h.state.Visitors(ctx, mapID)
	if err != nil {
		h.log.Warn("live: release after grace", "map", mapID, "err", err)
		return
	}
	for _, v := range visitors {
		if v.ID == userID {
			return // back (a reload): the locks stay theirs
		}
	}
	released, err := h.state.ReleaseAll(ctx, mapID, userID)
	if err != nil {
		h.log.Warn("live: release after grace", "map", mapID, "err", err)
		return
	}
	for _, l := range released {
		h.broadcast(ctx, mapID, EvUnblockElement, l)
	}
}

// pointerLoop fans out pointers, on its own: the heartbeats and sweeps of
// loop wait on Redis, which must not delay a batch.
func (h *Hub) pointerLoop() {
	defer h.wg.Done()
	pointers := time.NewTicker(PointerInterval / pointerSlots)
	defer pointers.Stop()
	for slot := 0; ; slot = (slot + 1) % pointerSlots {
		select {
		case <-h.stop:
			return
		case <-pointers.C:
			h.flushPointers(slot)
		}
	}
}

// loop refreshes heartbeats and re-reads the shared state, so that locks
// of an instance that died disappear for everyone.
func (h *Hub) loop() {
	defer h.wg.Done()
	heartbeat := time.NewTicker(heartbeatEvery)
	sweep := time.NewTicker(sweepEvery)
	// Idle locks are looked for four times per idle period (at most every
	// sweep), so one goes at most a quarter late.
	idle := time.NewTicker(min(sweepEvery, h.lockIdle/4))
	defer heartbeat.Stop()
	defer sweep.Stop()
	defer idle.Stop()
	for {
		select {
		case <-h.stop:
			return
		case <-heartbeat.C:
			h.heartbeat()
		case <-sweep.C:
			h.sweep()
		case <-idle.C:
			h.releaseIdle()
		}
	}
}

func (h *Hub) localConns() []*conn {
	h.mu.Lock()
	defer h.mu.Unlock()
	var out []*conn
	for _, r := range h.rooms {
		for c := range r.conns {
			out = append(out, c)
		}
	}
	return out
}

func (h *Hub) heartbeat() {
	ctx := context.Background()
	for _, c := range h.localConns() {
		if err := h.state.Heartbeat(ctx, c.mapID, c.member.User.ID, c.visitor.ConnID); err != nil {
			h.log.Warn("live: heartbeat", "map", c.mapID, "err", err)
		}
	}
}

// sweep tells each room's sockets the active locks when they changed
// other than through this instance (another instance's locks expired).
func (h *Hub) sweep() {
	h.mu.Lock()
	ids := make([]int64, 0, len(h.rooms))
	for id := range h.rooms {
		ids = append(ids, id)
	}
	h.mu.Unlock()
	ctx := context.Background()
	for _, id := range ids {
		locks, err := h.state.Locks(ctx, id)
		if err != nil {
			h.log.Warn("live: sweep", "map", id, "err", err)
			continue
		}
		visitors, err := h.state.Visitors(ctx, id)
		if err != nil {
			h.log.Warn("live: sweep", "map", id, "err", err)
			continue
		}
		present := make(map[int64]bool, len(visitors))
		for _, v := range visitors {
			present[v.ID] = true
		}
		h.mu.Lock()
		r := h.rooms[id]
		var gone []int64
		changed := false
		if r != nil {
			changed = !sameLocks(r.locks, locks)
			r.locks = locks
			for uid := range r.visitors {
				if !present[uid] {
					gone = append(gone, uid)
				}
			}
			r.visitors = present
		}
		h.mu.Unlock()
		if changed {
			h.deliver(id, mustJSON(envelope{Frame: encodeFrame(EvUpdateActiveEdits, LocksFrame{Locks: locks})}))
		}
		// Visitors whose instance died leave no goodbye: their entries
		// expire, and the sweep says they left.
		for _, uid := range gone {
			h.deliver(id, mustJSON(envelope{Frame: encodeFrame(EvUserLeft, UserLeftFrame{ID: uid})}))
		}
	}
}

func mustJSON(v any) []byte {
	b, _ := json.Marshal(v)
	return b
}

func sameLocks(a, b []Lock) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// noteLocks records locks this instance announced, so the sweep does not
// announce them again.
func (h *Hub) noteLocks(ctx context.Context, mapID int64) {
	locks, err := h.state.Locks(ctx, mapID)
	if err != nil {
		return
	}
	h.mu.Lock()
	if r := h.rooms[mapID]; r != nil {
		r.locks = locks
	}
	h.mu.Unlock()
}
