package rpc

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"lockers/internal/apperr"
)

// Internal faults and panics are logged with their detail and the request id,
// and never reach the client.
func TestFaultsAreLoggedNotLeaked(t *testing.T) {
	for _, path := range []string{"boom", "panic"} {
		t.Run(path, func(t *testing.T) {
			logs := new(bytes.Buffer)
			h := newTestHandler(t, logs, nil)
			req := httptest.NewRequest("GET", "/trpc/"+path, nil)
			req = req.WithContext(WithRequestID(req.Context(), "req-42"))
			rr := httptest.NewRecorder()
			h.ServeHTTP(rr, req)
			if rr.Code != http.StatusInternalServerError {
				t.Fatalf("status %d", rr.Code)
			}
			if strings.Contains(rr.Body.String(), "secret") || strings.Contains(rr.Body.String(), "goroutine") {
				t.Fatalf("response leaks detail: %s", rr.Body)
			}
			var rec map[string]any
			if err := json.Unmarshal(logs.Bytes(), &rec); err != nil {
				t.Fatalf("log %q: %v", logs, err)
			}
			if rec["level"] != "ERROR" || rec["request_id"] != "req-42" || rec["path"] != path {
				t.Errorf("log record %v", rec)
			}
			if !strings.Contains(logs.String(), "secret") {
				t.Errorf("log lacks the real error: %s", logs)
			}
		})
	}
}

func TestEveryCatalogueCodeTravels(t *testing.T) {
	for _, e := range apperr.Catalogue {
		key, w := wire(e.TRPC)
		if key != e.TRPC {
			t.Errorf("%s: tRPC code %s has no wire form", e.Code, e.TRPC)
		}
		if w.status < 400 || w.rpc >= 0 {
			t.Errorf("%s: wire %+v", e.Code, w)
		}
	}
}

func TestAppErrorOverridesTRPCCodeAndEmptyMessage(t *testing.T) {
	h := &handler{}
	got := h.toWire(context.Background(), "p", &apperr.Error{Code: apperr.NotVerified, TRPC: apperr.Conflict})
	if got.key != apperr.Conflict || got.status != 409 || got.message != "NOT_VERIFIED" || got.appCode != apperr.NotVerified {
		t.Fatalf("%+v", got)
	}
}

func TestUnencodableOutputIsInternal(t *testing.T) {
	logs := new(bytes.Buffer)
	procs := []Procedure{Query("chan", Public, func(context.Context, Void) (chan int, error) { return make(chan int), nil })}
	h, err := NewHandler(procs, Options{Logger: newJSONLogger(logs)})
	if err != nil {
		t.Fatal(err)
	}
	rr := do(h, "GET", "/chan", nil, "")
	want := `{"error":{"message":"Internal server error","code":-32603,"data":{"code":"INTERNAL_SERVER_ERROR","httpStatus":500,"path":"chan","appCode":"GENERAL_ERROR"}}}`
	if rr.Code != 500 || rr.Body.String() != want {
		t.Fatalf("%d %s", rr.Code, rr.Body)
	}
	if !strings.Contains(logs.String(), "unsupported type") {
		t.Errorf("log: %s", logs)
	}
}

func TestAppendStringMatchesEncodingJSON(t *testing.T) {
	for _, s := range []string{"", "plain", `quote " back \ slash`, "ctl \x00\x01\x1f\n\r\t", "ünïcødé €", "bad \xff utf8", "sep \u2028\u2029", "<html>&"} {
		var b bytes.Buffer
		appendString(&b, s)
		var back string
		if err := json.Unmarshal(b.Bytes(), &back); err != nil {
			t.Fatalf("%q → %s: %v", s, b.String(), err)
		}
		want, _ := json.Marshal(s)
		var wantBack string
		_ = json.Unmarshal(want, &wantBack)
		if back != wantBack {
			t.Errorf("%q round-trips to %q, want %q", s, back, wantBack)
		}
	}
}

// A form refused for several fields names them all in error.data.fields (and the
// first in error.data.field), so the form can flag every one at once.
func TestEveryRefusedFieldTravels(t *testing.T) {
	h := &handler{}
	got := h.toWire(context.Background(), "p", apperr.Fields(apperr.BadInput, []string{"name", "city"}, "invalid fields: name, city"))
	b := new(bytes.Buffer)
	appendError(b, got, "p", false)
	want := `{"error":{"message":"invalid fields: name, city","code":-32600,"data":{"code":"BAD_REQUEST","httpStatus":400,"appCode":"BAD_INPUT","field":"name","fields":["name","city"]}}}`
	if b.String() != want {
		t.Fatalf("wire\n got %s\nwant %s", b, want)
	}
}
