package api

import (
	"context"

	"github.com/strata-maps/strata/internal/accounts"
	"github.com/strata-maps/strata/internal/live"
)

// LiveRechecks tells the live channel of the services' changes to rights
// (accounts.Rechecks); without a live channel (nil) nobody is told.
func LiveRechecks(hub *live.Hub) accounts.Rechecks { return liveRechecks{hub} }

type liveRechecks struct{ hub *live.Hub }

func (l liveRechecks) recheck(ctx context.Context, t live.Target) {
	if l.hub != nil {
		l.hub.Recheck(ctx, t)
	}
}

func (l liveRechecks) Users(ctx context.Context, ids ...int64) { l.recheck(ctx, live.Users(ids...)) }

func (l liveRechecks) Sessions(ctx context.Context, hashes ...string) {
	l.recheck(ctx, live.Sessions(hashes...))
}

func (l liveRechecks) Client(ctx context.Context, id int64) {
	l.recheck(ctx, live.Target{Clients: []int64{id}})
}
