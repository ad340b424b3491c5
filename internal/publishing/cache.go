package publishing

import "sync"

// versionCache keeps what is derived from the latest live versions: a
// version never changes, and deriving reads or decodes all of it. It keeps
// at most versionsCached of them, and no more than versionCacheBytes (a
// 10,000-node map's readers' document is about 10 MB) but for the newest.
type versionCache[T any] struct {
	mu    sync.Mutex
	items map[int64]cachedVersion[T] // by version id
	order []int64
	bytes int
}

type cachedVersion[T any] struct {
	value T
	size  int
}

const (
	versionsCached    = 16
	versionCacheBytes = 64 << 20
)

func (c *versionCache[T]) get(id int64) (T, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	v, ok := c.items[id]
	return v.value, ok
}

// put keeps v, of about size bytes, for the version.
func (c *versionCache[T]) put(id int64, v T, size int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.items == nil {
		c.items = map[int64]cachedVersion[T]{}
	}
	if old, ok := c.items[id]; ok {
		c.bytes -= old.size
	} else {
		c.order = append(c.order, id)
	}
	c.items[id] = cachedVersion[T]{v, size}
	c.bytes += size
	for len(c.order) > 1 && (len(c.order) > versionsCached || c.bytes > versionCacheBytes) {
		c.bytes -= c.items[c.order[0]].size
		delete(c.items, c.order[0])
		c.order = c.order[1:]
	}
}
