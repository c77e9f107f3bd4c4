package app

import (
	"testing"

	"lockers/internal/app/spa"
	"lockers/internal/config"
)

func TestHSTSWhenPublicURLIsHTTPS(t *testing.T) {
	for url, want := range map[string]bool{
		"https://lockers.example.com": true,
		"HTTPS://lockers.example.com": true,
		"http://127.0.0.1:8080":       false,
		"http://lockers.example.com":  false,
	} {
		if got := hstsFor(config.Config{PublicURL: url}); got != want {
			t.Errorf("PUBLIC_URL %s: HSTS %v, want %v", url, got, want)
		}
	}
}

// Every answer carries HSTS when it is on (the web app, the API, the probes,
// downloads) and none does when it is off.
func TestHSTSOnEveryAnswer(t *testing.T) {
	paths := []string{"/", "/healthz", "/c-core/trpc/hybrid/system.info", "/assets/index-a1b2.js", "/no/such/page"}
	on := newServerWith(t, ServerOptions{Web: webFiles, HSTS: true})
	off := newServerWith(t, ServerOptions{Web: webFiles})
	for _, path := range paths {
		if got := get(t, on, path).Header().Get("Strict-Transport-Security"); got != spa.HSTS {
			t.Errorf("%s with HSTS: %q, want %q", path, got, spa.HSTS)
		}
		if got := get(t, off, path).Header().Get("Strict-Transport-Security"); got != "" {
			t.Errorf("%s without HSTS: %q", path, got)
		}
	}
}
