package live

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"
)

// The Redis keys of a map, each under the deployment's prefix (pub/sub
// ignores database numbers, so the prefix is all that keeps deployments on
// one Redis apart): its visitors and its locks, each a hash whose values
// carry their own expiry (refreshed by heartbeat), and its pub/sub channel.
func channel(prefix string, mapID int64) string {
	return prefix + ":live:" + strconv.FormatInt(mapID, 10)
}
func visitorsKey(prefix string, mapID int64) string { return channel(prefix, mapID) + ":visitors" }
func locksKey(prefix string, mapID int64) string    { return channel(prefix, mapID) + ":locks" }

// redisVisitor and redisLock are what the hashes hold.
type redisVisitor struct {
	V    Visitor `json:"v"`
	Conn string  `json:"conn"`
	Exp  int64   `json:"exp"` // unix ms
}

type redisLock struct {
	L   Lock  `json:"l"`
	Exp int64 `json:"exp"`
}

// Scripts run atomically in Redis, so that two instances never give out the
// same colour or the same lock.
var (
	joinScript = redis.NewScript(`
local now = tonumber(ARGV[3])
local all = redis.call('HGETALL', KEYS[1])
local used = {}
for i = 1, #all, 2 do
  local e = cjson.decode(all[i+1])
  if e.exp < now then
    redis.call('HDEL', KEYS[1], all[i])
  else
    if all[i] == ARGV[1] and e.conn ~= ARGV[4] then return {1, all[i+1]} end
    if all[i] ~= ARGV[1] then used[e.v.color] = true end
  end
end
local entry = cjson.decode(ARGV[2])
local colour = nil
for i = 5, #ARGV do
  if not used[ARGV[i]] then colour = ARGV[i] break end
end
if colour == nil then colour = ARGV[5] end
entry.v.color = colour
local out = cjson.encode(entry)
redis.call('HSET', KEYS[1], ARGV[1], out)
redis.call('PEXPIRE', KEYS[1], 600000)
return {0, out}`)

	acquireScript = redis.NewScript(`
local now = tonumber(ARGV[3])
local cur = redis.call('HGET', KEYS[1], ARGV[1])
if cur then
  local e = cjson.decode(cur)
  if e.exp >= now and tostring(e.l.user_id) ~= ARGV[5] then return {0, cur} end
end
local out = {1, ARGV[2]}
if ARGV[4] == '1' then
  local all = redis.call('HGETALL', KEYS[1])
  for i = 1, #all, 2 do
    if all[i] ~= ARGV[1] then
      local e = cjson.decode(all[i+1])
      if tostring(e.l.user_id) == ARGV[5] and e.l.elem_type == ARGV[6] then
        redis.call('HDEL', KEYS[1], all[i])
        table.insert(out, all[i+1])
      end
    end
  end
end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('PEXPIRE', KEYS[1], 600000)
return out`)

	// heartbeatScript refreshes a user's visitor entry (of that connection)
	// and locks.
	heartbeatScript = redis.NewScript(`
local exp = tonumber(ARGV[3])
local v = redis.call('HGET', KEYS[1], ARGV[1])
if v then
  local e = cjson.decode(v)
  if e.conn == ARGV[2] then e.exp = exp redis.call('HSET', KEYS[1], ARGV[1], cjson.encode(e)) end
end
local all = redis.call('HGETALL', KEYS[2])
for i = 1, #all, 2 do
  local e = cjson.decode(all[i+1])
  if tostring(e.l.user_id) == ARGV[1] then e.exp = exp redis.call('HSET', KEYS[2], all[i], cjson.encode(e)) end
end
return 1`)

	// handOverScript sets the expiry of a user's locks.
	handOverScript = redis.NewScript(`
local all = redis.call('HGETALL', KEYS[1])
for i = 1, #all, 2 do
  local e = cjson.decode(all[i+1])
  if tostring(e.l.user_id) == ARGV[1] then e.exp = tonumber(ARGV[2]) redis.call('HSET', KEYS[1], all[i], cjson.encode(e)) end
end
return 1`)

	leaveScript = redis.NewScript(`
local v = redis.call('HGET', KEYS[1], ARGV[1])
if v and cjson.decode(v).conn == ARGV[2] then redis.call('HDEL', KEYS[1], ARGV[1]) end
return 1`)

	releaseScript = redis.NewScript(`
local cur = redis.call('HGET', KEYS[1], ARGV[1])
if cur and tostring(cjson.decode(cur).l.user_id) == ARGV[2] then redis.call('HDEL', KEYS[1], ARGV[1]) return 1 end
return 0`)

	releaseAllScript = redis.NewScript(`
local all = redis.call('HGETALL', KEYS[1])
local out = {}
for i = 1, #all, 2 do
  if tostring(cjson.decode(all[i+1]).l.user_id) == ARGV[1] then
    redis.call('HDEL', KEYS[1], all[i])
    table.insert(out, all[i+1])
  end
end
return out`)
)

