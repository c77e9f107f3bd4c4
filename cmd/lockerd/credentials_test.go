package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"lockers/internal/jobs/jobstest"
	"lockers/internal/store/storetest"
)

// `lockerd station-credentials`: create shows the key once, show reports the
// generation, revoke says the station is refused, and broker-file writes a
// login for the station.
func TestStationCredentialsCommand(t *testing.T) {
	url := jobstest.SQLiteURL(t)
	t.Setenv("DATABASE_URL", url)
	t.Setenv("LOG_LEVEL", "error")
	t.Setenv("STATION_SECRET", strings.Repeat("s", 40))
	cmd := func(args ...string) string {
		t.Helper()
		var out, errOut bytes.Buffer
		if code := run(args, &out, &errOut); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errOut.String())
		}
		return out.String()
	}
	cmd("migrate")
	cmd("seed")
	var station string
	db := storetest.Open(t, url)
	if err := db.QueryRowContext(context.Background(), `SELECT id FROM stations ORDER BY id LIMIT 1`).Scan(&station); err != nil {
		t.Fatal(err)
	}
	if out := cmd("station-credentials", "create", station); !strings.Contains(out, "key (hex)") || !strings.Contains(out, "station "+station) {
		t.Fatalf("create printed:\n%s", out)
	}
	if out := cmd("station-credentials", "show", station); strings.Contains(out, "never provisioned") || strings.Contains(out, "REVOKED") {
		t.Fatalf("show after create printed:\n%s", out)
	}
	t.Setenv("MQTT_URL", "mqtt://lockerd:lockerd-password@127.0.0.1:1883")
	file := filepath.Join(t.TempDir(), "passwd")
	cmd("station-credentials", "broker-file", file)
	if b, err := os.ReadFile(file); err != nil || !strings.Contains(string(b), station+":") || !strings.Contains(string(b), "lockerd:") {
		t.Fatalf("broker file has no login for %s (%v):\n%s", station, err, b)
	}
	if out := cmd("station-credentials", "revoke", station); !strings.Contains(out, "REVOKED") {
		t.Fatalf("revoke printed:\n%s", out)
	}
}
