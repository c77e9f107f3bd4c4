package config

import (
	"fmt"
	"log/slog"
	"net/url"
	"strings"
)

// LogValue makes slog print the configuration with secrets masked, so logging the
// whole Config at start-up is safe.
func (c Config) LogValue() slog.Value {
	attrs := make([]slog.Attr, 0, len(Vars))
	for _, v := range Vars {
		attrs = append(attrs, slog.String(v.Name, v.masked(v.format(&c))))
	}
	return slog.GroupValue(attrs...)
}

// String renders the configuration as NAME=value lines, secrets masked; fmt's %v
// and %s use it, so an accidental Printf cannot leak a DSN.
func (c Config) String() string {
	var b strings.Builder
	for _, v := range Vars {
		fmt.Fprintf(&b, "%s=%s\n", v.Name, v.masked(v.format(&c)))
	}
	return b.String()
}

// GoString keeps %#v as safe as %v.
func (c Config) GoString() string { return "config.Config{\n" + c.String() + "}" }

// MaskDatabaseURL hides the password of a database URL (userinfo or a password
// query parameter) and leaves the rest readable for operators.
func MaskDatabaseURL(raw string) string {
	if !strings.Contains(raw, "://") {
		return raw // sqlite:PATH has no credentials
	}
	u, err := url.Parse(raw)
	if err != nil {
		return "[unparsable URL redacted]"
	}
	if _, has := u.User.Password(); has {
		u.User = url.UserPassword(u.User.Username(), "xxxxx")
	}
	if q := u.Query(); q.Has("password") {
		q.Set("password", "xxxxx")
		u.RawQuery = q.Encode()
	}
	return u.String()
}
