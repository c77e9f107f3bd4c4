package app

import (
	"context"
	"fmt"
	"log/slog"
	"sync/atomic"
	"time"

	"github.com/redis/go-redis/v9"

	"lockers/internal/config"
	"lockers/internal/jobs"
	"lockers/internal/ratelimit"
	"lockers/internal/store"
)

// rateLimits is where the shared rate limits count (RATE_LIMIT_STORE): nil
// shared means each process counts alone (memory; SQLite by default).
type rateLimits struct {
	shared  *ratelimit.Shared
	backend string
	prune   func(context.Context) error // the table's expired rows (database only)
	close   func() error
}

// newRateLimits opens the store RATE_LIMIT_STORE resolves to. The sign-in
// limits (per address, per account), the keypad lockouts and the per-user
// budgets of expensive writes count there, so a client cannot multiply them
// by the number of processes behind the balancer. The per-token flood limit
// counts there only on Redis (one round trip); on the database it stays in
// each process (a request's cost must not include a write to the database;
// docs/decisions/080-rate-limits.md).
func newRateLimits(ctx context.Context, cfg config.Config, db *store.DB, log *slog.Logger) (*rateLimits, error) {
	onError := storeErrorLog(log)
	switch backend := cfg.RateLimitBackend(); backend {
	case "redis":
		opts, err := redis.ParseURL(cfg.RedisURL)
		if err != nil {
			return nil, fmt.Errorf("REDIS_URL: %w", err)
		}
		rdb := redis.NewClient(opts)
		pctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		defer cancel()
		if err := rdb.Ping(pctx).Err(); err != nil {
			_ = rdb.Close()
			return nil, fmt.Errorf("REDIS_URL: %w", err)
		}
		return &rateLimits{backend: backend, close: rdb.Close,
			shared: ratelimit.NewShared(ratelimit.NewRedisStore(rdb, "lockerd:rl:"), onError)}, nil
	case "database":
		s := ratelimit.NewSQLStore(db.Writer(), db.Dialect() == store.Postgres)
		return &rateLimits{backend: backend, close: func() error { return nil },
			shared: ratelimit.NewShared(s, onError),
			prune:  func(ctx context.Context) error { return s.Prune(ctx, time.Now()) }}, nil
	default:
		return &rateLimits{backend: "memory", close: func() error { return nil }}, nil
	}
}

// perCall builds the per-token flood limit: in Redis when that is the
// store, else in this process.
func (r *rateLimits) perCall(name string, c ratelimit.Config) *ratelimit.Keyed {
	if r.backend == "redis" {
		return r.shared.New(name, c)
	}
	return ratelimit.New(c)
}

// periodic is the table's pruning, run by one process (the job queue's leader).
func (r *rateLimits) periodic() []jobs.Periodic {
	if r.prune == nil {
		return nil
	}
	return []jobs.Periodic{{Name: "ratelimit.prune", Every: 5 * time.Minute, Run: r.prune}}
}

// storeErrorLog logs a failing rate-limit store at most every 10 s: while
// it is down every request would say the same.
func storeErrorLog(log *slog.Logger) func(error) {
	var last atomic.Int64
	return func(err error) {
		now := time.Now().UnixNano()
		if prev := last.Load(); now-prev < int64(10*time.Second) || !last.CompareAndSwap(prev, now) {
			return
		}
		log.Warn("rate-limit store failed; limits count in this process only until it answers", "err", err)
	}
}
