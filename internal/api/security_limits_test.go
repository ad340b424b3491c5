package api_test

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/strata-maps/strata/internal/api"
	"github.com/strata-maps/strata/internal/store"
	"github.com/strata-maps/strata/internal/store/storetest"
)

// testTimeouts are the server's timeouts scaled down, so that a test waits
// fractions of a second for what strata serve waits seconds.
var testTimeouts = api.Timeouts{ReadHeader: 300 * time.Millisecond, Read: 600 * time.Millisecond,
	Write: 900 * time.Millisecond, Idle: time.Second}

// timedServer serves the harness's handler through api.NewHTTPServer, as
// strata serve does, with the timeouts t. It returns its address.
func (h *harness) timedServer(t api.Timeouts) string {
	h.t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		h.t.Fatal(err)
	}
	log := slog.New(slog.NewTextHandler(testLog{h.t}, &slog.HandlerOptions{Level: slog.LevelWarn}))
	srv := api.NewHTTPServer(h.srv.Config.Handler, t, log)
	go srv.Serve(ln)
	h.t.Cleanup(func() { srv.Close() })
	return ln.Addr().String()
}

// closedWithin reads from conn until the server closes it and reports how
// long that took, failing the test if it is still open after limit.
func closedWithin(t *testing.T, conn net.Conn, limit time.Duration) time.Duration {
	t.Helper()
	start := time.Now()
	conn.SetReadDeadline(start.Add(limit))
	_, err := io.Copy(io.Discard, conn)
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		t.Fatalf("the server still held the connection after %v", limit)
	}
	return time.Since(start)
}

// A client that sends its headers a line at a time, slowly, is cut off once
// the header timeout has passed, whatever it still sends.
func TestSecuritySlowHeadersAreCutOff(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		conn, err := net.Dial("tcp", h.timedServer(testTimeouts))
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		go func() {
			fmt.Fprint(conn, "GET /api/v1/auth/session HTTP/1.1\r\nHost: strata.test\r\n")
			for i := 0; i < 100; i++ { // 5 s of headers
				time.Sleep(50 * time.Millisecond)
				if _, err := fmt.Fprintf(conn, "X-Slow-%d: 1\r\n", i); err != nil {
					return
				}
			}
		}()
		took := closedWithin(t, conn, 3*time.Second)
		t.Logf("cut off after %v (header timeout %v)", took.Round(time.Millisecond), testTimeouts.ReadHeader)
	})
}

// A client that sends its headers at once and then its body a byte at a
// time is cut off once the read timeout has passed: it cannot hold a
// connection for as long as it likes.
func TestSecuritySlowBodyIsCutOff(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		conn, err := net.Dial("tcp", h.timedServer(testTimeouts))
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		body := `{"email": "editor@example.org", "password": "` + strings.Repeat("x", 150) + `"}`
		go func() {
			fmt.Fprintf(conn, "POST /api/v1/auth/login HTTP/1.1\r\nHost: strata.test\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n", len(body))
			for i := range len(body) { // 10 s of body
				time.Sleep(50 * time.Millisecond)
				if _, err := conn.Write([]byte{body[i]}); err != nil {
					return
				}
			}
		}()
		took := closedWithin(t, conn, 3*time.Second)
		t.Logf("cut off after %v (read timeout %v)", took.Round(time.Millisecond), testTimeouts.Read)
	})
}

// The live channel's WebSocket outlives every server timeout: it is
// hijacked, and net/http clears its deadlines.
func TestLiveSocketOutlivesServerTimeouts(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		addr := h.timedServer(testTimeouts)
		ed := h.as(editor) // the jar's cookie for 127.0.0.1 holds on every port
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		ws, _, err := websocket.Dial(ctx, fmt.Sprintf("ws://%s/api/v1/live?map_id=%d&client_slug=acme", addr, h.mapID),
			&websocket.DialOptions{HTTPClient: ed.http})
		if err != nil {
			t.Fatal(err)
		}
		defer ws.CloseNow()
		go func() { // reads what the server sends, pongs included
			for {
				if _, _, err := ws.Read(ctx); err != nil {
					return
				}
			}
		}()
		time.Sleep(testTimeouts.Write + 200*time.Millisecond)
		if err := ws.Ping(ctx); err != nil {
			t.Fatalf("the socket did not outlive the server's timeouts: %v", err)
		}
		msg, _ := json.Marshal(map[string]any{"event": "update_user_state", "data": map[string]int{"x": 1, "y": 2}})
		if err := ws.Write(ctx, websocket.MessageText, msg); err != nil {
			t.Fatalf("write after the timeouts: %v", err)
		}
		if err := ws.Ping(ctx); err != nil {
			t.Fatalf("the socket closed after a frame: %v", err)
		}
	})
}