// RedisState is the State shared by several instances.
type RedisState struct {
	rdb    *redis.Client
	prefix string
	now    func() time.Time
}

// NewRedisState returns a State kept in Redis under the deployment's
// prefix: instances with the same prefix share it, others never meet.
func NewRedisState(rdb *redis.Client, prefix string) *RedisState {
	return &RedisState{rdb: rdb, prefix: prefix, now: time.Now}
}

func (s *RedisState) nowMs() int64 { return s.now().UnixMilli() }

func (s *RedisState) Join(ctx context.Context, mapID int64, v Visitor) (Visitor, bool, error) {
	entry, err := json.Marshal(redisVisitor{V: v, Conn: v.ConnID, Exp: s.nowMs() + TTL.Milliseconds()})
	if err != nil {
		return Visitor{}, false, err
	}
	args := []any{strconv.FormatInt(v.ID, 10), string(entry), s.nowMs(), v.ConnID}
	for _, c := range Colours {
		args = append(args, string(c)) // go-redis takes plain strings only
	}
	res, err := joinScript.Run(ctx, s.rdb, []string{visitorsKey(s.prefix, mapID)}, args...).Slice()
	if err != nil {
		return Visitor{}, false, fmt.Errorf("join map %d: %w", mapID, err)
	}
	var got redisVisitor
	if err := json.Unmarshal([]byte(res[1].(string)), &got); err != nil {
		return Visitor{}, false, fmt.Errorf("join map %d: %w", mapID, err)
	}
	got.V.ConnID = got.Conn
	return got.V, res[0].(int64) == 1, nil
}

func (s *RedisState) Leave(ctx context.Context, mapID, userID int64, connID string) error {
	return leaveScript.Run(ctx, s.rdb, []string{visitorsKey(s.prefix, mapID)}, strconv.FormatInt(userID, 10), connID).Err()
}

func (s *RedisState) Heartbeat(ctx context.Context, mapID, userID int64, connID string) error {
	return heartbeatScript.Run(ctx, s.rdb, []string{visitorsKey(s.prefix, mapID), locksKey(s.prefix, mapID)},
		strconv.FormatInt(userID, 10), connID, s.nowMs()+TTL.Milliseconds()).Err()
}

func (s *RedisState) Visitors(ctx context.Context, mapID int64) ([]Visitor, error) {
	all, err := s.rdb.HGetAll(ctx, visitorsKey(s.prefix, mapID)).Result()
	if err != nil {
		return nil, fmt.Errorf("visitors of map %d: %w", mapID, err)
	}
	now := s.nowMs()
	out := make([]Visitor, 0, len(all))
	for _, raw := range all {
		var e redisVisitor
		if json.Unmarshal([]byte(raw), &e) != nil || e.Exp < now {
			continue // expired entries are dropped by the next join
		}
		e.V.ConnID = e.Conn
		out = append(out, e.V)
	}
	sortVisitors(out)
	return out, nil
}

func (s *RedisState) Acquire(ctx context.Context, mapID int64, l Lock) (Lock, bool, []Lock, error) {
	entry, err := json.Marshal(redisLock{L: l, Exp: s.nowMs() + TTL.Milliseconds()})
	if err != nil {
		return Lock{}, false, nil, err
	}
	exclusive := "0"
	if exclusivePerUser[l.ElemType] {
		exclusive = "1"
	}
	res, err := acquireScript.Run(ctx, s.rdb, []string{locksKey(s.prefix, mapID)}, l.Key(), string(entry), s.nowMs(), exclusive,
		strconv.FormatInt(l.UserID, 10), string(l.ElemType)).Slice()
	if err != nil {
		return Lock{}, false, nil, fmt.Errorf("acquire lock on map %d: %w", mapID, err)
	}
	locks, err := decodeLocks(res[1:])
	if err != nil {
		return Lock{}, false, nil, err
	}
	return locks[0], res[0].(int64) == 1, locks[1:], nil
}

func decodeLocks(raw []any) ([]Lock, error) {
	out := make([]Lock, 0, len(raw))
	for _, r := range raw {
		var e redisLock
		if err := json.Unmarshal([]byte(r.(string)), &e); err != nil {
			return nil, fmt.Errorf("decode lock: %w", err)
		}
		out = append(out, e.L)
	}
	return out, nil
}

