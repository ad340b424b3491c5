package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"runtime/debug"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/strata-maps/strata/internal/access"
	"github.com/strata-maps/strata/internal/accounts"
	"github.com/strata-maps/strata/internal/api"
	"github.com/strata-maps/strata/internal/auth"
	"github.com/strata-maps/strata/internal/config"
	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/live"
	"github.com/strata-maps/strata/internal/mail"
	"github.com/strata-maps/strata/internal/media"
	"github.com/strata-maps/strata/internal/mediastore"
	"github.com/strata-maps/strata/internal/store"
	"github.com/strata-maps/strata/internal/webapp"
)

// flags parses the shared settings plus whatever extra adds.
func (e *environment) flags(name string, args []string, extra func(*flag.FlagSet)) (*config.Config, *flag.FlagSet, error) {
	fs := flag.NewFlagSet("strata "+name, flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	cfg := config.Register(fs, e.getenv)
	if extra != nil {
		extra(fs)
	}
	if err := fs.Parse(args); err != nil {
		return nil, nil, err
	}
	if err := cfg.Validate(); err != nil {
		return nil, nil, err
	}
	return cfg, fs, nil
}

func (e *environment) logger(cfg *config.Config) *slog.Logger {
	level, _ := cfg.SlogLevel() // validated already
	opts := &slog.HandlerOptions{Level: level}
	if cfg.LogFormat == "json" {
		return slog.New(slog.NewJSONHandler(e.stderr, opts))
	}
	return slog.New(slog.NewTextHandler(e.stderr, opts))
}

// openStore opens and migrates the configured database. Its errors name the
// setting at fault, so that start-up fails with one clear line.
func openStore(ctx context.Context, cfg *config.Config, log *slog.Logger) (*store.Store, error) {
	setting := config.Name("database-url")
	if cfg.DatabaseURL == "" {
		setting = config.Name("data-dir")
	}
	target, err := store.ResolveTarget(cfg.DatabaseURL, cfg.DataDir)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", setting, err)
	}
	s, err := store.Open(ctx, target)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", setting, err)
	}
	n, err := s.Migrate(ctx)
	if err != nil {
		s.Close()
		return nil, fmt.Errorf("%s: %w", setting, err)
	}
	log.Info("database ready", "dialect", s.Dialect(), "at", target.Display, "migrations_applied", n)
	return s, nil
}

