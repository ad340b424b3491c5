package live

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strconv"
	"time"

	"github.com/coder/websocket"
)

// Access is what the hub asks the application about a socket's rights. The
// hub knows no store: it is told, through this, whether a socket's session
// still stands and what its user may do now.
type Access interface {
	// Member returns the session's user's rights on the map now. It
	// returns ErrSignedOut when the session no longer exists and
	// ErrNoAccess when the user may no longer read the map; any other
	// error is a failure to find out.
	Member(ctx context.Context, session string, mapID int64) (Member, error)
	// Exists reports whether the node, edge or object template (elemType
	// one of those) of that id is on the map.
	Exists(ctx context.Context, mapID int64, elemType, elemID string) (bool, error)
}

// Why a socket is closed by a recheck.
var (
	ErrSignedOut = errors.New("the session has ended")
	ErrNoAccess  = errors.New("the user may no longer read the map")
)

// Close codes of a socket whose rights were withdrawn (4000–4999 are the
// application's). The reason is the same word, which the web client
// translates; neither is followed by a reconnect.
const (
	CloseSignedOut     websocket.StatusCode = 4001
	CloseAccessRevoked websocket.StatusCode = 4003
)

// Close reasons.
const (
	ReasonSignedOut     = "signed_out"
	ReasonAccessRevoked = "access_revoked"
)

// controlChannel is the bus channel of messages to every instance rather
// than to one map's sockets (map ids start at 1).
const controlChannel = 0

// Target names the sockets a recheck concerns: those of any of the users,
// opened with any of the sessions, on any of the maps, or on a map of any
// of the clients.
type Target struct {
	Users    []int64  `json:"users,omitempty"`
	Sessions []string `json:"sessions,omitempty"`
	Maps     []int64  `json:"maps,omitempty"`
	Clients  []int64  `json:"clients,omitempty"`
}

// Users targets the sockets of those users.
func Users(ids ...int64) Target { return Target{Users: ids} }

// Sessions targets the sockets opened with those sessions (token hashes).
func Sessions(hashes ...string) Target { return Target{Sessions: hashes} }

func (t Target) empty() bool {
	return len(t.Users) == 0 && len(t.Sessions) == 0 && len(t.Maps) == 0 && len(t.Clients) == 0
}

func (t Target) matches(c *conn) bool {
	return slices.Contains(t.Users, c.member.User.ID) || slices.Contains(t.Sessions, c.member.Session) ||
		slices.Contains(t.Maps, c.mapID) || slices.Contains(t.Clients, c.member.ClientID)
}

// Recheck has every instance re-validate the sockets of the target: a
// socket whose session ended, or whose user may no longer read its map, is
// closed and its user's locks on the map freed; one whose user may no
// longer edit becomes read-only, its locks freed. Call it after any change
// that can narrow someone's rights. It returns once the recheck is on the
// bus; each instance runs it at once.
func (h *Hub) Recheck(ctx context.Context, t Target) {
	if t.empty() {
		return
	}
	b, err := json.Marshal(t)
	if err == nil {
		err = h.bus.Publish(ctx, controlChannel, b)
	}
	if err != nil {
		// The bus is down: this instance at least acts.
		h.log.Error("live: publish recheck", "err", err)
		h.control(b)
	}
}

// control runs a recheck that arrived on the bus, off the bus's goroutine:
// it asks the database.
func (h *Hub) control(msg []byte) {
	var t Target
	if err := json.Unmarshal(msg, &t); err != nil {
		h.log.Warn("live: bad control message", "err", err)
		return
	}
	var conns []*conn
	for _, c := range h.localConns() {
		if t.matches(c) {
			conns = append(conns, c)
		}
	}
	if len(conns) == 0 {
		return
	}
	// One goroutine a socket: closing one waits for its peer's close frame
	// (up to seconds for a peer that reads nothing), which must not hold up
	// the others' revocation.
	for _, c := range conns {
		h.wg.Add(1)
		go func() {
			defer h.wg.Done()
			h.recheck(c)
		}()
	}
}

func (h *Hub) recheck(c *conn) {
	// One at a time per socket, so that the rights read last are the
	// rights kept.
	c.recheckMu.Lock()
	defer c.recheckMu.Unlock()
	ctx, cancel := context.WithTimeout(context.Background(), writeTimeout)
	defer cancel()
	m, err := h.access.Member(ctx, c.member.Session, c.mapID)
	switch {
	case errors.Is(err, ErrSignedOut):
		h.revoke(ctx, c, CloseSignedOut, ReasonSignedOut)
		return
	case errors.Is(err, ErrNoAccess):
		h.revoke(ctx, c, CloseAccessRevoked, ReasonAccessRevoked)
		return
	case err != nil:
		// Rights that cannot be confirmed are not kept: the locks go, the
		// client reconnects, and the upgrade checks the rights again.
		h.log.Warn("live: recheck", "map", c.mapID, "user", c.member.User.ID, "err", err)
		h.revoke(ctx, c, websocket.StatusTryAgainLater, "rights could not be checked; reconnect")
		return
	}
	// Under lockMu, so that no lock request in flight lands after the
	// release below.
	c.lockMu.Lock()
	old := c.rights()
	c.setRights(m.CanEdit, m.IsAdmin)
	if !m.CanEdit {
		h.releaseAllOf(ctx, c.mapID, c.member.User.ID)
	}
	c.lockMu.Unlock()
	if old.CanEdit != m.CanEdit || old.IsAdmin != m.IsAdmin {
		c.enqueue(encodeFrame(EvAccessChanged, AccessChangedFrame{CanEdit: m.CanEdit, IsAdmin: m.IsAdmin}))
	}
}

