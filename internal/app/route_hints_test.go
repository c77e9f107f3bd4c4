package app

import (
	"strings"
	"testing"
	"testing/fstest"
)

func TestDeepLinksHintTheirRouteChunks(t *testing.T) {
	routes := `[
		{"path":"/","files":["assets/HomePage-1.js","assets/app-layout-1.js"]},
		{"path":"/login","files":["assets/LoginPage-1.js","assets/plain-layout-1.js"]},
		{"path":"/order/:orderUuid/:orderLockerUuid","files":["assets/OrderLockerPage-1.js"]},
		{"path":"/order/history/:orderUuid/:orderLockerUuid","files":["assets/OrderHistoryPage-1.js"]},
		{"path":"/orders","files":[]},
		{"path":"*","files":["assets/NotFoundPage-1.js"]}
	]`
	srv := newServerWith(t, ServerOptions{Web: fstest.MapFS{
		"index.html":        {Data: []byte(`<html><head><title>Lockers</title></head><body></body></html>`)},
		"route-chunks.json": {Data: []byte(routes)},
	}})
	cases := []struct{ path, want string }{
		{"/", "/assets/HomePage-1.js /assets/app-layout-1.js"},
		{"/login", "/assets/LoginPage-1.js /assets/plain-layout-1.js"},
		{"/login?source=qr", "/assets/LoginPage-1.js /assets/plain-layout-1.js"},
		{"/order/0b1e/77aa", "/assets/OrderLockerPage-1.js"},
		{"/order/history/0b1e/77aa", "/assets/OrderHistoryPage-1.js"}, // static "history" outranks :orderUuid
		{"/no/such/page", "/assets/NotFoundPage-1.js"},
	}
	for _, c := range cases {
		body := get(t, srv, c.path).Body.String()
		if !strings.Contains(body, `<meta name="lockers-preload" content="`+c.want+`">`) {
			t.Errorf("%s: no hint for %s in %s", c.path, c.want, body)
		}
		if pages := strings.Count(body, "Page-1.js"); pages != 1 {
			t.Errorf("%s: hints %d pages, want only %s", c.path, pages, c.want)
		}
		if !strings.HasSuffix(strings.TrimSpace(body), "</html>") || !strings.Contains(body, "</head>") {
			t.Errorf("%s: page broken: %s", c.path, body)
		}
	}
	// A signed-in route has no hints (the client knows whether it will go to
	// /login), and the catch-all does not claim its path.
	if body := get(t, srv, "/orders").Body.String(); strings.Contains(body, "lockers-preload") {
		t.Errorf("/orders carries hints: %s", body)
	}
	// /index.html itself is the plain page.
	if body := get(t, srv, "/index.html").Body.String(); strings.Contains(body, "lockers-preload") {
		t.Errorf("/index.html carries route hints: %s", body)
	}
}

func TestWithoutRouteChunksTheIndexIsServedAsBuilt(t *testing.T) {
	if body := get(t, newTestServer(t, nil, ""), "/orders").Body.String(); strings.Contains(body, "lockers-preload") {
		t.Errorf("hints without route-chunks.json: %s", body)
	}
}