func (s *RedisState) Release(ctx context.Context, mapID int64, key string, userID int64) (bool, error) {
	n, err := releaseScript.Run(ctx, s.rdb, []string{locksKey(s.prefix, mapID)}, key, strconv.FormatInt(userID, 10)).Int()
	return n == 1, err
}

func (s *RedisState) ReleaseAll(ctx context.Context, mapID, userID int64) ([]Lock, error) {
	res, err := releaseAllScript.Run(ctx, s.rdb, []string{locksKey(s.prefix, mapID)}, strconv.FormatInt(userID, 10)).Slice()
	if err != nil {
		return nil, fmt.Errorf("release locks on map %d: %w", mapID, err)
	}
	return decodeLocks(res)
}

func (s *RedisState) HandOver(ctx context.Context, mapID, userID int64, keepFor time.Duration) error {
	if err := handOverScript.Run(ctx, s.rdb, []string{locksKey(s.prefix, mapID)}, strconv.FormatInt(userID, 10),
		s.nowMs()+keepFor.Milliseconds()).Err(); err != nil {
		return fmt.Errorf("hand over locks on map %d: %w", mapID, err)
	}
	return nil
}

func (s *RedisState) Locks(ctx context.Context, mapID int64) ([]Lock, error) {
	all, err := s.rdb.HGetAll(ctx, locksKey(s.prefix, mapID)).Result()
	if err != nil {
		return nil, fmt.Errorf("locks of map %d: %w", mapID, err)
	}
	now := s.nowMs()
	out := make([]Lock, 0, len(all))
	for _, raw := range all {
		var e redisLock
		if json.Unmarshal([]byte(raw), &e) != nil || e.Exp < now {
			continue
		}
		out = append(out, e.L)
	}
	sortLocks(out)
	return out, nil
}

// RedisBus carries frames between instances over Redis pub/sub, one
// channel per map, subscribed while this instance has editors of it.
type RedisBus struct {
	rdb    *redis.Client
	prefix string
	pubsub *redis.PubSub
	mu     sync.RWMutex
	subs   map[int64]map[*func([]byte)]bool
	done   chan struct{}
}

// NewRedisBus starts receiving the channels under the deployment's prefix.
func NewRedisBus(rdb *redis.Client, prefix string) *RedisBus {
	b := &RedisBus{rdb: rdb, prefix: prefix, pubsub: rdb.Subscribe(context.Background()), subs: map[int64]map[*func([]byte)]bool{}, done: make(chan struct{})}
	go b.receive()
	return b
}

func (b *RedisBus) receive() {
	defer close(b.done)
	for msg := range b.pubsub.Channel(redis.WithChannelSize(4096)) {
		idStr, ok := strings.CutPrefix(msg.Channel, b.prefix+":live:")
		if !ok {
			continue
		}
		mapID, err := strconv.ParseInt(idStr, 10, 64)
		if err != nil {
			continue
		}
		// Called without the lock held, as in MemoryBus.Publish.
		b.mu.RLock()
		subs := make([]func([]byte), 0, len(b.subs[mapID]))
		for f := range b.subs[mapID] {
			subs = append(subs, *f)
		}
		b.mu.RUnlock()
		for _, f := range subs {
			f([]byte(msg.Payload))
		}
	}
}

func (b *RedisBus) Publish(ctx context.Context, mapID int64, msg []byte) error {
	if err := b.rdb.Publish(ctx, channel(b.prefix, mapID), msg).Err(); err != nil {
		return fmt.Errorf("publish to map %d: %w", mapID, err)
	}
	return nil
}

func (b *RedisBus) Subscribe(mapID int64, deliver func([]byte)) func() {
	b.mu.Lock()
	first := b.subs[mapID] == nil
	if first {
		b.subs[mapID] = map[*func([]byte)]bool{}
	}
	key := &deliver
	b.subs[mapID][key] = true
	b.mu.Unlock()
	if first {
		// A failure here shows as silence from other instances; the
		// periodic sweep still brings locks and visitors up to date.
		_ = b.pubsub.Subscribe(context.Background(), channel(b.prefix, mapID))
	}
	return func() {
		b.mu.Lock()
		delete(b.subs[mapID], key)
		last := len(b.subs[mapID]) == 0
		if last {
			delete(b.subs, mapID)
		}
		b.mu.Unlock()
		if last {
			_ = b.pubsub.Unsubscribe(context.Background(), channel(b.prefix, mapID))
		}
	}
}

func (b *RedisBus) Close() error {
	err := b.pubsub.Close()
	<-b.done
	return err
}
