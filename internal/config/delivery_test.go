package config

import (
	"strings"
	"testing"
)

// Log-only mail and SMS put verification codes in the log: allowed on a
// machine-local service or with DEV_MODE, refused anywhere else (issue 18).
func TestLogOnlyDeliveryOnlyWhenLocal(t *testing.T) {
	mailAndSMS := map[string]string{"SMTP_URL": "smtp://mail.example.com:587", "SMS_URL": "https://AC1:tok@api.twilio.com",
		"SELLER_VAT_NUMBER": "EE100200300"}
	tests := []struct {
		name    string
		vars    map[string]string
		refused []string // variables named in the error; none: starts
	}{
		{"defaults (make run, tests)", nil, nil},
		{"localhost", map[string]string{"HTTP_ADDR": "localhost:8080", "PUBLIC_URL": "http://localhost:8080"}, nil},
		{"loopback v6", map[string]string{"HTTP_ADDR": "[::1]:8080", "PUBLIC_URL": "http://[::1]:8080"}, nil},
		{"a .localhost name", map[string]string{"PUBLIC_URL": "http://lockers.localhost:8080"}, nil},
		{"loopback 127/8", map[string]string{"HTTP_ADDR": "127.0.0.2:80", "PUBLIC_URL": "http://127.0.0.2"}, nil},
		{"public URL", map[string]string{"PUBLIC_URL": "https://lockers.example.com"}, []string{"SMTP_URL", "SMS_URL"}},
		{"every interface, derived URL", map[string]string{"HTTP_ADDR": "0.0.0.0:8080"}, []string{"SMTP_URL", "SMS_URL"}},
		{"every interface, empty host", map[string]string{"HTTP_ADDR": ":8080", "PUBLIC_URL": "http://localhost:8080"}, []string{"SMTP_URL", "SMS_URL"}},
		{"LAN address", map[string]string{"HTTP_ADDR": "192.168.1.5:8080"}, []string{"SMTP_URL", "SMS_URL"}},
		{"only SMS missing", map[string]string{"PUBLIC_URL": "https://lockers.example.com", "SMTP_URL": "smtp://mail.example.com:587"}, []string{"SMS_URL"}},
		{"both set", merge(mailAndSMS, map[string]string{"HTTP_ADDR": "0.0.0.0:8080", "PUBLIC_URL": "https://lockers.example.com"}), nil},
		{"DEV_MODE", map[string]string{"HTTP_ADDR": "0.0.0.0:8080", "PUBLIC_URL": "https://lockers.example.com", "DEV_MODE": "true"}, nil},
		{"DEV_MODE=false", map[string]string{"PUBLIC_URL": "https://lockers.example.com", "DEV_MODE": "false"}, []string{"SMTP_URL", "SMS_URL"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Load(env(tc.vars))
			if len(tc.refused) == 0 {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			if err == nil {
				t.Fatal("started with log-only delivery on a public service")
			}
			for _, name := range []string{"SMTP_URL", "SMS_URL"} {
				named := strings.Contains(err.Error(), name+": must be set")
				want := strings.Contains(strings.Join(tc.refused, ","), name)
				if named != want {
					t.Errorf("error names %s: %v, want %v (%v)", name, named, want, err)
				}
			}
			if !strings.Contains(err.Error(), "DEV_MODE=true") {
				t.Errorf("error does not say how to allow it on a development machine: %v", err)
			}
		})
	}
	if _, err := Load(env(map[string]string{"DEV_MODE": "sometimes"})); err == nil || !strings.HasPrefix(err.Error(), "DEV_MODE: ") {
		t.Errorf("DEV_MODE=sometimes: %v", err)
	}
}

func merge(a, b map[string]string) map[string]string {
	out := map[string]string{}
	for k, v := range a {
		out[k] = v
	}
	for k, v := range b {
		out[k] = v
	}
	return out
}