// strata serve's timeouts are all set: none is left unbounded.
func TestServerTimeoutsAreAllSet(t *testing.T) {
	d := api.DefaultTimeouts()
	srv := api.NewHTTPServer(http.NotFoundHandler(), d, slog.New(slog.DiscardHandler))
	if srv.ReadHeaderTimeout <= 0 || srv.ReadTimeout <= 0 || srv.WriteTimeout <= 0 || srv.IdleTimeout <= 0 {
		t.Fatalf("timeouts %+v", d)
	}
	if srv.ReadHeaderTimeout > srv.ReadTimeout || srv.ReadTimeout > srv.WriteTimeout {
		t.Errorf("the header timeout must be within the read timeout, and that within the write timeout: %+v", d)
	}
}

// A body announced larger than the limit is answered 413 in the envelope on
// every route, including those that read no body, at once: the server
// answers while the client has sent a kilobyte of a gigabyte.
func TestSecurityOversizedBodyIsRefusedOnEveryRoute(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		addr := strings.TrimPrefix(h.srv.URL, "http://")
		for _, route := range []string{
			"GET /healthz", "GET /readyz", "GET /", "GET /m/somewhere", "GET /assets/app.js",
			"GET /api/v1/auth/session", "POST /api/v1/auth/logout", "POST /api/v1/auth/login",
			fmt.Sprintf("GET /api/v1/maps/%d", h.mapID), fmt.Sprintf("DELETE /api/v1/maps/%d", h.mapID),
			fmt.Sprintf("PATCH /api/v1/maps/%d/elements", h.mapID), fmt.Sprintf("GET /api/v1/live?map_id=%d", h.mapID),
			"PUT /api/v1/nowhere",
		} {
			t.Run(route, func(t *testing.T) {
				conn, err := net.Dial("tcp", addr)
				if err != nil {
					t.Fatal(err)
				}
				defer conn.Close()
				method, path, _ := strings.Cut(route, " ")
				fmt.Fprintf(conn, "%s %s HTTP/1.1\r\nHost: strata.test\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s",
					method, path, 1<<30, strings.Repeat(" ", 1024))
				conn.SetReadDeadline(time.Now().Add(5 * time.Second))
				res, err := http.ReadResponse(bufio.NewReader(conn), nil)
				if err != nil {
					t.Fatalf("no answer before the body was sent: %v", err)
				}
				defer res.Body.Close()
				var env envelope
				if err := json.NewDecoder(res.Body).Decode(&env); err != nil || res.StatusCode != 413 || env.Error.Code != "too_large" {
					t.Fatalf("got %d %+v, want 413 too_large", res.StatusCode, env)
				}
				if !res.Close {
					t.Errorf("the connection is kept open with a gigabyte of body unread")
				}
			})
		}
	})
}

// A body sent without its length (chunked) is cut at the limit too.
func TestSecurityOversizedChunkedBodyIsRefused(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		body := io.MultiReader(strings.NewReader(`{"email": "`), neverEnding('a'))
		req, err := http.NewRequest("POST", h.srv.URL+"/api/v1/auth/login", io.LimitReader(body, 64<<20))
		if err != nil {
			t.Fatal(err)
		}
		req.ContentLength = -1 // chunked
		req.Header.Set("Content-Type", "application/json")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		var env envelope
		if err := json.NewDecoder(res.Body).Decode(&env); err != nil || res.StatusCode != 413 || env.Error.Code != "too_large" {
			t.Fatalf("got %d %+v, want 413 too_large", res.StatusCode, env)
		}
	})
}

type neverEnding byte

func (b neverEnding) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = byte(b)
	}
	return len(p), nil
}
