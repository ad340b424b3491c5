package main

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"testing"
)

// go-redis's messages come out as the server's own JSON lines, marked as
// Redis's, not as plain text from the standard log package.
func TestRedisLogsThroughSlog(t *testing.T) {
	var out bytes.Buffer
	l := redisLogger{slog.New(slog.NewJSONHandler(&out, nil))}
	l.Printf(context.Background(), "redis: discarding bad PubSub connection: %v\n", "EOF")
	var line struct {
		Level, Msg, Component string
	}
	if err := json.Unmarshal(out.Bytes(), &line); err != nil {
		t.Fatalf("not a JSON line: %q", out.String())
	}
	if line.Level != "WARN" || line.Msg != "redis: discarding bad PubSub connection: EOF" || line.Component != "redis" {
		t.Fatalf("logged %+v", line)
	}
}
