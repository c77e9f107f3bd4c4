package config

import (
	"bytes"
	"errors"
	"log/slog"
	"strings"
	"testing"
	"time"

	"lockers/internal/version"
)

func env(m map[string]string) func(string) (string, bool) {
	return func(k string) (string, bool) { v, ok := m[k]; return v, ok }
}

func TestDefaults(t *testing.T) {
	c, err := Load(env(nil))
	if err != nil {
		t.Fatalf("Load with no variables: %v", err)
	}
	checks := []struct {
		name      string
		got, want any
	}{
		{"HTTPAddr", c.HTTPAddr, "127.0.0.1:8080"},
		{"DatabaseURL", c.DatabaseURL, "sqlite:./data/lockers.db"},
		{"PublicURL", c.PublicURL, "http://127.0.0.1:8080"},
		{"CORSOrigins", strings.Join(c.CORSOrigins, ","), "capacitor://localhost,https://localhost"}, // the native apps
		{"MinAppVersion", c.MinAppVersion, version.Core()},
		{"LogLevel", c.LogLevel, slog.LevelInfo},
		{"SentryDSN", c.SentryDSN, ""},
		{"DemoSeed", c.DemoSeed, true},
		{"ShutdownTimeout", c.ShutdownTimeout, 15 * time.Second},
	}
	for _, tc := range checks {
		if tc.got != tc.want {
			t.Errorf("%s = %v, want %v", tc.name, tc.got, tc.want)
		}
	}
	if got := Default(); got.String() != c.String() {
		t.Errorf("Default() differs from Load with no variables")
	}
}

func TestLoadValues(t *testing.T) {
	c, err := Load(env(map[string]string{
		"HTTP_ADDR":         "0.0.0.0:9000",
		"DATABASE_URL":      "postgres://app:pw@db.internal:5432/lockers?sslmode=disable",
		"CORS_ORIGINS":      " capacitor://localhost, http://localhost ,",
		"MIN_APP_VERSION":   "6.0.1",
		"LOG_LEVEL":         "WARN",
		"SENTRY_DSN":        "https://abc123@o1.ingest.sentry.io/42",
		"DEMO_SEED":         "false",
		"SHUTDOWN_TIMEOUT":  "3s",
		"DOOR_INTENT_TTL":   "45s",
		"SMTP_URL":          "smtp://mail.internal:587",
		"SMS_URL":           "https://AC1:token@api.twilio.com",
		"SELLER_VAT_NUMBER": "EE100200300",
	}))
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	if got, want := c.PublicURL, "http://127.0.0.1:9000"; got != want {
		t.Errorf("derived PublicURL = %q, want %q", got, want)
	}
	if got, want := strings.Join(c.CORSOrigins, "|"), "capacitor://localhost|http://localhost"; got != want {
		t.Errorf("CORSOrigins = %q, want %q", got, want)
	}
	if c.LogLevel != slog.LevelWarn || c.DemoSeed || c.ShutdownTimeout != 3*time.Second {
		t.Errorf("LogLevel=%v DemoSeed=%v ShutdownTimeout=%v", c.LogLevel, c.DemoSeed, c.ShutdownTimeout)
	}
	if c.DoorIntentTTL != 45*time.Second || Default().DoorIntentTTL != 20*time.Second {
		t.Errorf("DoorIntentTTL=%v (default %v), want 45s (default 20s)", c.DoorIntentTTL, Default().DoorIntentTTL)
	}
	c2, err := Load(env(map[string]string{"PUBLIC_URL": "https://lockers.example.com/", "DEV_MODE": "true"}))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := c2.PublicURL, "https://lockers.example.com"; got != want {
		t.Errorf("PublicURL = %q, want %q (trailing slash trimmed)", got, want)
	}
}

