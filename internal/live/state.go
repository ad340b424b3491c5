package live

import (
	"context"
	"sort"
	"sync"
	"time"
)

// State keeps who is on each map and the edit locks: in memory for one
// instance, in Redis for several. Entries carry an expiry that the owning
// instance refreshes by heartbeat, so that an instance that dies loses its
// visitors and locks within TTL.
type State interface {
	// Join records a visitor, giving the first colour of the rotation not
	// in use on the map. dup reports a live connection of the same user
	// already present (the visitor is then not recorded).
	Join(ctx context.Context, mapID int64, v Visitor) (joined Visitor, dup bool, err error)
	// Leave removes the visitor of that connection.
	Leave(ctx context.Context, mapID, userID int64, connID string) error
	// Heartbeat refreshes the expiry of the user's visitor record and locks.
	Heartbeat(ctx context.Context, mapID, userID int64, connID string) error
	Visitors(ctx context.Context, mapID int64) ([]Visitor, error)
	// Acquire grants the lock if it is free or already the user's; for a
	// node or an edge it releases the user's other lock of that type.
	// When someone else holds it, ok is false and holder is theirs.
	Acquire(ctx context.Context, mapID int64, l Lock) (holder Lock, ok bool, released []Lock, err error)
	// Release frees the user's lock of that key; false when it was not theirs.
	Release(ctx context.Context, mapID int64, key string, userID int64) (bool, error)
	// ReleaseAll frees every lock of the user on the map.
	ReleaseAll(ctx context.Context, mapID, userID int64) ([]Lock, error)
	// HandOver makes the user's locks on the map expire keepFor from now:
	// the grace period of an editor whose instance shuts down, which the
	// heartbeat of the instance they reconnect to extends, and which ends
	// with the locks' release for everyone if they do not come back.
	HandOver(ctx context.Context, mapID, userID int64, keepFor time.Duration) error
	Locks(ctx context.Context, mapID int64) ([]Lock, error)
}

// TTL is how long a visitor or lock lives without a heartbeat: with a
// heartbeat every 5 s and a sweep every 5 s, the locks of an instance that
// dies are gone for everyone within 25 s.
const TTL = 20 * time.Second

type memEntry[T any] struct {
	v       T
	expires time.Time
}

type memMap struct {
	visitors map[int64]memEntry[Visitor]
	locks    map[string]memEntry[Lock]
}

// MemoryState is the State of one instance.
type MemoryState struct {
	mu   sync.Mutex
	maps map[int64]*memMap
	now  func() time.Time
}

// NewMemoryState returns an empty in-memory State.
func NewMemoryState() *MemoryState {
	return &MemoryState{maps: map[int64]*memMap{}, now: time.Now}
}

func (s *MemoryState) get(mapID int64) *memMap {
	m, ok := s.maps[mapID]
	if !ok {
		m = &memMap{visitors: map[int64]memEntry[Visitor]{}, locks: map[string]memEntry[Lock]{}}
		s.maps[mapID] = m
	}
	now := s.now()
	for id, e := range m.visitors {
		if now.After(e.expires) {
			delete(m.visitors, id)
		}
	}
	for k, e := range m.locks {
		if now.After(e.expires) {
			delete(m.locks, k)
		}
	}
	return m
}

// firstFreeColour is the rotation's first colour no visitor has.
func firstFreeColour(used map[Colour]bool) Colour {
	for _, c := range Colours {
		if !used[c] {
			return c
		}
	}
	return Colours[len(used)%len(Colours)]
}

func (s *MemoryState) Join(_ context.Context, mapID int64, v Visitor) (Visitor, bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	m := s.get(mapID)
	if old, ok := m.visitors[v.ID]; ok && old.v.ConnID != v.ConnID {
		return old.v, true, nil
	}
	used := map[Colour]bool{}
	for _, e := range m.visitors {
		used[e.v.Colour] = true
	}
	v.Colour = firstFreeColour(used)
	m.visitors[v.ID] = memEntry[Visitor]{v, s.now().Add(TTL)}
	return v, false, nil
}

func (s *MemoryState) Leave(_ context.Context, mapID, userID int64, connID string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	m := s.get(mapID)
	if e, ok := m.visitors[userID]; ok && e.v.ConnID == connID {
		delete(m.visitors, userID)
	}
	return nil
}

func (s *MemoryState) Heartbeat(_ context.Context, mapID, userID int64, connID string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	m := s.get(mapID)
	exp := s.now().Add(TTL)
	if e, ok := m.visitors[userID]; ok && e.v.ConnID == connID {
		e.expires = exp
		m.visitors[userID] = e
	}
	for k, e := range m.locks {
		if e.v.UserID == userID {
			e.expires = exp
			m.locks[k] = e
		}
	}
	return nil
}

func (s *MemoryState) Visitors(_ context.Context, mapID int64) ([]Visitor, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	m := s.get(mapID)
	out := make([]Visitor, 0, len(m.visitors))
	for _, e := range m.visitors {
		out = append(out, e.v)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out, nil
}

func (s *MemoryState) Acquire(_ context.Context, mapID int64, l Lock) (Lock, bool, []Lock, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	m := s.get(mapID)
	if e, ok := m.locks[l.Key()]; ok && e.v.UserID != l.UserID {
		return e.v, false, nil, nil
	}
	var released []Lock
	if exclusivePerUser[l.ElemType] {
		for k, e := range m.locks {
			if e.v.UserID == l.UserID && e.v.ElemType == l.ElemType && k != l.Key() {
				delete(m.locks, k)
				released = append(released, e.v)
			}
		}
	}
	m.locks[l.Key()] = memEntry[Lock]{l, s.now().Add(TTL)}
	return l, true, released, nil
}

func (s *MemoryState) Release(_ context.Context, mapID int64, key string, userID int64) (bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	m := s.get(mapID)
	if e, ok := m.locks[key]; ok && e.v.UserID == userID {
		delete(m.locks, key)
		return true, nil
	}
	return false, nil
}

func (s *MemoryState) ReleaseAll(_ context.Context, mapID, userID int64) ([]Lock, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	m := s.get(mapID)
	var out []Lock
	for k, e := range m.locks {
		if e.v.UserID == userID {
			delete(m.locks, k)
			out = append(out, e.v)
		}
	}
	return out, nil
}

func (s *MemoryState) HandOver(_ context.Context, mapID, userID int64, keepFor time.Duration) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	m := s.get(mapID)
	for k, e := range m.locks {
		if e.v.UserID == userID {
			e.expires = s.now().Add(keepFor)
			m.locks[k] = e
		}
	}
	return nil
}

func (s *MemoryState) Locks(_ context.Context, mapID int64) ([]Lock, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	m := s.get(mapID)
	out := make([]Lock, 0, len(m.locks))
	for _, e := range m.locks {
		out = append(out, e.v)
	}
	sortLocks(out)
	return out, nil
}

func sortLocks(ls []Lock) {
	sort.Slice(ls, func(i, j int) bool { return ls[i].Key() < ls[j].Key() })
}

func sortVisitors(vs []Visitor) {
	sort.Slice(vs, func(i, j int) bool { return vs[i].ID < vs[j].ID })
}