// revoke closes a socket whose rights are gone and frees its user's locks
// on the map at once, not after the grace period: they are not coming back.
func (h *Hub) revoke(ctx context.Context, c *conn, code websocket.StatusCode, reason string) {
	c.lockMu.Lock()
	c.revoked = true
	c.setRights(false, false)
	h.releaseAllOf(ctx, c.mapID, c.member.User.ID)
	c.lockMu.Unlock()
	c.close(code, reason)
}

// releaseAllOf frees a user's locks on a map and tells everyone.
func (h *Hub) releaseAllOf(ctx context.Context, mapID, userID int64) []Lock {
	released, err := h.state.ReleaseAll(ctx, mapID, userID)
	if err != nil {
		h.log.Warn("live: release locks", "map", mapID, "user", userID, "err", err)
		return nil
	}
	for _, l := range released {
		h.broadcast(ctx, mapID, EvUnblockElement, l)
	}
	if len(released) > 0 {
		h.noteLocks(ctx, mapID)
	}
	return released
}

// lockable checks that the element or section of a lock request exists on
// the socket's map: a section's id is the map's, an element must be there.
func (h *Hub) lockable(ctx context.Context, mapID int64, elemType ElemType, elemID string) (bool, error) {
	switch elemType {
	case "node", "edge", "object_template":
		if _, err := strconv.ParseInt(elemID, 10, 64); err != nil {
			return false, nil
		}
		return h.access.Exists(ctx, mapID, string(elemType), elemID)
	default:
		return elemID == strconv.FormatInt(mapID, 10), nil
	}
}

// breakLock frees someone's lock at an admin's request and tells the
// holder, wherever their socket is.
func (c *conn) breakLock(ctx context.Context, elemType ElemType, elemID string) {
	h := c.hub
	if !c.rights().IsAdmin {
		c.sendError(CodeForbidden, "only an admin may break another editor's lock")
		return
	}
	locks, err := h.state.Locks(ctx, c.mapID)
	if err != nil {
		h.log.Warn("live: break lock", "map", c.mapID, "err", err)
		c.sendError(CodeUnavailable, "the lock could not be broken; try again")
		return
	}
	key := Lock{ElemType: elemType, ElemID: elemID}.Key()
	i := slices.IndexFunc(locks, func(l Lock) bool { return l.Key() == key })
	if i < 0 {
		c.sendError(CodeNotFound, "no one is editing this")
		return
	}
	held := locks[i]
	ok, err := h.state.Release(ctx, c.mapID, key, held.UserID)
	if err != nil {
		h.log.Warn("live: break lock", "map", c.mapID, "err", err)
		c.sendError(CodeUnavailable, "the lock could not be broken; try again")
		return
	}
	if !ok {
		c.sendError(CodeNotFound, "no one is editing this")
		return
	}
	h.broadcast(ctx, c.mapID, EvUnblockElement, held)
	h.noteLocks(ctx, c.mapID)
	h.publish(ctx, c.mapID, envelope{OnlyUsers: []int64{held.UserID}, Frame: encodeFrame(EvLockReleased,
		LockReleasedFrame{Lock: held, Reason: "broken", By: &UserRef{ID: c.member.User.ID, Name: c.member.User.Name}})})
}

// releaseIdle frees the locks of this instance's sockets whose users have
// done nothing for the idle period, telling them.
func (h *Hub) releaseIdle() {
	now := time.Now()
	var idle []*conn
	h.mu.Lock()
	for _, r := range h.rooms {
		holders := map[int64]bool{}
		for _, l := range r.locks {
			holders[l.UserID] = true
		}
		for c := range r.conns {
			if holders[c.member.User.ID] && now.Sub(c.lastActive()) > h.lockIdle {
				idle = append(idle, c)
			}
		}
	}
	h.mu.Unlock()
	ctx := context.Background()
	for _, c := range idle {
		c.lockMu.Lock()
		freed := h.releaseAllOf(ctx, c.mapID, c.member.User.ID)
		c.lockMu.Unlock()
		for _, l := range freed {
			c.enqueue(encodeFrame(EvLockReleased, LockReleasedFrame{Lock: l, Reason: "idle"}))
		}
	}
}
