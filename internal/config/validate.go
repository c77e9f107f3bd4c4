package config

import (
	"errors"
	"fmt"
	"net"
	"net/mail"
	"net/netip"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
)

func checkHostPort(addr string) error {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return errors.New("want host:port, e.g. 127.0.0.1:8080 or :8080")
	}
	if strings.ContainsAny(host, " /") {
		return errors.New("host contains invalid characters")
	}
	n, err := strconv.Atoi(port)
	if err != nil || n < 0 || n > 65535 {
		return errors.New("port must be a number from 0 to 65535")
	}
	return nil
}

// checkDatabaseURL accepts the two forms the store can open. It checks shape only;
// the store reports connection problems at start-up.
func checkDatabaseURL(raw string) error {
	switch {
	case raw == "":
		return errors.New("must be set")
	case strings.HasPrefix(raw, "sqlite:"):
		path := strings.TrimPrefix(raw, "sqlite:")
		if path == "" {
			return errors.New("sqlite: needs a file path, e.g. sqlite:./data/lockers.db")
		}
		if path == ":memory:" || strings.Contains(path, "mode=memory") {
			return errors.New("in-memory SQLite is not supported: the server uses several connections")
		}
		return nil
	case strings.HasPrefix(raw, "postgres://"), strings.HasPrefix(raw, "postgresql://"):
		u, err := url.Parse(raw)
		if err != nil {
			return errors.New("not a valid URL")
		}
		if u.Host == "" {
			return errors.New("postgres URL needs a host, e.g. postgres://user@127.0.0.1:5432/lockers")
		}
		if strings.Trim(u.Path, "/") == "" {
			return errors.New("postgres URL needs a database name in the path")
		}
		return nil
	}
	return errors.New("want sqlite:PATH or postgres://USER@HOST/DATABASE")
}

func checkPublicURL(raw string) error {
	if raw == "" {
		return errors.New("must be set")
	}
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return errors.New("want an absolute http(s) URL, e.g. https://lockers.example.com")
	}
	if u.RawQuery != "" || u.Fragment != "" || u.User != nil {
		return errors.New("must not contain credentials, a query or a fragment")
	}
	return nil
}

// checkOrigins insists on exact origins: with credentialed CORS a wildcard is
// refused by browsers, and a path would never match an Origin header.
func checkOrigins(origins []string) error {
	for _, o := range origins {
		if o == "*" {
			return errors.New(`"*" is not allowed with credentials; list the origins`)
		}
		u, err := url.Parse(o)
		if err != nil || u.Scheme == "" || u.Host == "" || u.Opaque != "" {
			return fmt.Errorf("%q is not an origin (scheme://host[:port])", o)
		}
		if u.Path != "" || u.RawQuery != "" || u.Fragment != "" || u.User != nil {
			return fmt.Errorf("%q must be scheme://host[:port] without a path or trailing slash", o)
		}
	}
	return nil
}

var semverRE = regexp.MustCompile(`^(0|[1-9][0-9]{0,5})\.(0|[1-9][0-9]{0,5})\.(0|[1-9][0-9]{0,5})$`)

func checkSemver(v string) error {
	if !semverRE.MatchString(v) {
		return errors.New("want MAJOR.MINOR.PATCH, e.g. 5.3.0")
	}
	return nil
}

// checkSentryDSN checks the DSN's shape without echoing it: the key is a secret.
func checkSentryDSN(dsn string) error {
	if dsn == "" {
		return nil
	}
	u, err := url.Parse(dsn)
	if err != nil {
		return errors.New("not a valid URL")
	}
	if u.Scheme != "https" && u.Scheme != "http" {
		return errors.New("scheme must be https (or http)")
	}
	if u.User == nil || u.User.Username() == "" {
		return errors.New("missing public key (https://KEY@HOST/PROJECT_ID)")
	}
	if u.Host == "" {
		return errors.New("missing host")
	}
	project := u.Path[strings.LastIndex(u.Path, "/")+1:]
	if _, err := strconv.ParseUint(project, 10, 64); err != nil {
		return errors.New("missing numeric project id at the end of the path")
	}
	return nil
}

func checkShutdownTimeout(d time.Duration) error {
	if d < time.Second || d > 10*time.Minute {
		return errors.New("must be between 1s and 10m")
	}
	return nil
}

// publicURLFor derives the default PUBLIC_URL from the listen address, replacing
// wildcard hosts with the loopback address a local browser can open.
func publicURLFor(addr string) string {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return ""
	}
	switch host {
	case "", "0.0.0.0", "::":
		host = "127.0.0.1"
	}
	return "http://" + net.JoinHostPort(host, port)
}

// checkOptionalURL accepts an empty value or an absolute URL with one of the
// schemes and a host. The value itself is never part of the message (it may hold
// a password).
func checkOptionalURL(raw string, schemes ...string) error {
	if raw == "" {
		return nil
	}
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" || !slices.Contains(schemes, u.Scheme) {
		return fmt.Errorf("want a %s:// URL with a host", strings.Join(schemes, ":// or "))
	}
	return nil
}

// checkDelivery checks a mail or SMS server URL and refuses an empty one (the
// messages, verification codes included, would go to the log) unless the
// service is only reachable from this machine or DEV_MODE says it is a
// development setup: anyone could otherwise take over accounts of a public
// server by reading its log, or no user could ever receive a code.
func checkDelivery(c *Config, raw string, schemes ...string) error {
	if raw != "" {
		return checkOptionalURL(raw, schemes...)
	}
	if c.DevMode || localOnly(c) {
		return nil
	}
	return errors.New("must be set unless lockerd listens on and is reached at a loopback address (HTTP_ADDR and PUBLIC_URL): messages and their codes would only reach the log; set DEV_MODE=true on a development machine")
}

// localOnly reports whether the service is meant for this machine alone: it
// listens on a loopback address (not on every interface) and PUBLIC_URL, the
// address in its links, is loopback too.
func localOnly(c *Config) bool {
	listen, _, err := net.SplitHostPort(c.HTTPAddr)
	if err != nil {
		return false
	}
	u, err := url.Parse(c.PublicURL)
	return err == nil && isLoopbackHost(listen) && isLoopbackHost(u.Hostname())
}

// isLoopbackHost reports whether host is localhost or a loopback address.
func isLoopbackHost(host string) bool {
	host = strings.ToLower(host)
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return true
	}
	ip, err := netip.ParseAddr(host)
	return err == nil && ip.IsLoopback()
}

// checkMailAddress accepts "addr@example.com" or "Name <addr@example.com>".
func checkMailAddress(raw string) error {
	if _, err := mail.ParseAddress(raw); err != nil {
		return fmt.Errorf("want an e-mail address such as Lockers <no-reply@example.com>")
	}
	return nil
}

// requiredForStripe insists on a Stripe setting when Stripe is the provider.
func requiredForStripe(c *Config, v string) error {
	if c.PaymentProvider == "stripe" && v == "" {
		return errors.New("must be set when PAYMENT_PROVIDER=stripe")
	}
	return nil
}

// checkBetween bounds a duration.
func checkBetween(d, lo, hi time.Duration) error {
	if d < lo || d > hi {
		return fmt.Errorf("must be between %s and %s", lo, hi)
	}
	return nil
}
