package rpc

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"lockers/internal/identity"
)

type benchInfo struct {
	AppVersion    string   `json:"appVersion"`
	MinAppVersion string   `json:"minAppVersion"`
	Languages     []string `json:"languages"`
}

// BenchmarkHandler measures the handler alone on the three calls of the
// service benchmark: a trivial query, a batch of three queries and a small
// validated mutation, with a context hook and an Observe hook in place.
func BenchmarkHandler(b *testing.B) {
	info := benchInfo{AppVersion: "1.0.0", MinAppVersion: "1.0.0", Languages: []string{"en-US", "et"}}
	procs := []Procedure{
		Query("system.info", Public, func(context.Context, Void) (benchInfo, error) { return info, nil }),
		Mutation("system.echo", Public, func(_ context.Context, in echoIn) (echoIn, error) { return in, nil }),
	}
	h, err := NewHandler(procs, Options{
		Context: func(ctx context.Context, r *http.Request) (context.Context, error) {
			if r.Header.Get("Authorization") != "" {
				return identity.With(ctx, identity.Principal{UserID: "u"}), nil
			}
			return ctx, nil
		},
		Logger:  slog.New(slog.NewTextHandler(io.Discard, nil)),
		Observe: func(string, string, time.Duration) {},
	})
	if err != nil {
		b.Fatal(err)
	}
	cases := []struct {
		name, method, target, body string
	}{
		{"query", "GET", "/system.info", ""},
		{"batch3", "GET", "/system.info,system.info,system.info?batch=1&input=%7B%7D", ""},
		{"mutation", "POST", "/system.echo", `{"message":"hello"}`},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			body := strings.NewReader(c.body)
			req := httptest.NewRequest(c.method, c.target, body)
			if c.method == "POST" {
				req.Header.Set("Content-Type", "application/json")
			}
			w := &discardWriter{h: http.Header{}}
			b.ReportAllocs()
			for b.Loop() {
				body.Reset(c.body)
				clear(w.h)
				h.ServeHTTP(w, req)
				if w.status != http.StatusOK {
					b.Fatalf("status %d", w.status)
				}
			}
		})
	}
}

// discardWriter is a ResponseWriter that keeps nothing, so the benchmark counts
// the handler's own work rather than a recorder's.
type discardWriter struct {
	h      http.Header
	status int
}

func (w *discardWriter) Header() http.Header         { return w.h }
func (w *discardWriter) WriteHeader(s int)           { w.status = s }
func (w *discardWriter) Write(p []byte) (int, error) { return len(p), nil }
