package app

import (
	"net/http"
	"strings"
	"testing"
)

// /metrics on lockerd's own address: absent without METRICS_TOKEN (not the
// web app's page either), refused without its bearer, served with it.
func TestMetricsNeedTheToken(t *testing.T) {
	open := newServerWith(t, ServerOptions{Web: webFiles})
	if rec := get(t, open, "/metrics"); rec.Code != http.StatusNotFound || strings.Contains(rec.Body.String(), "lockerd_") {
		t.Fatalf("without a token: %d %.80s", rec.Code, rec.Body)
	}
	token := strings.Repeat("m", 40)
	srv := newServerWith(t, ServerOptions{Web: webFiles, MetricsToken: token})
	for name, header := range map[string][]string{
		"no token": nil, "wrong token": {"Authorization", "Bearer " + strings.Repeat("x", 40)},
		"a prefix": {"Authorization", "Bearer " + token[:39]},
	} {
		if rec := get(t, srv, "/metrics", header...); rec.Code != http.StatusUnauthorized || strings.Contains(rec.Body.String(), "lockerd_") {
			t.Errorf("%s: %d", name, rec.Code)
		}
	}
	rec := get(t, srv, "/metrics", "Authorization", "Bearer "+token)
	if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), "go_goroutines") {
		t.Fatalf("with the token: %d %.80s", rec.Code, rec.Body)
	}
	if rec := get(t, open.MetricsHandler(), "/metrics"); !strings.Contains(rec.Body.String(), "go_goroutines") {
		t.Fatal("the METRICS_ADDR handler serves no series")
	}
}