func (e *environment) serve(ctx context.Context, args []string) error {
	cfg, _, err := e.flags("serve", args, nil)
	if err != nil {
		return err
	}
	log := e.logger(cfg)
	if limit, _ := cfg.MemoryLimitBytes(); limit > 0 { // validated already
		// Past it the collector works harder and gives memory back, so a
		// burst (images decoded at once) does not keep the heap high.
		debug.SetMemoryLimit(limit)
		log.Info("memory limit set", "megabytes", limit>>20)
	}
	// The data directory holds the SQLite file, the mail outbox and media;
	// /readyz fails while it takes no files, so it exists from the start.
	if err := os.MkdirAll(cfg.DataDir, 0o750); err != nil {
		return fmt.Errorf("%s: %w", config.Name("data-dir"), err)
	}
	s, err := openStore(ctx, cfg, log)
	if err != nil {
		return err
	}
	defer s.Close()

	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return fmt.Errorf("%s: cannot listen on %q: %w", config.Name("addr"), cfg.Addr, err)
	}
	web := webapp.Dist()
	if web == nil {
		log.Warn("this binary has no web app built in; `make build` embeds it")
	}
	fonts, err := webapp.Fonts()
	if err != nil {
		return err
	}
	publicURL := cfg.PublicURL
	if publicURL == "" {
		// Links in mail must not be built from a request's Host header,
		// which anyone can forge; without a public URL they name this machine.
		publicURL = "http://localhost:" + portOf(ln.Addr())
		log.Warn("no public URL set: links in mail point to "+publicURL, "setting", config.Name("public-url"))
	}
	sender, err := mail.New(cfg.SMTPURL, filepath.Join(cfg.DataDir, "outbox"), hostOf(publicURL), log)
	if err != nil {
		return fmt.Errorf("%s: %w", config.Name("smtp-url"), err)
	}
	go sweepExpired(ctx, s, log)
	trusted, err := cfg.TrustedProxyPrefixes()
	if err != nil {
		return err
	}
	keyRate, err := cfg.APIKeyRatePerMinute()
	if err != nil {
		return err
	}
	documentMemory, err := cfg.DocumentMemoryBytes()
	if err != nil {
		return err
	}
	mediaService, closeMedia, err := openMedia(ctx, cfg, s, log)
	if err != nil {
		return err
	}
	defer closeMedia()
	go mediaService.SweepEvery(ctx, time.Hour)
	go func() { // images stored before their copies were counted (migration 00014) or stripped (00016)
		if n, err := mediaService.CountOldCopies(ctx); err != nil && ctx.Err() == nil {
			log.WarnContext(ctx, "counting old image copies in the media quota", "err", err)
		} else if n > 0 {
			log.InfoContext(ctx, "counted old image copies in the media quota", "assets", n)
		}
		if n, err := mediaService.StripOldMetadata(ctx); err != nil && ctx.Err() == nil {
			log.WarnContext(ctx, "storing old images without their metadata", "err", err)
		} else if n > 0 {
			log.InfoContext(ctx, "stored old images again without their metadata", "assets", n)
		}
	}()
	rights := access.New(s)
	hub, rdb, prefix, closeLive, err := openLive(ctx, cfg, s, rights, publicURL, log)
	if err != nil {
		return err
	}
	defer closeLive()
	deps := api.Deps{Store: s, Access: rights, Media: mediaService, Log: log, Web: web, PublicURL: publicURL, Mail: sender,
		Live: hub, Fonts: fonts, DataDir: cfg.DataDir, Redis: rdb, TrustedProxies: trusted, Hosts: servedHosts(cfg.PublicURL)}
	if err := services(&deps, keyRate, documentMemory, rdb, prefix, hub, sender, api.WithRequestIDs(log)); err != nil {
		return err
	}
	handler := api.New(deps)
	srv := api.NewHTTPServer(handler, api.DefaultTimeouts(), log)
	log.Info("strata serving", "addr", ln.Addr().String())
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()

	select {
	case err := <-served:
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	log.Info("shutting down")
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	// In this order: no new connections (Shutdown closes the listener at
	// once, then waits for the calls under way); every live socket closed
	// (WebSockets are hijacked connections Shutdown does not wait for; their
	// clients reconnect to another instance) and its editor out of the room,
	// presence removed and locks handed over for the grace period; the work
	// after the answers; only then Redis (closeLive), which all of it needs.
	// Closing Redis first left ghosts on the other instances.
	stopped := make(chan error, 1)
	go func() { stopped <- srv.Shutdown(shutdownCtx) }()
	if err := hub.Shutdown(shutdownCtx); err != nil {
		log.Warn("live channel shutdown", "err", err)
	}
	if err := <-stopped; err != nil {
		return fmt.Errorf("shutdown: %w", err)
	}
	handler.Wait() // before the store closes
	closeLive()
	if err := <-served; !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("serve: %w", err)
	}
	return nil
}

// openMedia opens the media storage (--media-url, or the data directory's
// media/) and the media service with the per-type limits.
func openMedia(ctx context.Context, cfg *config.Config, s *store.Store, log *slog.Logger) (*media.Service, func(), error) {
	limits, err := cfg.MediaLimits()
	if err != nil {
		return nil, nil, err
	}
	files, err := mediastore.Open(ctx, cfg.MediaStorageURL())
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", config.Name("media-url"), err)
	}
	ml := media.Limits{}
	for typ, n := range limits {
		ml[domain.MediaType(typ)] = n
	}
	log.Info("media storage ready", "at", redactedURL(cfg.MediaStorageURL()))
	return media.New(s, files, ml, log), func() { _ = files.Close() }, nil
}

// redactedURL leaves out what a URL's user part may hold.
func redactedURL(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || u.User == nil {
		return raw
	}
	return u.Redacted()
}

func portOf(a net.Addr) string {
	_, port, _ := net.SplitHostPort(a.String())
	return port
}

func hostOf(rawURL string) string {
	u, err := url.Parse(rawURL)
	if err != nil {
		return ""
	}
	return u.Hostname()
}

