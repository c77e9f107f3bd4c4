package version

import (
	"encoding/json"
	"os"
	"testing"
)

// An unstamped build has the version of web/package.json, the file
// scripts/version.sh reads too; the test reads it on its own.
func TestUnstampedIsPackageJSON(t *testing.T) {
	b, err := os.ReadFile("../../web/package.json")
	if err != nil {
		t.Fatal(err)
	}
	var p struct{ Version string }
	if err := json.Unmarshal(b, &p); err != nil || p.Version == "" {
		t.Fatalf("web/package.json has no version (%v)", err)
	}
	// Unstamped whatever the test binary was built with.
	defer func(old string) { stamped = old }(stamped)
	stamped = ""
	if String() != p.Version || Core() != p.Version {
		t.Errorf("String() = %q, Core() = %q, want package.json's %q", String(), Core(), p.Version)
	}
}

func TestStamped(t *testing.T) {
	defer func(old string) { stamped = old }(stamped)
	for _, tc := range []struct{ stamp, full, core string }{
		{"5.4.0", "5.4.0", "5.4.0"},
		{"5.3.0+g1a2b3c4d5e6f", "5.3.0+g1a2b3c4d5e6f", "5.3.0"},
		{"v6.0.1", "v6.0.1", "6.0.1"},
	} {
		stamped = tc.stamp
		if String() != tc.full || Core() != tc.core {
			t.Errorf("stamped %q: String() = %q, Core() = %q, want %q and %q", tc.stamp, String(), Core(), tc.full, tc.core)
		}
	}
}
