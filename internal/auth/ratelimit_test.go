package auth

import (
	"context"
	"testing"
	"time"
)

func TestLimiterSlidingWindow(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	l := NewLimiter(3, 15*time.Minute, func() time.Time { return now })
	take := func(key string) bool {
		t.Helper()
		ok, _, err := l.Take(ctx, key)
		if err != nil {
			t.Fatal(err)
		}
		return ok
	}
	for i := 0; i < 3; i++ {
		if !take("ada") {
			t.Fatalf("refused after %d events, limit 3", i)
		}
		now = now.Add(time.Minute)
	}
	if ok, wait, _ := l.Take(ctx, "ada"); ok || wait != 12*time.Minute {
		t.Fatalf("a 4th event: taken %v, retry after %v (want refused, 12m)", ok, wait)
	}
	if !take("bo") {
		t.Fatal("keys must be counted apart")
	}
	now = now.Add(13 * time.Minute) // the first event is 15 minutes old now
	if !take("ada") {
		t.Fatal("still refused after the oldest event left the window")
	}
	if err := l.Forget(ctx, "ada"); err != nil {
		t.Fatal(err)
	}
	take("ada")
	take("ada")
	if blocked, _, _ := l.Check(ctx, "ada"); blocked {
		t.Fatal("Forget did not drop the earlier events")
	}
	now = now.Add(time.Hour)
	take("cy") // triggers a sweep
	if _, ok := l.counts.(*memoryCounts).events["ada"]; ok {
		t.Fatal("the sweep kept a key with no recent event")
	}
}
