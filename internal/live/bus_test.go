package live

import (
	"context"
	"testing"
	"time"
)

// Subscribers are called without the bus's lock held: delivering takes the
// hub's lock, and the hub subscribes new maps while holding it, so a lock
// held across delivery deadlocks the two (seen under load). A subscriber
// that subscribes shows it at once.
func TestMemoryBusCallsSubscribersWithoutItsLock(t *testing.T) {
	b := NewMemoryBus()
	got := make(chan []byte, 1)
	b.Subscribe(1, func(msg []byte) {
		b.Subscribe(2, func([]byte) {})()
		got <- msg
	})
	go b.Publish(context.Background(), 1, []byte("x"))
	select {
	case m := <-got:
		if string(m) != "x" {
			t.Fatalf("got %q", m)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("a subscriber that subscribes deadlocked the bus")
	}
}
