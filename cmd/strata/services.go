package main

import (
	"log/slog"

	"github.com/redis/go-redis/v9"

	"github.com/strata-maps/strata/internal/accounts"
	"github.com/strata-maps/strata/internal/api"
	"github.com/strata-maps/strata/internal/apikeys"
	"github.com/strata-maps/strata/internal/auth"
	"github.com/strata-maps/strata/internal/editing"
	"github.com/strata-maps/strata/internal/live"
	"github.com/strata-maps/strata/internal/mail"
	"github.com/strata-maps/strata/internal/mapcatalog"
	"github.com/strata-maps/strata/internal/prepared"
	"github.com/strata-maps/strata/internal/publishing"
)

// services builds, once, the services the HTTP server hands requests to,
// into d (which holds the store, the access service, the live channel and
// the media service already: the live channel is built with the access
// service, and the services below tell it of changes). Limits count in Redis when rdb is set, under
// the deployment's prefix, so that every instance shares them.
func services(d *api.Deps, keyRate int, documentMemory int64, rdb redis.Cmdable, prefix string, hub *live.Hub, sender mail.Sender, log *slog.Logger) error {
	var err error
	limiters := auth.Limiters(rdb, prefix)
	d.Editing = editing.New(d.Store, hub)
	d.Accounts = accounts.New(accounts.Config{Store: d.Store, Mail: sender, Log: log, PublicURL: d.PublicURL,
		NewLimiter: limiters, Rechecks: api.LiveRechecks(hub)})
	d.Publishing = publishing.New(publishing.Config{Store: d.Store, Editing: d.Editing, Log: log, NewLimiter: limiters})
	d.Catalog = mapcatalog.New(d.Store, d.Editing)
	d.APIKeys = apikeys.New(apikeys.Config{Store: d.Store, RequestsPerMinute: keyRate, NewLimiter: limiters})
	if d.Documents, err = prepared.New(prepared.Config{Store: d.Store, Budget: documentMemory}); err != nil {
		return err
	}
	return nil
}
