// Package config reads lockerd's settings from environment variables. Every variable
// is declared once in a table (vars.go) that also feeds `lockerd env` and the
// README, so the documentation cannot drift from what the binary reads.
package config

import (
	"errors"
	"log/slog"
	"os"
	"strings"
	"time"
)

// Config is the whole runtime configuration. Build it with Load (from the
// environment) or Default (for tests), then call Validate.
type Config struct {
	// HTTPAddr is the host:port the HTTP server listens on; port 0 picks a free one.
	HTTPAddr string
	// DatabaseURL is "sqlite:PATH" or "postgres://user:pass@host/db?...".
	DatabaseURL string
	// PublicURL is the externally visible base URL (links in e-mails, payment
	// return pages). Without a trailing slash.
	PublicURL string
	// CORSOrigins are the browser origins allowed to call the API with credentials
	// (for example the Capacitor shell). The SPA itself is same-origin and needs none.
	CORSOrigins []string
	// MinAppVersion is the oldest client version that may keep running (MAJOR.MINOR.PATCH).
	MinAppVersion string
	// LogLevel is the minimum level written to the log.
	LogLevel slog.Level
	// SentryDSN enables error reporting when set. Secret.
	SentryDSN string
	// MapTileURL is the station map's raster tile template ({z}/{x}/{y}); empty
	// shows only the schematic map. MapAttribution credits the tiles.
	MapTileURL, MapAttribution string
	// SentryEnvironment tags Sentry events (production, staging, ...).
	SentryEnvironment string
	// DemoSeed inserts the demo stations and lockers on start (idempotent).
	DemoSeed bool
	// SMTPURL is the mail server (smtp:// or smtps://); empty writes e-mails to
	// the log. Secret (it may hold a password).
	SMTPURL string
	// MailFrom is the sender address of e-mails.
	MailFrom string
	// SMSURL is a Twilio-compatible Messages API with credentials; empty writes
	// text messages to the log. Secret.
	SMSURL string
	// DevMode allows log-only e-mail and SMS on a public (non-loopback) URL.
	DevMode bool
	// SMSFrom is the sender number, alphanumeric id or messaging service id.
	SMSFrom string
	// TrustProxy makes per-address rate limits key on the right-most
	// X-Forwarded-For entry (set only behind a proxy that writes it).
	TrustProxy bool
	// ShutdownTimeout bounds how long in-flight requests may take to finish after
	// SIGINT/SIGTERM.
	ShutdownTimeout time.Duration

	// Seller is the company printed on invoices (vars_invoice.go).
	SellerName, SellerAddress, SellerRegistryCode string
	// SellerVATNumber (KMKR nr) is required and printed: every price includes VAT.
	SellerVATNumber string
	// InvoiceLinkSecret signs the short-lived PDF links; empty picks a random
	// one per process. Secret.
	InvoiceLinkSecret string

	// PaymentProvider is "demo" (built in) or "stripe".
	PaymentProvider string
	// StripeSecretKey and StripeWebhookSecret are Stripe's API key and the
	// signing secret of its webhook endpoint. Secrets.
	StripeSecretKey     string
	StripeWebhookSecret string
	// StripeAPIBase replaces Stripe's API address (stripe-mock in tests).
	StripeAPIBase string
	// DemoWebhookSecret signs the demo provider's notifications; empty makes a
	// random one per process. Secret.
	DemoWebhookSecret string
	// PaymentTimeout bounds each call to the payment provider.
	PaymentTimeout time.Duration

	// Controller is the station controller: "sim" (built in) or "mqtt"
	// (vars_station.go); MQTTURL its broker.
	Controller string
	MQTTURL    string
	// SimDoorOpenFor is how long a simulated door stays open.
	SimDoorOpenFor time.Duration
	// DoorIntentTTL is how long after its confirmation a door command is
	// still obeyed (hardware.Deps.IntentTTL).
	DoorIntentTTL time.Duration
	// BookAhead is how far ahead of now a booking or an extension may end.
	BookAhead time.Duration
	// StationSecret derives the stations' offline-PIN keys. Secret.
	StationSecret string

	// Shared state of several lockerd processes (vars_scale.go).
	ScaleOut
	Metrics
	// FCMCredentials is the FCM service-account key, inline JSON or a file
	// path; empty writes push messages to the log. Secret.
	FCMCredentials string
	// TestClock serves the test clock of the reminders (never in production).
	TestClock bool
	// PhotoDir keeps issue-report photos unless PhotoS3URL (a bucket, with its
	// keys: secret) is set (vars_photos.go).
	PhotoDir   string
	PhotoS3URL string
}

// Default returns the configuration with every variable at its default. The result
// is valid.
func Default() Config {
	c, err := Load(func(string) (string, bool) { return "", false })
	if err != nil {
		// The defaults are constants; a failure here is a programming error caught by tests.
		panic("config: defaults are invalid: " + err.Error())
	}
	return c
}

// FromEnv loads the configuration from the process environment.
func FromEnv() (Config, error) { return Load(os.LookupEnv) }

// Load builds a Config from lookup (os.LookupEnv in production). An unset or empty
// variable takes its default. The returned error lists every bad variable, each
// message starting with the variable's name; it never contains a secret value.
func Load(lookup func(string) (string, bool)) (Config, error) {
	var c Config
	var errs []error
	for _, v := range Vars {
		raw, ok := lookup(v.Name)
		raw = strings.TrimSpace(raw)
		if !ok || raw == "" {
			raw = v.Default
		}
		if err := v.parse(&c, raw); err != nil {
			errs = append(errs, varError(v, raw, err.Error()))
		}
	}
	if len(errs) > 0 {
		return c, errors.Join(errs...)
	}
	if c.PublicURL == "" {
		c.PublicURL = publicURLFor(c.HTTPAddr)
	}
	return c, c.Validate()
}

// Validate checks the semantic rules of every field (URLs, versions, DSN shape).
// Load calls it; call it yourself after building a Config in code.
func (c Config) Validate() error {
	var errs []error
	for _, v := range Vars {
		if v.validate == nil {
			continue
		}
		if err := v.validate(&c); err != nil {
			errs = append(errs, varError(v, v.format(&c), err.Error()))
		}
	}
	return errors.Join(errs...)
}

// Error is one bad variable. Error() starts with the variable's name so the
// operator knows what to fix.
type Error struct {
	Var    string
	Reason string
}

func (e *Error) Error() string { return e.Var + ": " + e.Reason }

// varError builds an *Error that quotes the offending value masked the way logs
// mask it: a bad DSN or database password must not end up in a CI transcript.
func varError(v Var, value, reason string) *Error {
	value = v.masked(value)
	if value == "" {
		return &Error{Var: v.Name, Reason: reason}
	}
	return &Error{Var: v.Name, Reason: reason + " (got " + quote(value) + ")"}
}

func quote(s string) string {
	const limit = 80
	if len(s) > limit {
		s = s[:limit] + "…"
	}
	return `"` + s + `"`
}
