package config

import (
	"errors"
	"fmt"
	"strconv"
)

// notifyVars configure notifications: the push service and the test clock.
var notifyVars = []Var{
	{
		Name: "FCM_CREDENTIALS", Default: "", Secret: true,
		Description: "Firebase Cloud Messaging service-account key (the JSON Firebase hands out, inline or the path of its file); push messages go through FCM HTTP v1. Empty writes them to the log.",
		parse:       func(c *Config, raw string) error { c.FCMCredentials = raw; return nil },
		format:      func(c *Config) string { return c.FCMCredentials },
	},
	{
		Name: "TEST_CLOCK", Default: "false",
		Description: "true adds POST /c-core/test/remind?order=ID, which makes an order's waiting reminders due at once (browser tests). Refused with SENTRY_ENVIRONMENT=production: set it to test or development.",
		parse: func(c *Config, raw string) error {
			b, err := strconv.ParseBool(raw)
			if err != nil {
				return fmt.Errorf("want true or false")
			}
			c.TestClock = b
			return nil
		},
		validate: func(c *Config) error {
			if c.TestClock && c.SentryEnvironment == "production" {
				return errors.New("the test clock is refused in production (SENTRY_ENVIRONMENT=production)")
			}
			return nil
		},
		format: func(c *Config) string { return strconv.FormatBool(c.TestClock) },
	},
}

func init() { Vars = append(Vars, notifyVars...) }
