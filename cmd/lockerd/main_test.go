package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"lockers/internal/config"
)

func TestBadConfigurationStopsStartWithTheVariableName(t *testing.T) {
	t.Setenv("HTTP_ADDR", "not an address")
	t.Setenv("SENTRY_DSN", "https://supersecretkey@") // malformed and secret
	var out, errOut bytes.Buffer
	if code := run([]string{"serve"}, &out, &errOut); code != 2 {
		t.Fatalf("exit code %d, want 2 (stderr: %s)", code, errOut.String())
	}
	msg := errOut.String()
	for _, name := range []string{"HTTP_ADDR", "SENTRY_DSN"} {
		if !strings.Contains(msg, name) {
			t.Errorf("message does not name %s: %s", name, msg)
		}
	}
	if strings.Contains(msg, "supersecretkey") {
		t.Fatalf("a secret reached the output: %s", msg)
	}
}

func TestMigrateAndSeedCommands(t *testing.T) {
	t.Setenv("DATABASE_URL", "sqlite:"+filepath.Join(t.TempDir(), "lockers.db"))
	t.Setenv("LOG_LEVEL", "error")
	for _, cmd := range []string{"migrate", "seed", "seed"} {
		var out, errOut bytes.Buffer
		if code := run([]string{cmd}, &out, &errOut); code != 0 {
			t.Fatalf("lockerd %s: exit %d: %s", cmd, code, errOut.String())
		}
	}
}

func TestEnvListsEveryVariable(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := run([]string{"env", "-markdown"}, &out, &errOut); code != 0 {
		t.Fatal(errOut.String())
	}
	for _, name := range []string{"HTTP_ADDR", "DATABASE_URL", "PUBLIC_URL", "CORS_ORIGINS", "MIN_APP_VERSION", "LOG_LEVEL", "SENTRY_DSN", "SMTP_URL", "SMS_URL"} {
		if !strings.Contains(out.String(), "`"+name+"`") {
			t.Errorf("lockerd env -markdown lacks %s", name)
		}
	}
}

func TestUnknownCommand(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := run([]string{"frobnicate"}, &out, &errOut); code != 2 || !strings.Contains(errOut.String(), "frobnicate") {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
}

// TestREADMEDocumentsEveryVariable keeps the README's configuration table in step
// with what the binary reads (regenerate it with `lockerd env -markdown`).
func TestREADMEDocumentsEveryVariable(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range config.Vars {
		if !strings.Contains(string(readme), "| `"+v.Name+"` |") {
			t.Errorf("README.md does not document %s (paste `lockerd env -markdown`)", v.Name)
		}
	}
}

func TestGrantRoleNeedsAnExistingUser(t *testing.T) {
	t.Setenv("DATABASE_URL", "sqlite:"+filepath.Join(t.TempDir(), "lockers.db"))
	t.Setenv("LOG_LEVEL", "error")
	var out, errOut bytes.Buffer
	if code := run([]string{"grant-role", "nobody@example.com", "ADMIN"}, &out, &errOut); code != 1 || !strings.Contains(errOut.String(), "not found") {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	if code := run([]string{"grant-role", "nobody@example.com"}, &out, &errOut); code != 2 {
		t.Fatalf("missing role: exit %d", code)
	}
}

func TestSeedLoad(t *testing.T) {
	t.Setenv("DATABASE_URL", "sqlite:"+filepath.Join(t.TempDir(), "lockers.db"))
	t.Setenv("LOG_LEVEL", "error")
	var out, errOut bytes.Buffer
	if code := run([]string{"seed-load", "12", "500"}, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	if code := run([]string{"seed-load", "many", "500"}, &out, &errOut); code != 1 {
		t.Fatalf("bad number: exit %d", code)
	}
}
