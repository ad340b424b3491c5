package auth

import (
	"testing"
	"time"
)

func TestLimiterSlidingWindow(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	l := NewLimiter(3, 15*time.Minute, func() time.Time { return now })
	for i := 0; i < 3; i++ {
		if l.Blocked("ada") {
			t.Fatalf("blocked after %d events, limit 3", i)
		}
		l.Add("ada")
		now = now.Add(time.Minute)
	}
	if !l.Blocked("ada") {
		t.Fatal("not blocked after 3 events")
	}
	if l.Blocked("bo") {
		t.Fatal("keys must be counted apart")
	}
	now = now.Add(13 * time.Minute) // the first event is 15 minutes old now
	if l.Blocked("ada") {
		t.Fatal("still blocked after the oldest event left the window")
	}
	l.Reset("ada")
	l.Add("ada")
	l.Add("ada")
	if l.Blocked("ada") {
		t.Fatal("Reset did not forget the earlier events")
	}
	now = now.Add(time.Hour)
	l.Add("cy") // triggers a sweep
	if _, ok := l.events["ada"]; ok {
		t.Fatal("the sweep kept a key with no recent event")
	}
}