func TestLoadRejects(t *testing.T) {
	tests := []struct {
		name, value string
		wantInMsg   string
	}{
		{"HTTP_ADDR", "8080", "host:port"},
		{"HTTP_ADDR", "127.0.0.1:99999", "port"},
		{"HTTP_ADDR", "localhost:http", "port"},
		{"DATABASE_URL", "mysql://x", "sqlite:PATH or postgres://"},
		{"DATABASE_URL", "sqlite:", "file path"},
		{"DATABASE_URL", "sqlite::memory:", "in-memory"},
		{"DATABASE_URL", "postgres:///lockers", "host"},
		{"DATABASE_URL", "postgres://u@localhost", "database name"},
		{"PUBLIC_URL", "lockers.example.com", "absolute http(s) URL"},
		{"PUBLIC_URL", "ftp://lockers.example.com", "absolute http(s) URL"},
		{"PUBLIC_URL", "https://lockers.example.com/?a=1", "query"},
		{"CORS_ORIGINS", "*", "not allowed"},
		{"CORS_ORIGINS", "https://a.example, b.example", "not an origin"},
		{"CORS_ORIGINS", "https://a.example/", "trailing slash"},
		{"MIN_APP_VERSION", "5.3", "MAJOR.MINOR.PATCH"},
		{"MIN_APP_VERSION", "v5.3.0", "MAJOR.MINOR.PATCH"},
		{"MIN_APP_VERSION", "5.03.0", "MAJOR.MINOR.PATCH"},
		{"LOG_LEVEL", "verbose", "debug, info, warn or error"},
		{"SENTRY_DSN", "ftp://key@sentry.io/1", "scheme"},
		{"SENTRY_DSN", "https://sentry.io/1", "public key"},
		{"SENTRY_DSN", "https://key@sentry.io/", "project id"},
		{"SENTRY_DSN", "not a url at all", "scheme"},
		{"DEMO_SEED", "maybe", "true or false"},
		{"SHUTDOWN_TIMEOUT", "soon", "duration"},
		{"SHUTDOWN_TIMEOUT", "1h", "between"},
		{"DOOR_INTENT_TTL", "soon", "duration"},
		{"DOOR_INTENT_TTL", "1s", "between"},
		{"DOOR_INTENT_TTL", "5m", "between"},
	}
	for _, tc := range tests {
		t.Run(tc.name+"="+tc.value, func(t *testing.T) {
			_, err := Load(env(map[string]string{tc.name: tc.value}))
			if err == nil {
				t.Fatalf("Load accepted %s=%q", tc.name, tc.value)
			}
			msg := err.Error()
			if !strings.HasPrefix(msg, tc.name+": ") {
				t.Errorf("error %q does not start with the variable name", msg)
			}
			if !strings.Contains(msg, tc.wantInMsg) {
				t.Errorf("error %q does not mention %q", msg, tc.wantInMsg)
			}
			var ce *Error
			if !errors.As(err, &ce) || ce.Var != tc.name {
				t.Errorf("errors.As(*Error) = %v, Var %q; want Var %q", ce != nil, ce.Var, tc.name)
			}
		})
	}
}

func TestLoadReportsEveryBadVariable(t *testing.T) {
	_, err := Load(env(map[string]string{"LOG_LEVEL": "loud", "MIN_APP_VERSION": "x", "HTTP_ADDR": "nope"}))
	if err == nil {
		t.Fatal("Load accepted three bad variables")
	}
	// Parse errors come first, then validation; LOG_LEVEL fails parsing, the others validation.
	if !strings.Contains(err.Error(), "LOG_LEVEL") {
		t.Errorf("error %q misses LOG_LEVEL", err)
	}
	_, err = Load(env(map[string]string{"MIN_APP_VERSION": "x", "HTTP_ADDR": "nope"}))
	for _, name := range []string{"HTTP_ADDR", "MIN_APP_VERSION"} {
		if !strings.Contains(err.Error(), name+": ") {
			t.Errorf("error %q misses %s", err, name)
		}
	}
}

func TestSecretsNeverShown(t *testing.T) {
	const dsnKey, dbPassword = "s3cr3tkey", "hunter2pw"
	c, err := Load(env(map[string]string{
		"SENTRY_DSN":   "https://" + dsnKey + "@o1.ingest.sentry.io/42",
		"DATABASE_URL": "postgres://app:" + dbPassword + "@db:5432/lockers?sslmode=disable",
	}))
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	slog.New(slog.NewJSONHandler(&buf, nil)).Info("start", "config", c)
	outputs := map[string]string{
		"slog":      buf.String(),
		"String":    c.String(),
		"GoString":  c.GoString(),
		"bad value": errString(Load(env(map[string]string{"SENTRY_DSN": "ftp://" + dsnKey + "@x/1"}))),
		"bad db": errString(Load(env(map[string]string{
			"DATABASE_URL": "postgres://app:" + dbPassword + "@db:5432",
		}))),
	}
	for where, out := range outputs {
		for _, secret := range []string{dsnKey, dbPassword} {
			if strings.Contains(out, secret) {
				t.Errorf("%s output contains a secret: %s", where, out)
			}
		}
	}
	if !strings.Contains(buf.String(), "app:xxxxx@db:5432") {
		t.Errorf("slog output should keep the database user and host readable: %s", buf.String())
	}
}

