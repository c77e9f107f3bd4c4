package config

import "errors"

// Metrics says where Prometheus scrapes lockerd's series: never on the
// public address without a token (docs/operations.md, "Metrics").
type Metrics struct {
	// MetricsAddr is a second listener that serves only /metrics ("" for none).
	MetricsAddr string
	// MetricsToken lets a bearer of it read /metrics on HTTP_ADDR ("" for
	// nobody). Secret.
	MetricsToken string
}

var metricsVars = []Var{
	{
		Name: "METRICS_ADDR", Default: "",
		Description: "Address (host:port) of a second listener that serves only /metrics, for the monitoring network; empty serves none. On HTTP_ADDR /metrics answers only a bearer of METRICS_TOKEN.",
		parse:       func(c *Config, raw string) error { c.MetricsAddr = raw; return nil },
		validate: func(c *Config) error {
			if c.MetricsAddr == "" {
				return nil
			}
			return checkHostPort(c.MetricsAddr)
		},
		format: func(c *Config) string { return c.MetricsAddr },
	},
	{
		Name: "METRICS_TOKEN", Default: "", Secret: true,
		Description: "Bearer token (at least 32 characters) that reads /metrics on HTTP_ADDR (Authorization: Bearer TOKEN); empty: /metrics is not served there (use METRICS_ADDR).",
		parse:       func(c *Config, raw string) error { c.MetricsToken = raw; return nil },
		validate: func(c *Config) error {
			if c.MetricsToken != "" && len(c.MetricsToken) < 32 {
				return errors.New("must be at least 32 characters")
			}
			return nil
		},
		format: func(c *Config) string { return c.MetricsToken },
	},
}

func init() { Vars = append(Vars, metricsVars...) }
