package api

import (
	"log/slog"
	"net/http"
	"time"
)

// Timeouts bound how long one connection may take over each part of an
// exchange, so that slow or stalled clients cannot hold connections (and
// their goroutines and buffers) for ever.
type Timeouts struct {
	// ReadHeader bounds sending the request line and headers.
	ReadHeader time.Duration
	// Read bounds the whole request, body included, from its first byte.
	// net/http also cancels a handler's context when it passes.
	Read time.Duration
	// Write bounds the handler and the writing of its answer, from the end
	// of the headers.
	Write time.Duration
	// Idle bounds a kept-alive connection waiting for its next request.
	Idle time.Duration
}

// DefaultTimeouts are what strata serve uses.
//
//   - Headers are a few hundred bytes: 10 s is generous on any link.
//   - A request's body is at most maxBodyBytes (4 MB), about 35 s at
//     1 Mbit/s; no handler runs for long. One minute covers both.
//   - The largest answer is a 10,000-node map's document, about 1.5 MB
//     compressed: some 95 s at 128 kbit/s. Two minutes.
//   - The live channel's WebSocket is not bound by any of them: net/http
//     clears a connection's deadlines when it is hijacked, and the live
//     channel keeps its own heartbeat.
func DefaultTimeouts() Timeouts {
	return Timeouts{ReadHeader: 10 * time.Second, Read: time.Minute, Write: 2 * time.Minute, Idle: 2 * time.Minute}
}

// NewHTTPServer is the http.Server that serves h: strata serve and the
// tests build it here, so that tests exercise the settings served.
func NewHTTPServer(h http.Handler, t Timeouts, log *slog.Logger) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: t.ReadHeader,
		ReadTimeout:       t.Read,
		WriteTimeout:      t.Write,
		IdleTimeout:       t.Idle,
		// Headers, cookies included, are a few kilobytes; 64 KB leaves room.
		MaxHeaderBytes: 64 << 10,
		ErrorLog:       slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
}
