package rpc

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"lockers/internal/apperr"
)

// The context hook learns how many calls a request carries, so a flood limit
// can charge a batch for each of its calls.
func TestContextSeesTheNumberOfCalls(t *testing.T) {
	var seen []int
	h, err := NewHandler(testProcedures(), Options{Context: func(ctx context.Context, r *http.Request) (context.Context, error) {
		seen = append(seen, Calls(ctx))
		return ctx, nil
	}})
	if err != nil {
		t.Fatal(err)
	}
	do(h, "GET", "/ping", nil, "")
	do(h, "GET", "/ping,ping,greeting.hello?batch=1", nil, "")
	if len(seen) != 2 || seen[0] != 1 || seen[1] != 3 {
		t.Fatalf("Calls seen %v, want [1 3]", seen)
	}
	if Calls(context.Background()) != 1 {
		t.Fatal("a context outside a request should count as one call")
	}
}

// Admit runs once per call of a batch, after the access check, and refuses
// calls one by one: the first two of a batch of four pass, the rest answer
// the admission's error while the procedure never runs for them.
func TestAdmitCountsEachCallOfABatch(t *testing.T) {
	ran, admitted := 0, 0
	add := func(context.Context, Void) (Void, error) { ran++; return Void{}, nil }
	h, err := NewHandler([]Procedure{Mutation("add", Public, add)}, Options{Admit: func(_ context.Context, path string) error {
		if path != "add" {
			t.Errorf("admitted path %q", path)
		}
		if admitted++; admitted > 2 {
			return apperr.New(apperr.CodeTooManyRequest, "at most 2 an hour")
		}
		return nil
	}})
	if err != nil {
		t.Fatal(err)
	}
	rr := do(h, "POST", "/add,add,add,add?batch=1", map[string]string{"Content-Type": "application/json"}, `{}`)
	if ran != 2 || admitted != 4 {
		t.Fatalf("ran %d, admitted %d; want 2 and 4", ran, admitted)
	}
	if rr.Code != http.StatusMultiStatus || strings.Count(rr.Body.String(), `"appCode":"TOO_MANY_REQUESTS"`) != 2 {
		t.Fatalf("%d %s", rr.Code, rr.Body)
	}
}