// sweepExpired removes expired sessions and tokens every hour.
func sweepExpired(ctx context.Context, s *store.Store, log *slog.Logger) {
	t := time.NewTicker(time.Hour)
	defer t.Stop()
	for {
		if err := s.DeleteExpired(ctx); err != nil && ctx.Err() == nil {
			log.Warn("sweeping expired sessions", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// liveOptions are the live channel's: its questions of access answered by
// the access service, grants kept within the seats by accounts.
func liveOptions(rights *access.Service, origins []string, lockGrace time.Duration) live.Options {
	return live.Options{Grants: access.LiveGrants(rights, accounts.GrantMapAccess), Access: access.LiveAccess(rights),
		Origins: origins, LockGrace: lockGrace}
}

// sharedLiveOptions are liveOptions for several instances: the requests for
// editing access are counted in Redis, so that reconnecting to another
// instance does not renew a user's allowance.
func sharedLiveOptions(rights *access.Service, origins []string, lockGrace time.Duration, rdb *redis.Client, prefix string) live.Options {
	opts := liveOptions(rights, origins, lockGrace)
	opts.InvitationRequests = auth.NewRedisLimiter(rdb, prefix, "invitation-requests", live.InvitationRequestsAllowed, live.InvitationRequestWindow)
	return opts
}

// openLive builds the live channel: in memory for one instance, over Redis
// when a Redis URL is set. The Redis client (nil without one) also holds
// the rate limits, under the deployment's prefix, which it returns. Its
// closer may be called more than once.
func openLive(ctx context.Context, cfg *config.Config, s *store.Store, rights *access.Service, publicURL string, log *slog.Logger) (*live.Hub, redis.Cmdable, string, func(), error) {
	origins := []string{hostOf(publicURL)}
	if u, err := url.Parse(publicURL); err == nil && u.Port() != "" {
		origins = append(origins, u.Host)
	}
	grace, err := cfg.LockGraceDuration()
	if err != nil {
		return nil, nil, "", nil, err
	}
	if cfg.RedisURL == "" {
		hub := live.NewHub(live.NewMemoryState(), live.NewMemoryBus(), log, liveOptions(rights, origins, grace))
		return hub, nil, "", func() {}, nil
	}
	prefix, err := redisPrefix(ctx, cfg, s)
	if err != nil {
		return nil, nil, "", nil, err
	}
	opt, err := redis.ParseURL(cfg.RedisURL)
	if err != nil {
		return nil, nil, "", nil, fmt.Errorf("%s: %w", config.Name("redis-url"), err)
	}
	useRedisLogger(log)
	rdb := redis.NewClient(opt)
	pingCtx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if err := rdb.Ping(pingCtx).Err(); err != nil {
		rdb.Close()
		return nil, nil, "", nil, fmt.Errorf("%s: cannot reach Redis at %s: %w", config.Name("redis-url"), opt.Addr, err)
	}
	bus := live.NewRedisBus(rdb, prefix)
	hub := live.NewHub(live.NewRedisState(rdb, prefix), bus, log, sharedLiveOptions(rights, origins, grace, rdb, prefix))
	log.Info("live channel on Redis", "at", opt.Addr, "prefix", prefix)
	return hub, rdb, prefix, sync.OnceFunc(func() { bus.Close(); rdb.Close() }), nil
}

// redisPrefix is --redis-prefix, or else "strata:" and the deployment's id,
// which the first instance on the database made at random and every other
// reads: instances of one deployment share it however they reach the
// database, and two deployments never do (a hash of the database URL would
// give two deployments on "localhost" the same name, and two instances
// reaching one database by different names different ones).
func redisPrefix(ctx context.Context, cfg *config.Config, s *store.Store) (string, error) {
	if cfg.RedisPrefix != "" {
		return cfg.RedisPrefix, nil
	}
	id, err := s.DeploymentID(ctx)
	if err != nil {
		return "", fmt.Errorf("%s: %w", config.Name("redis-prefix"), err)
	}
	return "strata:" + id, nil
}

// servedHosts are the addresses whose Host the server answers: the public
// URL's when one was set; without one (make run, a first try) any Host, as
// the fallback names only this machine and it may be reached by any name.
func servedHosts(publicURL string) []string {
	if publicURL == "" {
		return nil
	}
	return []string{publicURL}
}
