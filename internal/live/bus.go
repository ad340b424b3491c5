package live

import (
	"context"
	"sync"
)

// Bus carries frames to every instance with editors of a map: in process
// for one instance, Redis pub/sub for several.
type Bus interface {
	// Publish sends a message to every instance subscribed to the map,
	// this one included.
	Publish(ctx context.Context, mapID int64, msg []byte) error
	// Subscribe delivers the map's messages to deliver until the returned
	// function is called.
	Subscribe(mapID int64, deliver func(msg []byte)) (unsubscribe func())
	Close() error
}

// MemoryBus is the Bus of one instance.
type MemoryBus struct {
	mu   sync.RWMutex
	subs map[int64]map[*func([]byte)]bool
}

// NewMemoryBus returns an in-process Bus.
func NewMemoryBus() *MemoryBus { return &MemoryBus{subs: map[int64]map[*func([]byte)]bool{}} }

func (b *MemoryBus) Publish(_ context.Context, mapID int64, msg []byte) error {
	for _, f := range b.subscribers(mapID) {
		f(msg)
	}
	return nil
}

// subscribers copies the map's subscribers, so that they are called without
// the bus's lock held: a subscriber takes the hub's lock, and the hub
// subscribes while holding it.
func (b *MemoryBus) subscribers(mapID int64) []func([]byte) {
	b.mu.RLock()
	defer b.mu.RUnlock()
	out := make([]func([]byte), 0, len(b.subs[mapID]))
	for f := range b.subs[mapID] {
		out = append(out, *f)
	}
	return out
}

// listeners counts the hubs subscribed to the map: when the asking hub is
// the only one, it need not publish its pointer batches at all.
func (b *MemoryBus) listeners(mapID int64) int {
	b.mu.RLock()
	defer b.mu.RUnlock()
	return len(b.subs[mapID])
}

func (b *MemoryBus) Subscribe(mapID int64, deliver func([]byte)) func() {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.subs[mapID] == nil {
		b.subs[mapID] = map[*func([]byte)]bool{}
	}
	key := &deliver
	b.subs[mapID][key] = true
	return func() {
		b.mu.Lock()
		defer b.mu.Unlock()
		delete(b.subs[mapID], key)
		if len(b.subs[mapID]) == 0 {
			delete(b.subs, mapID)
		}
	}
}

func (b *MemoryBus) Close() error { return nil }
