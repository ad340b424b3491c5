package publishing

import "testing"

func TestVersionCacheBounds(t *testing.T) {
	var c versionCache[string]
	for id := int64(1); id <= versionsCached+2; id++ {
		c.put(id, "small", 10)
	}
	if _, ok := c.get(1); ok {
		t.Fatal("more versions kept than the count allows")
	}
	if v, ok := c.get(versionsCached + 2); !ok || v != "small" {
		t.Fatal("the newest version is not kept")
	}

	// By size: a large version pushes the older ones out, and is kept alone even past the budget.
	c.put(100, "large", versionCacheBytes-15)
	if _, ok := c.get(versionsCached + 2); !ok {
		t.Fatal("a version that fits beside a large one was dropped")
	}
	if _, ok := c.get(3); ok {
		t.Fatal("older versions kept past the byte budget")
	}
	c.put(101, "huge", versionCacheBytes+1)
	if _, ok := c.get(100); ok {
		t.Fatal("older versions kept past the byte budget")
	}
	if v, ok := c.get(101); !ok || v != "huge" || c.bytes != versionCacheBytes+1 || len(c.order) != 1 {
		t.Fatalf("the newest version alone: %q %v, %d bytes, %d kept", v, ok, c.bytes, len(c.order))
	}
}
