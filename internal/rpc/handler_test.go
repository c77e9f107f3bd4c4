package rpc

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"lockers/internal/apperr"
	"lockers/internal/identity"
)

type echoIn struct {
	Message string `json:"message"`
}

func (in echoIn) Validate() error {
	if in.Message == "" {
		return apperr.Field(apperr.MissingParams, "message", "message is required")
	}
	return nil
}

type greetIn struct {
	Name string `json:"name"`
}

type greeting struct {
	Text string `json:"text"`
}

// ptrIn validates through a pointer receiver.
type ptrIn struct {
	N int `json:"n"`
}

func (in *ptrIn) Validate() error {
	if in.N < 0 {
		return apperr.Field(apperr.BadInput, "n", "n must not be negative")
	}
	return nil
}

func testProcedures() []Procedure {
	return []Procedure{
		Query("ping", Public, func(context.Context, Void) (string, error) { return "pong", nil }),
		Query("greeting.hello", Public, func(_ context.Context, in greetIn) (greeting, error) {
			if in.Name == "" {
				in.Name = "world"
			}
			return greeting{Text: "hello " + in.Name}, nil
		}),
		Query("count", Public, func(_ context.Context, in ptrIn) (int, error) { return in.N, nil }),
		Query("me", User, func(ctx context.Context, _ Void) (string, error) {
			p, _ := identity.From(ctx)
			return p.UserID, nil
		}),
		Query("admin.stats", Admin, func(context.Context, Void) (int, error) { return 7, nil }),
		Query("boom", Public, func(context.Context, Void) (int, error) {
			return 0, errors.New("secret database detail")
		}),
		Query("panic", Public, func(context.Context, Void) (int, error) { panic("secret panic detail") }),
		Mutation("echo", Public, func(_ context.Context, in echoIn) (echoIn, error) { return in, nil }),
		Mutation("lockers.reserve", Public, func(context.Context, Void) (int, error) {
			return 0, apperr.New(apperr.LockersNotAvailable, "no free lockers")
		}),
		Mutation("nothing", Public, func(context.Context, Void) (Void, error) { return Void{}, nil }),
	}
}

// testContext plays the application's token check.
func testContext(ctx context.Context, r *http.Request) (context.Context, error) {
	switch r.Header.Get("Authorization") {
	case "Bearer user":
		return identity.With(ctx, identity.Principal{UserID: "u1", SessionID: "s1"}), nil
	case "Bearer admin":
		return identity.With(ctx, identity.Principal{UserID: "a1", SessionID: "s2", Roles: []string{identity.RoleAdmin}}), nil
	case "Bearer bad":
		return nil, apperr.New(apperr.CodeUnauthorized, "bad token")
	}
	return ctx, nil
}

type observation struct{ path, code string }

type recorder struct {
	mu  sync.Mutex
	obs []observation
}

func (r *recorder) observe(path, code string, _ time.Duration) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.obs = append(r.obs, observation{path, code})
}

