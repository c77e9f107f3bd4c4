package config

import (
	"errors"
	"fmt"
	"net/url"
)

// ScaleOut is what several lockerd processes behind one balancer share
// besides the database (docs/operations.md, "Scaling out").
type ScaleOut struct {
	// RateLimitStore is where rate limits count: memory, database or redis
	// ("" after Load means auto, resolved by RateLimitBackend).
	RateLimitStore string
	// RedisURL is the Redis of RATE_LIMIT_STORE=redis (redis:// or rediss://).
	// Secret: it may hold a password.
	RedisURL string
}

// RateLimitBackend resolves RATE_LIMIT_STORE=auto: Redis when REDIS_URL is
// set, the database on PostgreSQL (processes share it), memory on SQLite
// (one process serves one file).
func (c Config) RateLimitBackend() string {
	switch {
	case c.RateLimitStore != "" && c.RateLimitStore != "auto":
		return c.RateLimitStore
	case c.RedisURL != "":
		return "redis"
	case checkDatabaseURL(c.DatabaseURL) == nil && !isSQLite(c.DatabaseURL):
		return "database"
	}
	return "memory"
}

func isSQLite(databaseURL string) bool {
	return len(databaseURL) >= 7 && databaseURL[:7] == "sqlite:"
}

var scaleVars = []Var{
	{
		Name: "RATE_LIMIT_STORE", Default: "auto",
		Description: "Where the shared rate limits count (sign-in and sign-up steps, lock-outs, the per-user budgets of expensive writes; the flood limit per token counts there only on redis, the one per tracked event always per process): memory (this process only), database (the rate_limits table, shared by every lockerd on the database), redis (REDIS_URL) or auto: redis when REDIS_URL is set, database on PostgreSQL, memory on SQLite.",
		parse: func(c *Config, raw string) error {
			switch raw {
			case "auto", "memory", "database", "redis":
				c.RateLimitStore = raw
				return nil
			}
			return errors.New("want auto, memory, database or redis")
		},
		validate: func(c *Config) error {
			if c.RateLimitStore == "redis" && c.RedisURL == "" {
				return errors.New("redis needs REDIS_URL")
			}
			return nil
		},
		format: func(c *Config) string { return c.RateLimitStore },
	},
	{
		Name: "REDIS_URL", Default: "", Secret: true,
		Description: "Redis for the shared rate limits (redis://[:password@]host:6379/0 or rediss:// for TLS). Setting it makes RATE_LIMIT_STORE=auto use Redis.",
		parse:       func(c *Config, raw string) error { c.RedisURL = raw; return nil },
		validate: func(c *Config) error {
			if c.RedisURL == "" {
				return nil
			}
			u, err := url.Parse(c.RedisURL)
			if err != nil || (u.Scheme != "redis" && u.Scheme != "rediss") || u.Host == "" {
				return fmt.Errorf("want redis://host:port/db or rediss://host:port/db")
			}
			return nil
		},
		format: func(c *Config) string { return c.RedisURL },
	},
}

func init() { Vars = append(Vars, scaleVars...) }
