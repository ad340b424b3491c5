// Package benchenv is what Strata's benchmark programs share: a fresh
// database, a real server on a loopback port, signed-in clients, and the
// report written to docs/benchmarks.md.
package benchenv

import (
	"bytes"
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"runtime"
	"sort"
	"strings"
	"time"

	"github.com/strata-maps/strata/internal/access"
	"github.com/strata-maps/strata/internal/accounts"
	"github.com/strata-maps/strata/internal/api"
	"github.com/strata-maps/strata/internal/apikeys"
	"github.com/strata-maps/strata/internal/editing"
	"github.com/strata-maps/strata/internal/mail"
	"github.com/strata-maps/strata/internal/mapcatalog"
	"github.com/strata-maps/strata/internal/prepared"
	"github.com/strata-maps/strata/internal/publishing"
	"github.com/strata-maps/strata/internal/store"
)

// FreshStore opens a new, migrated database: a new PostgreSQL database on
// the server of baseURL (dropped by the returned cleanup), or a SQLite file
// in a temporary directory when baseURL is empty.
func FreshStore(ctx context.Context, baseURL string) (*store.Store, func(), error) {
	s, cleanup, _, err := FreshDatabase(ctx, baseURL)
	return s, cleanup, err
}

// FreshDatabase is FreshStore that also returns the database URL, for a
// server process to open.
func FreshDatabase(ctx context.Context, baseURL string) (*store.Store, func(), string, error) {
	var target store.Target
	var cleanup = func() {}
	var err error
	if baseURL == "" {
		dir, err := os.MkdirTemp("", "strata-bench-")
		if err != nil {
			return nil, nil, "", err
		}
		cleanup = func() { os.RemoveAll(dir) }
		target, err = store.ResolveTarget("", dir)
		if err != nil {
			return nil, nil, "", err
		}
	} else {
		admin, err := sql.Open("pgx", baseURL)
		if err != nil {
			return nil, nil, "", err
		}
		b := make([]byte, 4)
		_, _ = rand.Read(b)
		name := "strata_bench_" + hex.EncodeToString(b)
		if _, err := admin.ExecContext(ctx, "CREATE DATABASE "+name); err != nil {
			return nil, nil, "", fmt.Errorf("create database: %w", err)
		}
		cleanup = func() {
			_, _ = admin.ExecContext(context.Background(), "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)")
			admin.Close()
		}
		u, err := url.Parse(baseURL)
		if err != nil {
			cleanup()
			return nil, nil, "", err
		}
		u.Path = "/" + name
		if target, err = store.ResolveTarget(u.String(), ""); err != nil {
			cleanup()
			return nil, nil, "", err
		}
	}
	s, err := store.Open(ctx, target)
	if err != nil {
		cleanup()
		return nil, nil, "", err
	}
	if _, err := s.Migrate(ctx); err != nil {
		s.Close()
		cleanup()
		return nil, nil, "", err
	}
	dsn := target.DSN
	if target.Dialect == store.SQLite {
		dsn = "sqlite:" + target.Display
	}
	return s, func() { s.Close(); cleanup() }, dsn, nil
}

// Serve runs Strata's handler on a loopback port and returns its base URL.
func Serve(s *store.Store, ed *editing.Service) (string, func(), error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, err
	}
	log := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	d := api.Deps{Store: s, Access: access.New(s), Log: log, PublicURL: "http://" + ln.Addr().String(), Mail: &mail.Outbox{Log: slog.New(slog.NewTextHandler(io.Discard, nil))}, Editing: ed}
	// The services as cmd/strata builds them, with one instance's limits.
	d.Accounts = accounts.New(accounts.Config{Store: s, Mail: d.Mail, Log: log, PublicURL: d.PublicURL})
	d.Publishing = publishing.New(publishing.Config{Store: s, Editing: ed, Log: log})
	d.Catalog = mapcatalog.New(s, ed)
	d.APIKeys = apikeys.New(apikeys.Config{Store: s})
	if d.Documents, err = prepared.New(prepared.Config{Store: s}); err != nil {
		return "", nil, err
	}
	h := api.New(d)
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	go srv.Serve(ln)
	return "http://" + ln.Addr().String(), func() { srv.Close(); h.Wait() }, nil
}

// Client is a signed-in browser.
type Client struct {
	Base string
	HTTP *http.Client
}

// Login signs in and returns the client.
func Login(base, email, password string) (*Client, error) {
	jar, _ := cookiejar.New(nil)
	c := &Client{Base: base, HTTP: &http.Client{Jar: jar, Transport: &http.Transport{MaxIdleConnsPerHost: 8}}}
	status, body, err := c.Do("POST", "/api/v1/auth/login", map[string]any{"email": email, "password": password}, nil)
	if err != nil {
		return nil, err
	}
	if status != 200 {
		return nil, fmt.Errorf("login %s: %d %s", email, status, body)
	}
	return c, nil
}

// Do sends a JSON request and returns the status and body.
func (c *Client) Do(method, path string, body any, header map[string]string) (int, []byte, error) {
	var r io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return 0, nil, err
		}
		r = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, c.Base+path, r)
	if err != nil {
		return 0, nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	req.Header.Set("Origin", c.Base) // a browser's write names its origin (api.checkOrigin)
	for k, v := range header {
		req.Header.Set(k, v)
	}
	res, err := c.HTTP.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	return res.StatusCode, b, err
}

// Percentile returns the p-th percentile (0–100) of ds.
func Percentile(ds []time.Duration, p float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := append([]time.Duration(nil), ds...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	i := int(float64(len(s)-1) * p / 100)
	return s[i]
}

// Ms formats a duration in milliseconds.
func Ms(d time.Duration) string { return fmt.Sprintf("%.1f ms", float64(d.Microseconds())/1000) }

// Machine describes where the figures were measured.
func Machine() string {
	cpu := "unknown CPU"
	// The machine's cores, not those this process may use: a benchmark
	// pinned to one core still runs on the whole machine.
	cores := 0
	if b, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, line := range strings.Split(string(b), "\n") {
			if strings.HasPrefix(line, "model name") {
				cpu = strings.TrimSpace(strings.SplitN(line, ":", 2)[1])
			}
			if strings.HasPrefix(line, "processor") {
				cores++
			}
		}
	}
	if cores == 0 {
		cores = runtime.NumCPU()
	}
	return fmt.Sprintf("%d cores (%s), %s, %s/%s", cores, cpu, runtime.Version(), runtime.GOOS, runtime.GOARCH)
}

// Report appends a section to the benchmarks file (creating it with a
// heading when it is new) and prints it.
func Report(path, section string) error {
	fmt.Print(section)
	if path == "" {
		return nil
	}
	_, err := os.Stat(path)
	f, ferr := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if ferr != nil {
		return ferr
	}
	defer f.Close()
	if os.IsNotExist(err) {
		if _, err := f.WriteString("# Benchmarks\n\nFigures written by the benchmark programs under `bench/` (`make bench`), newest last.\n"); err != nil {
			return err
		}
	}
	_, err = f.WriteString("\n" + section)
	return err
}
