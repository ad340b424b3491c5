package api

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"log/slog"
)

// Every request gets an id of its own: answered in X-Request-Id, written
// with every log line about the request, and given in the body of a
// failure on the server's side. It is made here, never taken from the
// request, so that a client cannot write what it likes into the log.

type requestIDKey struct{}

func newRequestID() string {
	var b [12]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails (Go 1.24+)
	return hex.EncodeToString(b[:])
}

func withRequestID(ctx context.Context, id string) context.Context {
	return context.WithValue(ctx, requestIDKey{}, id)
}

// requestID is the id of the request ctx belongs to, "" outside one.
func requestID(ctx context.Context) string {
	id, _ := ctx.Value(requestIDKey{}).(string)
	return id
}

// requestIDLog adds the request's id to every record logged with its context.
type requestIDLog struct{ slog.Handler }

// WithRequestIDs is log adding, to every record logged with a request's
// context, the request's id: the logger to give the services the server
// calls, so that their lines name the request too.
func WithRequestIDs(log *slog.Logger) *slog.Logger {
	if _, ok := log.Handler().(requestIDLog); ok {
		return log
	}
	return slog.New(requestIDLog{log.Handler()})
}

func (h requestIDLog) Handle(ctx context.Context, r slog.Record) error {
	if id := requestID(ctx); id != "" {
		r.AddAttrs(slog.String("request_id", id))
	}
	return h.Handler.Handle(ctx, r)
}

func (h requestIDLog) WithAttrs(attrs []slog.Attr) slog.Handler {
	return requestIDLog{h.Handler.WithAttrs(attrs)}
}

func (h requestIDLog) WithGroup(name string) slog.Handler {
	return requestIDLog{h.Handler.WithGroup(name)}
}
