package rpc

import (
	"bytes"
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"lockers/internal/apperr"
)

func newJSONLogger(w io.Writer) *slog.Logger { return slog.New(slog.NewJSONHandler(w, nil)) }

func TestNewHandlerRejectsBadTables(t *testing.T) {
	ping := Query("ping", Public, func(context.Context, Void) (string, error) { return "pong", nil })
	cases := map[string][]Procedure{
		"duplicate":     {ping, ping},
		"empty path":    {Query("", Public, func(context.Context, Void) (string, error) { return "", nil })},
		"comma in path": {Query("a,b", Public, func(context.Context, Void) (string, error) { return "", nil })},
		"no call":       {{Path: "x", Kind: KindQuery}},
		"unknown kind":  {{Path: "x", Kind: "subscription", Call: ping.Call}},
	}
	for name, procs := range cases {
		if _, err := NewHandler(procs, Options{}); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

// The body limit holds for chunked bodies too, whose size is unknown up front.
func TestBodyLimitWithoutContentLength(t *testing.T) {
	h := newTestHandler(t, nil, nil)
	req := httptest.NewRequest("POST", "/trpc/echo", io.MultiReader(strings.NewReader(`{"message":"`), strings.NewReader(strings.Repeat("x", 1000)+`"}`)))
	req.ContentLength = -1
	req.Header.Set("Content-Type", "application/json")
	rr := httptest.NewRecorder()
	h.ServeHTTP(rr, req)
	if rr.Code != http.StatusRequestEntityTooLarge || !strings.Contains(rr.Body.String(), `"appCode":"BAD_INPUT"`) {
		t.Fatalf("%d %s", rr.Code, rr.Body)
	}
}

func TestDefaultsApply(t *testing.T) {
	h, err := NewHandler(testProcedures(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	paths := strings.TrimSuffix(strings.Repeat("ping,", 32), ",")
	if rr := do(h, "GET", "/"+paths+"?batch=1", nil, ""); rr.Code != 200 {
		t.Errorf("32 calls: %d", rr.Code)
	}
	if rr := do(h, "GET", "/"+paths+",ping?batch=1", nil, ""); rr.Code != 400 {
		t.Errorf("33 calls: %d", rr.Code)
	}
	big := `{"message":"` + strings.Repeat("x", 1<<20) + `"}`
	if rr := do(h, "POST", "/echo", map[string]string{"Content-Type": "application/json"}, big); rr.Code != 413 {
		t.Errorf("1 MiB body: %d", rr.Code)
	}
}

func TestContextRunsOncePerRequest(t *testing.T) {
	var n atomic.Int32
	h, err := NewHandler(testProcedures(), Options{Context: func(ctx context.Context, r *http.Request) (context.Context, error) {
		n.Add(1)
		return ctx, nil
	}})
	if err != nil {
		t.Fatal(err)
	}
	do(h, "GET", "/ping,ping,greeting.hello?batch=1", nil, "")
	if n.Load() != 1 {
		t.Fatalf("context built %d times", n.Load())
	}
}

func TestObserve(t *testing.T) {
	rec := &recorder{}
	h := newTestHandler(t, nil, rec)
	do(h, "GET", "/trpc/ping,nope,me?batch=1", nil, "")
	do(h, "POST", "/trpc/lockers.reserve", map[string]string{"Content-Type": "application/json"}, "")
	do(h, "GET", "/trpc/ping,me?batch=1", map[string]string{"Authorization": "Bearer bad"}, "")
	slices.SortFunc(rec.obs[:3], func(a, b observation) int { return strings.Compare(a.path, b.path) })
	want := []observation{
		{"", "GENERAL_ERROR"}, {"me", "UNAUTHORIZED"}, {"ping", ""},
		{"lockers.reserve", "LOCKERS_NOT_AVAILABLE"},
		{"ping", "UNAUTHORIZED"}, {"me", "UNAUTHORIZED"},
	}
	if !slices.Equal(rec.obs, want) {
		t.Fatalf("observed %v, want %v", rec.obs, want)
	}
}

// overlapping is a query answering value that finishes only when n of its
// calls run at once (or fails after 5 s).
func overlapping(n, value int) func(context.Context, Void) (int, error) {
	ready := make(chan struct{}, n)
	return func(context.Context, Void) (int, error) {
		ready <- struct{}{}
		deadline := time.Now().Add(5 * time.Second)
		for len(ready) < n {
			if time.Now().After(deadline) {
				return 0, errors.New("calls did not overlap")
			}
			runtimeGosched()
		}
		return value, nil
	}
}

// Queries of a batch run in parallel: two calls that each wait for the other
// finish only if they overlap.
func TestBatchQueriesRunInParallel(t *testing.T) {
	h, err := NewHandler([]Procedure{Query("w", Public, overlapping(2, 1))}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	rr := do(h, "GET", "/w,w?batch=1", nil, "")
	if rr.Body.String() != `[{"result":{"data":1}},{"result":{"data":1}}]` {
		t.Fatalf("%s", rr.Body)
	}
}

// Queries marked FromMemory run one after the other in the request's goroutine,
// beside the queries that may wait, which still overlap: a memory query fails
// when another starts while it runs.
func TestBatchMemoryQueriesRunInline(t *testing.T) {
	var started atomic.Int32
	mem := func(context.Context, Void) (int, error) {
		n := started.Add(1)
		time.Sleep(50 * time.Millisecond) // long enough for a parallel call to start
		if started.Load() != n {
			return 0, errors.New("a memory query started while another ran")
		}
		return 1, nil
	}
	h, err := NewHandler([]Procedure{Query("m", Public, mem).FromMemory(), Query("w", Public, overlapping(2, 2))}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	rr := do(h, "GET", "/m,w,m,w?batch=1", nil, "")
	want := `[{"result":{"data":1}},{"result":{"data":2}},{"result":{"data":1}},{"result":{"data":2}}]`
	if rr.Body.String() != want {
		t.Fatalf("%s", rr.Body)
	}
}

// Mutations of a batch run in index order.
func TestBatchMutationsRunInOrder(t *testing.T) {
	var order bytes.Buffer
	add := func(_ context.Context, in struct {
		S string `json:"s"`
	}) (Void, error) {
		order.WriteString(in.S)
		return Void{}, nil
	}
	h, err := NewHandler([]Procedure{Mutation("add", Public, add)}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	body := `{"0":{"s":"a"},"1":{"s":"b"},"2":{"s":"c"},"3":{"s":"d"}}`
	rr := do(h, "POST", "/add,add,add,add?batch=1", map[string]string{"Content-Type": "application/json"}, body)
	if rr.Code != 200 || order.String() != "abcd" {
		t.Fatalf("%d %s order %q", rr.Code, rr.Body, order.String())
	}
}

func TestContextErrorThatIsNotAnAppErrorIsInternal(t *testing.T) {
	logs := new(bytes.Buffer)
	h, err := NewHandler(testProcedures(), Options{Logger: newJSONLogger(logs),
		Context: func(context.Context, *http.Request) (context.Context, error) { return nil, io.ErrUnexpectedEOF }})
	if err != nil {
		t.Fatal(err)
	}
	rr := do(h, "GET", "/ping", nil, "")
	want := `{"error":{"message":"Internal server error","code":-32603,"data":{"code":"INTERNAL_SERVER_ERROR","httpStatus":500,"appCode":"GENERAL_ERROR"}}}`
	if rr.Code != 500 || rr.Body.String() != want || !strings.Contains(logs.String(), "unexpected EOF") {
		t.Fatalf("%d %s / log %s", rr.Code, rr.Body, logs)
	}
	_ = apperr.GeneralError
}

// httpBatchStreamLink gets one fully resolved head line (docs/protocol.md §5),
// always 200; a request-level error stays a plain JSON object.
func TestStreamLinkHeadLine(t *testing.T) {
	h := newTestHandler(t, nil, nil)
	rr := do(h, "GET", "/trpc/ping,me?batch=1", map[string]string{"trpc-accept": "application/jsonl"}, "")
	want := `{"0":[[{"result":{"data":"pong"}}]],"1":[[{"error":{"message":"sign-in required","code":-32001,"data":{"code":"UNAUTHORIZED","httpStatus":401,"path":"me","appCode":"UNAUTHORIZED"}}}]]}` + "\n"
	if rr.Code != 200 || rr.Body.String() != want {
		t.Fatalf("%d %q", rr.Code, rr.Body)
	}
	rr = do(h, "GET", "/trpc/ping?batch=1", map[string]string{"Accept": "application/jsonl, */*"}, "")
	if rr.Body.String() != `{"0":[[{"result":{"data":"pong"}}]]}`+"\n" {
		t.Fatalf("accept form: %q", rr.Body)
	}
	rr = do(h, "GET", "/trpc/ping,echo?batch=1", map[string]string{"trpc-accept": "application/jsonl"}, "")
	if rr.Code != 400 || !strings.HasPrefix(rr.Body.String(), `{"error":`) {
		t.Fatalf("request-level: %d %s", rr.Code, rr.Body)
	}
}

func TestContextHookReturningNilContext(t *testing.T) {
	h, err := NewHandler(testProcedures(), Options{Context: func(context.Context, *http.Request) (context.Context, error) { return nil, nil }})
	if err != nil {
		t.Fatal(err)
	}
	if rr := do(h, "GET", "/ping", nil, ""); rr.Code != 200 {
		t.Fatalf("%d %s", rr.Code, rr.Body)
	}
}
