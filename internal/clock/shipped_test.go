//go:build !testclock

package clock

import (
	"os"
	"os/exec"
	"testing"
	"time"
)

// The build lockerd ships (this file is compiled only there) ignores LOCKERS_TEST_NOW: run this test's own binary
// again with the variable set (it is read once, at start) and ask it the time.
func TestShippedBuildIgnoresTheTestClock(t *testing.T) {
	if os.Getenv("CLOCK_TEST_CHILD") == "1" {
		if d := time.Since(Now()); Shifted() || d < -time.Minute || d > time.Minute {
			t.Fatalf("the clock moved: %v off real time (shifted %v)", d, Shifted())
		}
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestShippedBuildIgnoresTheTestClock$", "-test.count=1")
	cmd.Env = append(os.Environ(), "CLOCK_TEST_CHILD=1", EnvName+"=2030-01-01T00:00:00Z")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
}
