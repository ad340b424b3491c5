package main

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"sync"

	"github.com/redis/go-redis/v9"
)

// redisLogger hands go-redis's messages (reconnects, pool and pub/sub
// trouble) to the server's logger, so that they come out in its format and
// at its level instead of on stderr through the standard log package.
type redisLogger struct{ log *slog.Logger }

func (l redisLogger) Printf(ctx context.Context, format string, v ...any) {
	l.log.WarnContext(ctx, strings.TrimSpace(fmt.Sprintf(format, v...)), "component", "redis")
}

var setRedisLoggerOnce sync.Once

// useRedisLogger sends go-redis's log to log. redis.SetLogger is a setter
// of the whole process (go-redis keeps one logger for all clients), so it
// is called here, in the wiring, once: the first server's logger stays.
func useRedisLogger(log *slog.Logger) {
	setRedisLoggerOnce.Do(func() { redis.SetLogger(redisLogger{log}) })
}