func errString(_ Config, err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

func TestMaskDatabaseURL(t *testing.T) {
	tests := []struct{ in, want string }{
		{"sqlite:./data/lockers.db", "sqlite:./data/lockers.db"},
		{"postgres://u@h/db", "postgres://u@h/db"},
		{"postgres://u:p@h/db", "postgres://u:xxxxx@h/db"},
		{"postgres://u@h/db?password=p&sslmode=disable", "postgres://u@h/db?password=xxxxx&sslmode=disable"},
	}
	for _, tc := range tests {
		if got := MaskDatabaseURL(tc.in); got != tc.want {
			t.Errorf("MaskDatabaseURL(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestValidateBuiltInCode(t *testing.T) {
	c := Default()
	c.MinAppVersion = "latest"
	c.ShutdownTimeout = 0
	err := c.Validate()
	for _, name := range []string{"MIN_APP_VERSION", "SHUTDOWN_TIMEOUT"} {
		if err == nil || !strings.Contains(err.Error(), name) {
			t.Errorf("Validate() = %v, want a %s error", err, name)
		}
	}
}

func TestTables(t *testing.T) {
	var text, md bytes.Buffer
	if err := WriteTable(&text); err != nil {
		t.Fatal(err)
	}
	if err := WriteMarkdown(&md); err != nil {
		t.Fatal(err)
	}
	for _, v := range Vars {
		if v.Description == "" {
			t.Errorf("%s has no description", v.Name)
		}
		if !strings.Contains(text.String(), v.Name) || !strings.Contains(md.String(), "`"+v.Name+"`") {
			t.Errorf("%s missing from the printed tables", v.Name)
		}
		if _, ok := Lookup(v.Name); !ok {
			t.Errorf("Lookup(%s) failed", v.Name)
		}
	}
	for _, required := range []string{"HTTP_ADDR", "DATABASE_URL", "PUBLIC_URL", "CORS_ORIGINS", "MIN_APP_VERSION", "LOG_LEVEL", "SENTRY_DSN"} {
		if _, ok := Lookup(required); !ok {
			t.Errorf("required variable %s is not declared", required)
		}
	}
}

func TestInvoiceSettings(t *testing.T) {
	c := Default()
	if c.SellerName != "Lockers Demo OÜ" || c.SellerRegistryCode != "12345678" || c.SellerVATNumber != DemoSellerVATNumber ||
		c.InvoiceLinkSecret != "" || !strings.Contains(c.SellerAddress, "Tallinn") {
		t.Fatalf("seller defaults %q %q %q %q", c.SellerName, c.SellerAddress, c.SellerRegistryCode, c.SellerVATNumber)
	}
	secret := strings.Repeat("s", 40)
	c, err := Load(env(map[string]string{"SELLER_NAME": "Kapid AS", "SELLER_VAT_NUMBER": "ee100200300",
		"INVOICE_LINK_SECRET": secret}))
	if err != nil {
		t.Fatal(err)
	}
	if c.SellerName != "Kapid AS" || c.SellerVATNumber != "EE100200300" || c.InvoiceLinkSecret != secret {
		t.Fatalf("loaded %q %q", c.SellerName, c.SellerVATNumber)
	}
	if strings.Contains(c.String(), secret) {
		t.Fatal("INVOICE_LINK_SECRET is shown")
	}
	for _, tc := range []struct{ name, value, wantInMsg string }{
		{"SELLER_NAME", "Kapid\nAS", "one line"},
		{"SELLER_ADDRESS", strings.Repeat("a", 201), "too long"},
		{"SELLER_REGISTRY_CODE", "#1", "letters and digits"},
		{"SELLER_VAT_NUMBER", "123", "country prefix"},
		{"INVOICE_LINK_SECRET", "short", "32 characters"},
	} {
		_, err := Load(env(map[string]string{tc.name: tc.value}))
		if err == nil || !strings.HasPrefix(err.Error(), tc.name+": ") || !strings.Contains(err.Error(), tc.wantInMsg) {
			t.Errorf("%s=%q: %v, want an error about %q", tc.name, tc.value, err, tc.wantInMsg)
		}
		if tc.name == "INVOICE_LINK_SECRET" && err != nil && strings.Contains(err.Error(), tc.value) {
			t.Errorf("the bad secret is quoted: %v", err)
		}
	}
}

// VAT is charged only under a seller VAT number (issue 28): the demo default
// carries a placeholder, which a public lockerd refuses, and none at all is
// refused everywhere.
func TestSellerVATNumberIsRequiredWhereVATIsCharged(t *testing.T) {
	public := map[string]string{"HTTP_ADDR": "0.0.0.0:8080", "PUBLIC_URL": "https://lockers.example.com",
		"SMTP_URL": "smtp://mail.example.com:587", "SMS_URL": "https://AC1:tok@api.twilio.com"}
	if _, err := Load(env(public)); err == nil || !strings.Contains(err.Error(),
		"SELLER_VAT_NUMBER: is the demo placeholder") || !strings.Contains(err.Error(), "set SELLER_VAT_NUMBER") {
		t.Errorf("a public lockerd with the demo VAT number: %v, want SELLER_VAT_NUMBER refused", err)
	}
	public["SELLER_VAT_NUMBER"] = "EE100200300"
	if _, err := Load(env(public)); err != nil {
		t.Errorf("a public lockerd with its own VAT number: %v", err)
	}
	delete(public, "SELLER_VAT_NUMBER")
	public["DEV_MODE"] = "true"
	if _, err := Load(env(public)); err != nil {
		t.Errorf("DEV_MODE with the demo VAT number: %v", err)
	}
	c := Default()
	c.SellerVATNumber = ""
	if err := c.Validate(); err == nil || !strings.Contains(err.Error(), "SELLER_VAT_NUMBER: must be set: every price includes 24% VAT") {
		t.Errorf("no VAT number: %v, want it required", err)
	}
}
