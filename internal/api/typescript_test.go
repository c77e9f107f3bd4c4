package api_test

import (
	"bytes"
	"os"
	"testing"

	"lockers/internal/api"
)

// TestGeneratedRouterIsCurrent fails when a procedure or wire type changed without
// `make generate`: the web app would otherwise type-check against a stale API.
func TestGeneratedRouterIsCurrent(t *testing.T) {
	t.Parallel()
	want, err := api.TypeScript()
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(api.GeneratedPath)
	if err != nil {
		t.Fatalf("%v (run `make generate`)", err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("%s is stale: run `make generate` and commit the result", api.GeneratedPath)
	}
}
