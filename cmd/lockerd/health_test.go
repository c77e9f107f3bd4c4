package main

import (
	"bytes"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// serveReady answers /readyz with status, on loopback, and returns its port.
func serveReady(t *testing.T, status int) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/readyz" {
			http.NotFound(w, r)
			return
		}
		w.WriteHeader(status)
	}))
	t.Cleanup(srv.Close)
	_, port, _ := net.SplitHostPort(srv.Listener.Addr().String())
	return port
}

func TestHealth(t *testing.T) {
	ready, failing := serveReady(t, http.StatusOK), serveReady(t, http.StatusServiceUnavailable)
	closed := func() string {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		defer l.Close()
		_, port, _ := net.SplitHostPort(l.Addr().String())
		return port
	}()
	for _, tc := range []struct {
		addr string
		want int
	}{
		{"127.0.0.1:" + ready, 0},
		{"0.0.0.0:" + ready, 0}, // the image listens on every address: asked on loopback
		{":" + ready, 0},
		{"127.0.0.1:" + failing, 1},
		{"127.0.0.1:" + closed, 1},
		{"no port", 1},
	} {
		t.Setenv("HTTP_ADDR", tc.addr)
		var out, errOut bytes.Buffer
		if code := run([]string{"health"}, &out, &errOut); code != tc.want {
			t.Errorf("HTTP_ADDR=%s: exit %d, want %d (%s%s)", tc.addr, code, tc.want, out.String(), errOut.String())
		}
		if tc.want == 1 && !strings.Contains(errOut.String(), "lockerd health") {
			t.Errorf("HTTP_ADDR=%s: failed without saying why: %q", tc.addr, errOut.String())
		}
	}
}
