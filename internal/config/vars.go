package config

import (
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"time"

	"lockers/internal/version"
)

// Var declares one environment variable: its documentation, default, how it is
// parsed into Config, how it is checked and how it is shown.
type Var struct {
	Name        string
	Default     string // as the user would type it; "" = unset
	Description string
	// Secret values are never shown: not in logs, not in error messages.
	Secret bool

	parse    func(c *Config, raw string) error // raw is trimmed, default applied
	validate func(c *Config) error             // semantic rules; nil = none
	format   func(c *Config) string            // the field as the user would type it
	mask     func(raw string) string           // hides parts of a non-secret value (passwords in URLs)
}

// masked returns raw as it may be shown to an operator.
func (v Var) masked(raw string) string {
	switch {
	case raw == "":
		return ""
	case v.Secret:
		return "[redacted]"
	case v.mask != nil:
		return v.mask(raw)
	}
	return raw
}

// Vars is every variable lockerd reads, in the order `lockerd env` prints them.
var Vars = []Var{
	{
		Name: "HTTP_ADDR", Default: "127.0.0.1:8080",
		Description: "Address the HTTP server listens on (host:port; port 0 picks a free port).",
		parse:       func(c *Config, raw string) error { c.HTTPAddr = raw; return nil },
		validate:    func(c *Config) error { return checkHostPort(c.HTTPAddr) },
		format:      func(c *Config) string { return c.HTTPAddr },
	},
	{
		Name: "DATABASE_URL", Default: "sqlite:./data/lockers.db",
		Description: "Database: sqlite:PATH (file and folder are created) or postgres://user:password@host:5432/db?sslmode=disable.",
		parse:       func(c *Config, raw string) error { c.DatabaseURL = raw; return nil },
		validate:    func(c *Config) error { return checkDatabaseURL(c.DatabaseURL) },
		format:      func(c *Config) string { return c.DatabaseURL },
		mask:        MaskDatabaseURL,
	},
	{
		Name: "PUBLIC_URL", Default: "",
		Description: "Public base URL of the service, used in links sent to users and payment return URLs. Default: http:// plus HTTP_ADDR.",
		parse:       func(c *Config, raw string) error { c.PublicURL = strings.TrimRight(raw, "/"); return nil },
		validate:    func(c *Config) error { return checkPublicURL(c.PublicURL) },
		format:      func(c *Config) string { return c.PublicURL },
	},
	{
		Name: "CORS_ORIGINS", Default: "capacitor://localhost,https://localhost",
		Description: "Comma-separated browser origins allowed to call the API with credentials. The default is the native apps' (Capacitor: capacitor://localhost on iOS, https://localhost on Android); the bundled web app is same-origin and needs none. Set it empty to refuse every other origin.",
		parse:       func(c *Config, raw string) error { c.CORSOrigins = splitList(raw); return nil },
		validate:    func(c *Config) error { return checkOrigins(c.CORSOrigins) },
		format:      func(c *Config) string { return strings.Join(c.CORSOrigins, ",") },
	},
	{
		Name: "MIN_APP_VERSION", Default: version.Core(),
		Description: "Oldest client app version (MAJOR.MINOR.PATCH) allowed to keep running; older clients are sent to the update page. The default is this lockerd's own version (`lockerd version` without its +commit), which its web app carries too.",
		parse:       func(c *Config, raw string) error { c.MinAppVersion = raw; return nil },
		validate:    func(c *Config) error { return checkSemver(c.MinAppVersion) },
		format:      func(c *Config) string { return c.MinAppVersion },
	},
	{
		Name: "LOG_LEVEL", Default: "info",
		Description: "Minimum log level: debug, info, warn or error. Logs are JSON lines on standard error.",
		parse:       parseLogLevel,
		format:      func(c *Config) string { return strings.ToLower(c.LogLevel.String()) },
	},
	{
		Name: "SENTRY_DSN", Default: "", Secret: true,
		Description: "Sentry DSN (https://KEY@HOST/PROJECT_ID). When set, errors and recovered panics are reported with sample rate 1; empty disables Sentry.",
		parse:       func(c *Config, raw string) error { c.SentryDSN = raw; return nil },
		validate:    func(c *Config) error { return checkSentryDSN(c.SentryDSN) },
		format:      func(c *Config) string { return c.SentryDSN },
	},
	{
		Name: "SENTRY_ENVIRONMENT", Default: "production",
		Description: "Environment name attached to Sentry events.",
		parse:       func(c *Config, raw string) error { c.SentryEnvironment = raw; return nil },
		format:      func(c *Config) string { return c.SentryEnvironment },
	},
	{
		Name: "DEMO_SEED", Default: "true",
		Description: "Insert the demo stations and lockers on start (idempotent; existing rows are kept). true or false.",
		parse: func(c *Config, raw string) error {
			b, err := strconv.ParseBool(raw)
			if err != nil {
				return fmt.Errorf("want true or false")
			}
			c.DemoSeed = b
			return nil
		},
		format: func(c *Config) string { return strconv.FormatBool(c.DemoSeed) },
	},
	{
		Name: "SMTP_URL", Default: "", Secret: true,
		Description: "Mail server for verification codes: smtp://user:password@host:587 (STARTTLS) or smtps://...:465. Empty writes e-mails, codes and unlock links included, to the log: allowed only when HTTP_ADDR and PUBLIC_URL are loopback addresses (localhost, 127.0.0.1, ::1) or DEV_MODE=true; otherwise lockerd refuses to start.",
		parse:       func(c *Config, raw string) error { c.SMTPURL = raw; return nil },
		validate:    func(c *Config) error { return checkDelivery(c, c.SMTPURL, "smtp", "smtps") },
		format:      func(c *Config) string { return c.SMTPURL },
	},
	{
		Name: "MAIL_FROM", Default: "Lockers <no-reply@lockers.local>",
		Description: "Sender of e-mails (an RFC 5322 address, optionally with a display name).",
		parse:       func(c *Config, raw string) error { c.MailFrom = raw; return nil },
		validate:    func(c *Config) error { return checkMailAddress(c.MailFrom) },
		format:      func(c *Config) string { return c.MailFrom },
	},
	{
		Name: "SMS_URL", Default: "", Secret: true,
		Description: "Twilio-compatible Messages API with credentials, e.g. https://ACxxxx:token@api.twilio.com. Empty writes text messages, codes included, to the log: allowed only when HTTP_ADDR and PUBLIC_URL are loopback addresses or DEV_MODE=true; otherwise lockerd refuses to start.",
		parse:       func(c *Config, raw string) error { c.SMSURL = raw; return nil },
		validate:    func(c *Config) error { return checkDelivery(c, c.SMSURL, "https", "http") },
		format:      func(c *Config) string { return c.SMSURL },
	},
	{
		Name: "SMS_FROM", Default: "Lockers",
		Description: "Sender of text messages: a number (+3725550000), an alphanumeric sender id or a messaging service id.",
		parse:       func(c *Config, raw string) error { c.SMSFrom = raw; return nil },
		format:      func(c *Config) string { return c.SMSFrom },
	},
	{
		Name: "DEV_MODE", Default: "false",
		Description: "true allows log-only e-mail and SMS (empty SMTP_URL or SMS_URL: verification codes and unlock links in the log) when lockerd listens on or is reached at an address other than loopback, e.g. a test machine on the LAN or in a container. Never set it in production.",
		parse: func(c *Config, raw string) error {
			b, err := strconv.ParseBool(raw)
			if err != nil {
				return fmt.Errorf("want true or false")
			}
			c.DevMode = b
			return nil
		},
		format: func(c *Config) string { return strconv.FormatBool(c.DevMode) },
	},
	{
		Name: "TRUST_PROXY", Default: "false",
		Description: "true when lockerd runs behind a reverse proxy that sets X-Forwarded-For; rate limits then key on the client address it reports.",
		parse: func(c *Config, raw string) error {
			b, err := strconv.ParseBool(raw)
			if err != nil {
				return fmt.Errorf("want true or false")
			}
			c.TrustProxy = b
			return nil
		},
		format: func(c *Config) string { return strconv.FormatBool(c.TrustProxy) },
	},
	{
		Name: "SHUTDOWN_TIMEOUT", Default: "15s",
		Description: "How long in-flight requests may run after SIGINT/SIGTERM before the server closes them (Go duration, 1s to 10m).",
		parse: func(c *Config, raw string) error {
			d, err := time.ParseDuration(raw)
			if err != nil {
				return fmt.Errorf("want a duration such as 15s")
			}
			c.ShutdownTimeout = d
			return nil
		},
		validate: func(c *Config) error { return checkShutdownTimeout(c.ShutdownTimeout) },
		format:   func(c *Config) string { return c.ShutdownTimeout.String() },
	},
	{
		Name: "PAYMENT_PROVIDER", Default: "demo",
		Description: "Payment provider: demo (built in: lockerd serves its own checkout and card pages, no real money) or stripe (needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET; point Stripe's webhook at PUBLIC_URL/webhooks/stripe).",
		parse: func(c *Config, raw string) error {
			if raw != "demo" && raw != "stripe" {
				return fmt.Errorf("want demo or stripe")
			}
			c.PaymentProvider = raw
			return nil
		},
		format: func(c *Config) string { return c.PaymentProvider },
	},
	{
		Name: "STRIPE_SECRET_KEY", Default: "", Secret: true,
		Description: "Stripe API secret key (sk_live_... or sk_test_...); required with PAYMENT_PROVIDER=stripe.",
		parse:       func(c *Config, raw string) error { c.StripeSecretKey = raw; return nil },
		validate:    func(c *Config) error { return requiredForStripe(c, c.StripeSecretKey) },
		format:      func(c *Config) string { return c.StripeSecretKey },
	},
	{
		Name: "STRIPE_WEBHOOK_SECRET", Default: "", Secret: true,
		Description: "Signing secret (whsec_...) of the Stripe webhook endpoint PUBLIC_URL/webhooks/stripe; required with PAYMENT_PROVIDER=stripe.",
		parse:       func(c *Config, raw string) error { c.StripeWebhookSecret = raw; return nil },
		validate:    func(c *Config) error { return requiredForStripe(c, c.StripeWebhookSecret) },
		format:      func(c *Config) string { return c.StripeWebhookSecret },
	},
	{
		Name: "STRIPE_API_BASE", Default: "",
		Description: "Stripe API base URL, for tests against stripe-mock (e.g. http://127.0.0.1:12111). Empty uses Stripe's own.",
		parse:       func(c *Config, raw string) error { c.StripeAPIBase = strings.TrimRight(raw, "/"); return nil },
		validate:    func(c *Config) error { return checkOptionalURL(c.StripeAPIBase, "https", "http") },
		format:      func(c *Config) string { return c.StripeAPIBase },
	},
	{
		Name: "DEMO_WEBHOOK_SECRET", Default: "", Secret: true,
		Description: "Secret that signs the demo provider's notifications to /webhooks/demo. Empty makes a random one at every start.",
		parse:       func(c *Config, raw string) error { c.DemoWebhookSecret = raw; return nil },
		format:      func(c *Config) string { return c.DemoWebhookSecret },
	},
	{
		Name: "PAYMENT_TIMEOUT", Default: "10s",
		Description: "How long one call to the payment provider may take before the user sees CHARGE_ERROR or REFUND_ERROR (Go duration, 1s to 2m).",
		parse: func(c *Config, raw string) error {
			d, err := time.ParseDuration(raw)
			if err != nil {
				return fmt.Errorf("want a duration such as 10s")
			}
			c.PaymentTimeout = d
			return nil
		},
		validate: func(c *Config) error { return checkBetween(c.PaymentTimeout, time.Second, 2*time.Minute) },
		format:   func(c *Config) string { return c.PaymentTimeout.String() },
	},
}

// Lookup returns the declaration of the named variable.
func Lookup(name string) (Var, bool) {
	for _, v := range Vars {
		if v.Name == name {
			return v, true
		}
	}
	return Var{}, false
}

func parseLogLevel(c *Config, raw string) error {
	switch strings.ToLower(raw) {
	case "debug":
		c.LogLevel = slog.LevelDebug
	case "info":
		c.LogLevel = slog.LevelInfo
	case "warn", "warning":
		c.LogLevel = slog.LevelWarn
	case "error":
		c.LogLevel = slog.LevelError
	default:
		return fmt.Errorf("want debug, info, warn or error")
	}
	return nil
}

// splitList splits a comma list, dropping blanks, so "a, b," is [a b].
func splitList(raw string) []string {
	var out []string
	for _, s := range strings.Split(raw, ",") {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	return out
}
