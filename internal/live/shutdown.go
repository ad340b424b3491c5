package live

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/coder/websocket"
)

// Close shuts the hub down (Shutdown), allowing it shutdownWait.
func (h *Hub) Close() {
	ctx, cancel := context.WithTimeout(context.Background(), shutdownWait)
	defer cancel()
	if err := h.Shutdown(ctx); err != nil {
		h.log.Warn("live: shutdown", "err", err)
	}
}

// shutdownWait bounds Close: a close handshake takes at most 5 s.
const shutdownWait = 10 * time.Second

// Shutdown disconnects every socket (1001 going away: their clients
// reconnect to another instance) and returns once each editor has left
// their room: visitor removed, user_left sent to the other instances, and
// locks handed over for the grace period (State.HandOver), which this
// instance, about to stop, could not time itself. Only then may the shared
// state go: an instance that closed Redis first left ghosts on the others
// until their entries expired. The rooms are left without waiting for the
// clients' answers to the close, which a vanished client never sends.
// Sockets opened meanwhile are refused.
func (h *Hub) Shutdown(ctx context.Context) error {
	h.mu.Lock()
	already := h.closing
	h.closing = true
	var conns []*conn
	for _, r := range h.rooms {
		for c := range r.conns {
			conns = append(conns, c)
		}
	}
	h.mu.Unlock()
	if already {
		return nil
	}
	// The timers first: a heartbeat after a hand-over would extend the
	// locks to the full TTL again.
	close(h.stop)
	h.wg.Wait()
	var leaving sync.WaitGroup
	for _, c := range conns {
		go c.close(websocket.StatusGoingAway, "server shutting down")
		leaving.Go(func() {
			// No lock taken after the hand-over (as after a revocation).
			c.lockMu.Lock()
			c.revoked = true
			c.lockMu.Unlock()
			h.removeConn(c)
		})
	}
	left := make(chan struct{})
	go func() {
		leaving.Wait()
		h.joining.Wait()
		close(left)
	}()
	var err error
	select {
	case <-left:
	case <-ctx.Done():
		err = fmt.Errorf("not every editor left their room: %w", ctx.Err())
	}
	h.unsubscribe()
	return err
}
