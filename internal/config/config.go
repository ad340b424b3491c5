// Package config reads Strata's settings from flags, each of which falls back
// to its STRATA_* environment variable (DESIGN.md §1).
package config

import (
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net/netip"
	"net/url"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// Config is every setting of the server. It is passed explicitly; there is
// no global copy.
type Config struct {
	Addr        string
	DataDir     string
	DatabaseURL string
	PublicURL   string
	RedisURL    string
	// RedisPrefix starts every Redis key and channel of this deployment;
	// empty for one made from the database (store.DeploymentID).
	RedisPrefix string
	SMTPURL     string
	LogLevel    string
	LogFormat   string
	// TrustedProxies: comma-separated CIDRs of the reverse proxies whose
	// X-Forwarded-For names the client (for rate limits).
	TrustedProxies string
	// LockGrace is how long a dropped live connection's edit locks outlive
	// it (a reload keeps them), as a Go duration.
	LockGrace string
	// APIKeyRate is how many requests each API key may make per minute.
	APIKeyRate string
	// DocumentMemory is the megabytes the maps' prepared documents may take.
	DocumentMemory string
	// MemoryLimit is the Go runtime's soft memory limit in megabytes
	// (debug.SetMemoryLimit); 0 sets none (GOMEMLIMIT still applies).
	MemoryLimit string
	// MediaURL is where media files are kept: a directory, or
	// s3://bucket?endpoint=…&region=…; empty for "media" in the data directory.
	MediaURL string
	// MediaMax* are the largest files of each media type, in bytes.
	MediaMaxImage, MediaMaxVector, MediaMaxVideo, MediaMaxAudio, MediaMaxOther string
}

// setting describes one flag and its variable, so that errors name both.
type setting struct {
	flag, env, def, usage string
	dst                   *string
}

func (c *Config) settings() []setting {
	return []setting{
		{"addr", "STRATA_ADDR", ":8080", "address to listen on", &c.Addr},
		{"data-dir", "STRATA_DATA_DIR", "./data", "directory for the SQLite database and media", &c.DataDir},
		{"database-url", "STRATA_DATABASE_URL", "", "postgres://… for PostgreSQL; empty for SQLite in the data directory", &c.DatabaseURL},
		{"public-url", "STRATA_PUBLIC_URL", "", "the address users reach Strata at, e.g. https://maps.example.org", &c.PublicURL},
		{"redis-url", "STRATA_REDIS_URL", "", "redis://… to run several instances; empty for one", &c.RedisURL},
		{"redis-prefix", "STRATA_REDIS_PREFIX", "", "what every Redis key and channel of this deployment starts with (letters, digits, . _ - :, at most 64); empty for one made from the database, so that deployments sharing a Redis stay apart", &c.RedisPrefix},
		{"smtp-url", "STRATA_SMTP_URL", "", "smtp://user:pass@host:port to send mail; empty writes mail to the log", &c.SMTPURL},
		{"log-level", "STRATA_LOG_LEVEL", "info", "debug, info, warn or error", &c.LogLevel},
		{"log-format", "STRATA_LOG_FORMAT", "text", "text or json", &c.LogFormat},
		{"trusted-proxies", "STRATA_TRUSTED_PROXIES", "", "comma-separated CIDRs of reverse proxies whose X-Forwarded-For names the client; empty trusts none", &c.TrustedProxies},
		{"lock-grace", "STRATA_LOCK_GRACE", "10s", "how long a dropped live connection keeps its edit locks (a reload keeps them), from 100ms to 5m", &c.LockGrace},
		{"api-key-rate", "STRATA_API_KEY_RATE", "600", "requests each API key may make per minute, from 1 to 100000", &c.APIKeyRate},
		{"document-memory", "STRATA_DOCUMENT_MEMORY", "256", "megabytes of memory for the maps' documents kept ready to answer (GET /maps/{id}), from 16 to 65536", &c.DocumentMemory},
		{"memory-limit", "STRATA_MEMORY_LIMIT", "0", "soft limit of the process's memory in megabytes, from 64 to 1048576: past it the Go runtime collects garbage harder and returns memory to the system (set it to about 80% of the memory the server may use); 0 for none", &c.MemoryLimit},
		{"media-url", "STRATA_MEDIA_URL", "", "where media files are kept: a directory, or s3://bucket?endpoint=…&region=… (S3-compatible; credentials from AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY); empty for media/ in the data directory", &c.MediaURL},
		{"media-max-image", "STRATA_MEDIA_MAX_IMAGE", "20971520", "largest image upload (JPEG, PNG, GIF, WebP), in bytes", &c.MediaMaxImage},
		{"media-max-vector", "STRATA_MEDIA_MAX_VECTOR", "2097152", "largest SVG upload, in bytes", &c.MediaMaxVector},
		{"media-max-video", "STRATA_MEDIA_MAX_VIDEO", "524288000", "largest video upload (MP4, WebM), in bytes", &c.MediaMaxVideo},
		{"media-max-audio", "STRATA_MEDIA_MAX_AUDIO", "52428800", "largest audio upload, in bytes", &c.MediaMaxAudio},
		{"media-max-other", "STRATA_MEDIA_MAX_OTHER", "20971520", "largest upload of another type (PDF), in bytes", &c.MediaMaxOther},
	}
}

// Register adds every setting to fs. Defaults come from getenv when the
// variable is set, so a flag given on the command line wins over the
// environment, which wins over the built-in default.
func Register(fs *flag.FlagSet, getenv func(string) string) *Config {
	c := &Config{}
	for _, s := range c.settings() {
		def := s.def
		if v := getenv(s.env); v != "" {
			def = v
		}
		fs.StringVar(s.dst, s.flag, def, fmt.Sprintf("%s (%s)", s.usage, s.env))
	}
	return c
}

// Name returns how a setting is named in messages: "--flag (ENV)".
func Name(flagName string) string {
	for _, s := range (&Config{}).settings() {
		if s.flag == flagName {
			return fmt.Sprintf("--%s (%s)", s.flag, s.env)
		}
	}
	return "--" + flagName
}

// redisPrefixPattern keeps a prefix to characters that need no quoting
// in keys, channels or logs.
var redisPrefixPattern = regexp.MustCompile(`^[A-Za-z0-9._:-]{1,64}$`)

// Validate checks the settings that can be checked without I/O.
func (c *Config) Validate() error {
	var errs []error
	if _, err := c.SlogLevel(); err != nil {
		errs = append(errs, err)
	}
	if c.LogFormat != "text" && c.LogFormat != "json" {
		errs = append(errs, fmt.Errorf("%s must be text or json, not %q", Name("log-format"), c.LogFormat))
	}
	if c.PublicURL != "" {
		u, err := url.Parse(c.PublicURL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			errs = append(errs, fmt.Errorf("%s must be an http:// or https:// address, not %q", Name("public-url"), c.PublicURL))
		}
	}
	if c.RedisURL != "" && !strings.HasPrefix(c.RedisURL, "redis://") && !strings.HasPrefix(c.RedisURL, "rediss://") {
		errs = append(errs, fmt.Errorf("%s must start with redis:// or rediss://", Name("redis-url")))
	}
	if c.RedisPrefix != "" && !redisPrefixPattern.MatchString(c.RedisPrefix) {
		errs = append(errs, fmt.Errorf("%s must be 1 to 64 letters, digits, '.', '_', '-' or ':', not %q", Name("redis-prefix"), c.RedisPrefix))
	}
	if c.SMTPURL != "" && !strings.HasPrefix(c.SMTPURL, "smtp://") && !strings.HasPrefix(c.SMTPURL, "smtps://") {
		errs = append(errs, fmt.Errorf("%s must start with smtp:// or smtps://", Name("smtp-url")))
	}
	if _, err := c.TrustedProxyPrefixes(); err != nil {
		errs = append(errs, err)
	}
	if _, err := c.LockGraceDuration(); err != nil {
		errs = append(errs, err)
	}
	if _, err := c.APIKeyRatePerMinute(); err != nil {
		errs = append(errs, err)
	}
	if _, err := c.DocumentMemoryBytes(); err != nil {
		errs = append(errs, err)
	}
	if _, err := c.MemoryLimitBytes(); err != nil {
		errs = append(errs, err)
	}
	if _, err := c.MediaLimits(); err != nil {
		errs = append(errs, err)
	}
	if c.MediaURL != "" && strings.Contains(c.MediaURL, "://") && !strings.HasPrefix(c.MediaURL, "s3://") && !strings.HasPrefix(c.MediaURL, "file://") {
		errs = append(errs, fmt.Errorf("%s must be a directory, file:///path or s3://bucket?endpoint=…&region=…, not %q", Name("media-url"), c.MediaURL))
	}
	return errors.Join(errs...)
}

// MediaLimits parses the per-type upload limits: type → bytes, each from
// 1 KB to 100 GB.
func (c *Config) MediaLimits() (map[string]int64, error) {
	out := map[string]int64{}
	var errs []error
	for typ, v := range map[string]string{"image": c.MediaMaxImage, "vector": c.MediaMaxVector, "video": c.MediaMaxVideo,
		"audio": c.MediaMaxAudio, "other": c.MediaMaxOther} {
		n, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
		if err != nil || n < 1024 || n > 100<<30 {
			errs = append(errs, fmt.Errorf("%s must be a number of bytes from 1024 to 107374182400, not %q", Name("media-max-"+typ), v))
			continue
		}
		out[typ] = n
	}
	return out, errors.Join(errs...)
}

// MediaStorageURL is where media files are kept: MediaURL, or the media
// directory in the data directory.
func (c *Config) MediaStorageURL() string {
	if c.MediaURL != "" {
		return c.MediaURL
	}
	return filepath.Join(c.DataDir, "media")
}

// APIKeyRatePerMinute parses APIKeyRate.
func (c *Config) APIKeyRatePerMinute() (int, error) {
	n, err := strconv.Atoi(strings.TrimSpace(c.APIKeyRate))
	if err != nil || n < 1 || n > 100000 {
		return 0, fmt.Errorf("%s must be a whole number from 1 to 100000, not %q", Name("api-key-rate"), c.APIKeyRate)
	}
	return n, nil
}

// DocumentMemoryBytes parses DocumentMemory: at least a 10,000-node map's
// document (about 12 MB kept), at most 64 GB.
func (c *Config) DocumentMemoryBytes() (int64, error) {
	mb, err := strconv.ParseInt(strings.TrimSpace(c.DocumentMemory), 10, 64)
	if err != nil || mb < 16 || mb > 65536 {
		return 0, fmt.Errorf("%s must be a number of megabytes from 16 to 65536, not %q", Name("document-memory"), c.DocumentMemory)
	}
	return mb << 20, nil
}

// MemoryLimitBytes parses MemoryLimit: 0 for none, else at least what
// the server needs at rest, at most a terabyte.
func (c *Config) MemoryLimitBytes() (int64, error) {
	mb, err := strconv.ParseInt(strings.TrimSpace(c.MemoryLimit), 10, 64)
	if err != nil || mb != 0 && (mb < 64 || mb > 1<<20) {
		return 0, fmt.Errorf("%s must be 0 or a number of megabytes from 64 to 1048576, not %q", Name("memory-limit"), c.MemoryLimit)
	}
	return mb << 20, nil
}

// LockGraceDuration parses LockGrace: long enough for a reload to keep its
// locks, short enough that a closed tab does not block others for long.
func (c *Config) LockGraceDuration() (time.Duration, error) {
	d, err := time.ParseDuration(c.LockGrace)
	if err != nil || d < 100*time.Millisecond || d > 5*time.Minute {
		return 0, fmt.Errorf("%s must be a duration from 100ms to 5m, such as 10s, not %q", Name("lock-grace"), c.LockGrace)
	}
	return d, nil
}

// TrustedProxyPrefixes parses TrustedProxies. A bare address counts as
// that one address.
func (c *Config) TrustedProxyPrefixes() ([]netip.Prefix, error) {
	var ps []netip.Prefix
	for _, f := range strings.Split(c.TrustedProxies, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		p, err := netip.ParsePrefix(f)
		if err != nil {
			a, aerr := netip.ParseAddr(f)
			if aerr != nil {
				return nil, fmt.Errorf("%s must be CIDRs such as 10.0.0.0/8, not %q", Name("trusted-proxies"), f)
			}
			p = netip.PrefixFrom(a, a.BitLen())
		}
		ps = append(ps, p.Masked())
	}
	return ps, nil
}

// SlogLevel parses LogLevel.
func (c *Config) SlogLevel() (slog.Level, error) {
	var l slog.Level
	if err := l.UnmarshalText([]byte(c.LogLevel)); err != nil {
		return 0, fmt.Errorf("%s must be debug, info, warn or error, not %q", Name("log-level"), c.LogLevel)
	}
	return l, nil
}
