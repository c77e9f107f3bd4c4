package main

import (
	"bytes"
	"strings"
	"testing"
)

// `lockerd station-sim` needs no database configuration: its flags decide.
func TestStationSimCommandParsesItsFlags(t *testing.T) {
	t.Setenv("HTTP_ADDR", "not an address") // would stop `serve`; station-sim does not read it
	var out, errOut bytes.Buffer
	if code := run([]string{"station-sim", "-h"}, &out, &errOut); code != 0 || !strings.Contains(errOut.String(), "-stations") {
		t.Fatalf("station-sim -h: exit %d: %s", code, errOut.String())
	}
	errOut.Reset()
	if code := run([]string{"station-sim", "-stations", "0"}, &out, &errOut); code != 2 {
		t.Fatalf("station-sim -stations 0: exit %d: %s", code, errOut.String())
	}
}
