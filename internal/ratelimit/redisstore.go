package ratelimit

import (
	"context"
	"errors"
	"strconv"
	"time"

	"github.com/redis/go-redis/v9"
)

// RedisStore keeps limiter state in Redis (REDIS_URL): a token bucket is one
// string key changed by a Lua script (one round trip), a lockout a hash
// changed under WATCH. Every key expires once it changes no decision.
type RedisStore struct {
	rdb    redis.UniversalClient
	prefix string
}

// NewRedisStore uses rdb; keys start with prefix (e.g. "lockerd:rl:").
func NewRedisStore(rdb redis.UniversalClient, prefix string) *RedisStore {
	return &RedisStore{rdb: rdb, prefix: prefix}
}

// takeScript is GCRA (see takeSQL) in microseconds, ARGV[2] the cost of the
// tokens taken, which Lua's doubles hold
// exactly for the next few centuries.
var takeScript = redis.NewScript(`
local now, every, span = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local tat = tonumber(redis.call('GET', KEYS[1]) or '0')
if tat < now then tat = now end
tat = tat + every
if tat - span > now then return 0 end
redis.call('SET', KEYS[1], string.format('%d', tat), 'PX', math.ceil((tat - now) / 1000) + 1)
return 1`)

func (s *RedisStore) Take(ctx context.Context, key string, n int, every time.Duration, burst int, now time.Time) (bool, error) {
	every = max(every, time.Microsecond)
	ok, err := takeScript.Run(ctx, s.rdb, []string{s.prefix + key},
		now.UnixMicro(), every.Microseconds()*int64(n), every.Microseconds()*int64(burst)).Int()
	return ok == 1, err
}

func (s *RedisStore) Strikes(ctx context.Context, key string) (Strikes, error) {
	return readStrikes(ctx, s.rdb, s.prefix+key)
}

func (s *RedisStore) Strike(ctx context.Context, key string, now time.Time, keep time.Duration, fn func(Strikes) Strikes) (Strikes, error) {
	k := s.prefix + key
	var out Strikes
	update := func(tx *redis.Tx) error {
		st, err := readStrikes(ctx, tx, k)
		if err != nil {
			return err
		}
		out = fn(st)
		_, err = tx.TxPipelined(ctx, func(p redis.Pipeliner) error {
			p.HSet(ctx, k, "ws", unixNano(out.WindowStart), "f", out.Fails, "lu", unixNano(out.LockedUntil))
			p.PExpire(ctx, k, keep)
			return nil
		})
		return err
	}
	// Another process changing the key meanwhile fails the transaction: read again.
	for range 10 {
		err := s.rdb.Watch(ctx, update, k)
		if !errors.Is(err, redis.TxFailedErr) {
			return out, err
		}
	}
	return Strikes{}, errors.New("ratelimit: redis lockout kept changing under us")
}

func readStrikes(ctx context.Context, c redis.Cmdable, k string) (Strikes, error) {
	vals, err := c.HMGet(ctx, k, "ws", "f", "lu").Result()
	if err != nil {
		return Strikes{}, err
	}
	num := func(v any) int64 {
		s, _ := v.(string)
		n, _ := strconv.ParseInt(s, 10, 64)
		return n
	}
	return Strikes{WindowStart: fromUnixNano(num(vals[0])), Fails: int(num(vals[1])), LockedUntil: fromUnixNano(num(vals[2]))}, nil
}