func newTestHandler(t testing.TB, logs *bytes.Buffer, rec *recorder) http.Handler {
	t.Helper()
	if logs == nil {
		logs = new(bytes.Buffer)
	}
	opts := Options{
		Context:      testContext,
		Prefix:       "/trpc",
		MaxBatchSize: 4,
		MaxBodyBytes: 256,
		CORSOrigins:  []string{"https://app.example"},
		Logger:       slog.New(slog.NewJSONHandler(logs, nil)),
	}
	if rec != nil {
		opts.Observe = rec.observe
	}
	h, err := NewHandler(testProcedures(), opts)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// q encodes a query input the way @trpc/client does (encodeURIComponent).
func q(json string) string { return strings.ReplaceAll(url.QueryEscape(json), "+", "%20") }

type tcase struct {
	name    string
	method  string
	target  string
	header  map[string]string
	body    string
	status  int
	want    string            // exact body; "" means empty
	headers map[string]string // response headers that must match
}

// TestProtocol follows docs/protocol.md: its §N comments are that document's sections.
func TestProtocol(t *testing.T) {
	jsonCT := map[string]string{"Content-Type": "application/json"}
	cases := []tcase{
		// §9.1 path decoding, §2 success envelope.
		{name: "query without input", method: "GET", target: "/trpc/ping", status: 200,
			want: `{"result":{"data":"pong"}}`, headers: map[string]string{"Content-Type": "application/json", "Vary": "Origin, trpc-accept, accept"}},
		{name: "query with encoded input", method: "GET", target: "/trpc/greeting.hello?input=" + q(`{"name":"Zoë & co/?"}`), status: 200,
			want: `{"result":{"data":{"text":"hello Zoë & co/?"}}}`},
		{name: "percent-encoded path", method: "GET", target: "/trpc/greeting%2Ehello", status: 200,
			want: `{"result":{"data":{"text":"hello world"}}}`},
		{name: "mutation with body", method: "POST", target: "/trpc/echo", header: jsonCT, body: `{"message":"hi <b>"}`, status: 200,
			want: `{"result":{"data":{"message":"hi <b>"}}}`},
		{name: "mutation returning nothing", method: "POST", target: "/trpc/nothing", header: jsonCT, status: 200,
			want: `{"result":{}}`},
		{name: "content type with charset", method: "POST", target: "/trpc/nothing", header: map[string]string{"Content-Type": "application/json; charset=utf-8"}, status: 200,
			want: `{"result":{}}`},
		// §9.2 HEAD and OPTIONS.
		{name: "HEAD", method: "HEAD", target: "/trpc/anything", status: 204},
		// §9.3/§9.4 batching.
		{name: "batch of queries", method: "GET", target: "/trpc/ping,greeting.hello,greeting.hello?batch=1&input=" + q(`{"1":{"name":"ann"}}`), status: 200,
			want: `[{"result":{"data":"pong"}},{"result":{"data":{"text":"hello ann"}}},{"result":{"data":{"text":"hello world"}}}]`},
		{name: "batch of one", method: "GET", target: "/trpc/ping?batch=1&input=%7B%7D", status: 200,
			want: `[{"result":{"data":"pong"}}]`},
		{name: "batch without input", method: "GET", target: "/trpc/ping,ping?batch=1", status: 200,
			want: `[{"result":{"data":"pong"}},{"result":{"data":"pong"}}]`},
		{name: "mutation batch mixed statuses", method: "POST", target: "/trpc/echo,lockers.reserve?batch=1", header: jsonCT, body: `{"0":{"message":"x"}}`, status: 207,
			want: `[{"result":{"data":{"message":"x"}}},{"error":{"message":"no free lockers","code":-32009,"data":{"code":"CONFLICT","httpStatus":409,"path":"lockers.reserve","appCode":"LOCKERS_NOT_AVAILABLE"}}}]`},
		{name: "batch with equal error statuses", method: "GET", target: "/trpc/me,me?batch=1", status: 401,
			want: `[{"error":{"message":"sign-in required","code":-32001,"data":{"code":"UNAUTHORIZED","httpStatus":401,"path":"me","appCode":"UNAUTHORIZED"}}},{"error":{"message":"sign-in required","code":-32001,"data":{"code":"UNAUTHORIZED","httpStatus":401,"path":"me","appCode":"UNAUTHORIZED"}}}]`},
		{name: "batch too large", method: "GET", target: "/trpc/ping,ping,ping,ping,ping?batch=1", status: 400,
			want: `{"error":{"message":"Batch of 5 calls exceeds the maximum of 4","code":-32600,"data":{"code":"BAD_REQUEST","httpStatus":400,"appCode":"BAD_INPUT"}}}`},
		{name: "batch input not an object", method: "GET", target: "/trpc/ping?batch=1&input=" + q(`[1]`), status: 400,
			want: `{"error":{"message":"\"input\" needs to be an object when doing a batch call","code":-32600,"data":{"code":"BAD_REQUEST","httpStatus":400,"appCode":"BAD_INPUT"}}}`},
		{name: "comma path without batch is one unknown path", method: "GET", target: "/trpc/ping,ping", status: 404,
			want: `{"error":{"message":"No procedure found on path \"ping,ping\"","code":-32004,"data":{"code":"NOT_FOUND","httpStatus":404,"path":"ping,ping","appCode":"GENERAL_ERROR"}}}`},
		// §9.4 content type and malformed JSON.
		{name: "wrong content type", method: "POST", target: "/trpc/echo", header: map[string]string{"Content-Type": "application/x-www-form-urlencoded"}, body: "message=x", status: 415,
			want: `{"error":{"message":"Unsupported content-type \"application/x-www-form-urlencoded\"","code":-32015,"data":{"code":"UNSUPPORTED_MEDIA_TYPE","httpStatus":415,"appCode":"BAD_INPUT"}}}`},
		{name: "missing content type", method: "POST", target: "/trpc/nothing", status: 415,
			want: `{"error":{"message":"Unsupported content-type \"\"","code":-32015,"data":{"code":"UNSUPPORTED_MEDIA_TYPE","httpStatus":415,"appCode":"BAD_INPUT"}}}`},
		{name: "malformed JSON body", method: "POST", target: "/trpc/echo", header: jsonCT, body: `{message`, status: 400,
			want: `{"error":{"message":"malformed JSON input","code":-32600,"data":{"code":"BAD_REQUEST","httpStatus":400,"path":"echo","appCode":"BAD_INPUT"}}}`},
		{name: "malformed JSON batch", method: "POST", target: "/trpc/echo?batch=1", header: jsonCT, body: `{"0":`, status: 400,
			want: `{"error":{"message":"malformed JSON input","code":-32600,"data":{"code":"BAD_REQUEST","httpStatus":400,"appCode":"BAD_INPUT"}}}`},
		{name: "malformed query input", method: "GET", target: "/trpc/greeting.hello?input=%7Bname", status: 400,
			want: `{"error":{"message":"malformed JSON input","code":-32600,"data":{"code":"BAD_REQUEST","httpStatus":400,"path":"greeting.hello","appCode":"BAD_INPUT"}}}`},
		{name: "bad percent escape", method: "GET", target: "/trpc/ping?input=%zz", status: 400,
			want: `{"error":{"message":"malformed input parameter","code":-32600,"data":{"code":"BAD_REQUEST","httpStatus":400,"appCode":"BAD_INPUT"}}}`},
		{name: "unknown field", method: "POST", target: "/trpc/echo", header: jsonCT, body: `{"message":"x","extra":1}`, status: 400,
			want: `{"error":{"message":"unknown field extra","code":-32600,"data":{"code":"BAD_REQUEST","httpStatus":400,"path":"echo","appCode":"BAD_INPUT","field":"extra"}}}`},
		{name: "wrong field type", method: "POST", target: "/trpc/echo", header: jsonCT, body: `{"message":5}`, status: 400,
			want: `{"error":{"message":"field message has the wrong type","code":-32600,"data":{"code":"BAD_REQUEST","httpStatus":400,"path":"echo","appCode":"BAD_INPUT","field":"message"}}}`},
		{name: "trailing data", method: "POST", target: "/trpc/echo", header: jsonCT, body: `{"message":"x"} {}`, status: 400,
			want: `{"error":{"message":"malformed JSON input","code":-32600,"data":{"code":"BAD_REQUEST","httpStatus":400,"path":"echo","appCode":"BAD_INPUT"}}}`},
		{name: "input to a void procedure", method: "GET", target: "/trpc/ping?input=" + q(`{"x":1}`), status: 400,
			want: `{"error":{"message":"unknown field x","code":-32600,"data":{"code":"BAD_REQUEST","httpStatus":400,"path":"ping","appCode":"BAD_INPUT","field":"x"}}}`},
		{name: "null input to a void procedure", method: "GET", target: "/trpc/ping?input=null", status: 200,
			want: `{"result":{"data":"pong"}}`},
		// Validate.
		{name: "validate rejects missing input", method: "POST", target: "/trpc/echo", header: jsonCT, status: 400,
			want: `{"error":{"message":"message is required","code":-32600,"data":{"code":"BAD_REQUEST","httpStatus":400,"path":"echo","appCode":"MISSING_PARAMS","field":"message"}}}`},
		{name: "validate on pointer receiver", method: "GET", target: "/trpc/count?input=" + q(`{"n":-1}`), status: 400,
			want: `{"error":{"message":"n must not be negative","code":-32600,"data":{"code":"BAD_REQUEST","httpStatus":400,"path":"count","appCode":"BAD_INPUT","field":"n"}}}`},
		{name: "validate passes", method: "GET", target: "/trpc/count?input=" + q(`{"n":3}`), status: 200,
			want: `{"result":{"data":3}}`},
		// §9.5 unknown path, mixed types, wrong method.
		{name: "unknown procedure", method: "GET", target: "/trpc/does.not.exist", status: 404,
			want: `{"error":{"message":"No procedure found on path \"does.not.exist\"","code":-32004,"data":{"code":"NOT_FOUND","httpStatus":404,"path":"does.not.exist","appCode":"GENERAL_ERROR"}}}`},
		{name: "unknown item in batch", method: "GET", target: "/trpc/ping,nope?batch=1", status: 207,
			want: `[{"result":{"data":"pong"}},{"error":{"message":"No procedure found on path \"nope\"","code":-32004,"data":{"code":"NOT_FOUND","httpStatus":404,"path":"nope","appCode":"GENERAL_ERROR"}}}]`},
		{name: "mixed query and mutation", method: "GET", target: "/trpc/ping,echo?batch=1", status: 400,
			want: `{"error":{"message":"Cannot mix procedure types in call: query, mutation","code":-32600,"data":{"code":"BAD_REQUEST","httpStatus":400,"appCode":"BAD_INPUT"}}}`},
		{name: "GET to a mutation", method: "GET", target: "/trpc/echo", status: 405, headers: map[string]string{"Allow": "POST"},
			want: `{"error":{"message":"Unsupported GET-request to mutation procedure at path \"echo\"","code":-32005,"data":{"code":"METHOD_NOT_SUPPORTED","httpStatus":405,"path":"echo","appCode":"GENERAL_ERROR"}}}`},
		{name: "POST to a query", method: "POST", target: "/trpc/ping", header: jsonCT, status: 405, headers: map[string]string{"Allow": "GET"},
			want: `{"error":{"message":"Unsupported POST-request to query procedure at path \"ping\"","code":-32005,"data":{"code":"METHOD_NOT_SUPPORTED","httpStatus":405,"path":"ping","appCode":"GENERAL_ERROR"}}}`},
		{name: "unsupported method", method: "PUT", target: "/trpc/ping", status: 405, headers: map[string]string{"Allow": "GET, POST, HEAD, OPTIONS"},
			want: `{"error":{"message":"Unsupported PUT-request","code":-32005,"data":{"code":"METHOD_NOT_SUPPORTED","httpStatus":405,"appCode":"GENERAL_ERROR"}}}`},
		// §9.6 access rules, context once per request.
		{name: "user procedure signed out", method: "GET", target: "/trpc/me", status: 401,
			want: `{"error":{"message":"sign-in required","code":-32001,"data":{"code":"UNAUTHORIZED","httpStatus":401,"path":"me","appCode":"UNAUTHORIZED"}}}`},
		{name: "user procedure signed in", method: "GET", target: "/trpc/me", header: map[string]string{"Authorization": "Bearer user"}, status: 200,
			want: `{"result":{"data":"u1"}}`},
		{name: "admin procedure signed out", method: "GET", target: "/trpc/admin.stats", status: 401,
			want: `{"error":{"message":"sign-in required","code":-32001,"data":{"code":"UNAUTHORIZED","httpStatus":401,"path":"admin.stats","appCode":"UNAUTHORIZED"}}}`},
		{name: "admin procedure as non-admin", method: "GET", target: "/trpc/admin.stats", header: map[string]string{"Authorization": "Bearer user"}, status: 403,
			want: `{"error":{"message":"administrator role required","code":-32003,"data":{"code":"FORBIDDEN","httpStatus":403,"path":"admin.stats","appCode":"UNAUTHORIZED"}}}`},
		{name: "admin procedure as admin", method: "GET", target: "/trpc/admin.stats", header: map[string]string{"Authorization": "Bearer admin"}, status: 200,
			want: `{"result":{"data":7}}`},
		{name: "context error answers the request", method: "GET", target: "/trpc/ping,me?batch=1", header: map[string]string{"Authorization": "Bearer bad"}, status: 401,
			want: `{"error":{"message":"bad token","code":-32001,"data":{"code":"UNAUTHORIZED","httpStatus":401,"appCode":"UNAUTHORIZED"}}}`},
		// §9.7 internal errors and panics stay generic.
		{name: "internal error", method: "GET", target: "/trpc/boom", status: 500,
			want: `{"error":{"message":"Internal server error","code":-32603,"data":{"code":"INTERNAL_SERVER_ERROR","httpStatus":500,"path":"boom","appCode":"GENERAL_ERROR"}}}`},
		{name: "panic", method: "GET", target: "/trpc/panic", status: 500,
			want: `{"error":{"message":"Internal server error","code":-32603,"data":{"code":"INTERNAL_SERVER_ERROR","httpStatus":500,"path":"panic","appCode":"GENERAL_ERROR"}}}`},
		{name: "panic in a batch", method: "GET", target: "/trpc/ping,panic,ping?batch=1", status: 207,
			want: `[{"result":{"data":"pong"}},{"error":{"message":"Internal server error","code":-32603,"data":{"code":"INTERNAL_SERVER_ERROR","httpStatus":500,"path":"panic","appCode":"GENERAL_ERROR"}}},{"result":{"data":"pong"}}]`},
		// Body limit.
		{name: "body over the limit", method: "POST", target: "/trpc/echo", header: jsonCT, body: `{"message":"` + strings.Repeat("x", 300) + `"}`, status: 413,
			want: `{"error":{"message":"Request body exceeds 256 bytes","code":-32013,"data":{"code":"PAYLOAD_TOO_LARGE","httpStatus":413,"appCode":"BAD_INPUT"}}}`},
	}
	h := newTestHandler(t, nil, nil)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rr := do(h, tc.method, tc.target, tc.header, tc.body)
			check(t, rr, tc)
		})
	}
}

func do(h http.Handler, method, target string, header map[string]string, body string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, target, strings.NewReader(body))
	for k, v := range header {
		req.Header.Set(k, v)
	}
	rr := httptest.NewRecorder()
	h.ServeHTTP(rr, req)
	return rr
}

func check(t *testing.T, rr *httptest.ResponseRecorder, tc tcase) {
	t.Helper()
	if rr.Code != tc.status {
		t.Errorf("status = %d, want %d (body %s)", rr.Code, tc.status, rr.Body)
	}
	if got := rr.Body.String(); got != tc.want {
		t.Errorf("body =\n%s\nwant\n%s", got, tc.want)
	}
	for k, v := range tc.headers {
		if got := strings.Join(rr.Header().Values(k), ", "); got != v {
			t.Errorf("header %s = %q, want %q", k, got, v)
		}
	}
	if tc.want != "" && rr.Header().Get("Content-Type") != "application/json" {
		t.Errorf("content-type = %q", rr.Header().Get("Content-Type"))
	}
}
