package domain

import (
	"strings"
	"testing"
)

func TestQuotaAllowsUpToItsMax(t *testing.T) {
	two := 2
	for _, c := range []struct {
		q    Quota
		want bool
	}{
		{Quota{Kind: QuotaMap, Count: 100}, true},
		{Quota{Kind: QuotaMap, Max: &two, Count: 1}, true},
		{Quota{Kind: QuotaMap, Max: &two, Count: 2}, false},
	} {
		if got := c.q.Allows(1); got != c.want {
			t.Errorf("%+v allows 1 more: %v, want %v", c.q, got, c.want)
		}
	}
}

func TestQuotaErrorWording(t *testing.T) {
	one := 1
	e := QuotaError(Quota{Kind: QuotaTemplate, Max: &one, Count: 1}, true)
	if e.Code != CodeQuotaExceeded || e.Details()["quota"] != "template" || e.Details()["max"] != "1" ||
		!strings.HasPrefix(e.Message, "You have reached the maximum number of templates") {
		t.Fatalf("template quota error: %+v", e)
	}
	admin, other := QuotaError(Quota{Kind: QuotaLiveMap, Max: &one}, true), QuotaError(Quota{Kind: QuotaLiveMap, Max: &one}, false)
	if !strings.Contains(admin.Message, "upgrade") || !strings.Contains(other.Message, "ask an admin") {
		t.Fatalf("live-map variants: %q / %q", admin.Message, other.Message)
	}
}

func TestSeatKind(t *testing.T) {
	if SeatKind(RoleGuest) != QuotaActiveReaders || SeatKind(RoleStudent) != QuotaEditingUser || SeatKind(RoleAdmin) != QuotaEditingUser {
		t.Fatal("seat kinds")
	}
}
