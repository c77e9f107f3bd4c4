package spa

import (
	"crypto/sha256"
	"encoding/base64"
	"strings"
	"testing"
	"testing/fstest"
)

func TestIndexCSPAllowsExactlyThePagesInlineScripts(t *testing.T) {
	const showForm, boot = `(function(){ show(); })();`, `import("/assets/index-a1b2.js");`
	files := fstest.MapFS{
		"index.html": {Data: []byte(`<html><head><script type="module" src="/assets/x.js"></script></head>` +
			`<body><div id="root"></div><script>` + showForm + `</script>` + "\n<script>" + boot + `</script></body></html>`)},
		"assets/index-a1b2.js": {Data: []byte(`console.log(1)`)},
	}
	srv := newSite(files, "")

	hash := func(s string) string {
		sum := sha256.Sum256([]byte(s))
		return "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
	}
	for _, path := range []string{"/", "/login", "/orders/active"} {
		csp := get(t, srv, path).Header().Get("Content-Security-Policy")
		want := "script-src 'self' " + hash(showForm) + " " + hash(boot) + ";"
		if !strings.Contains(csp, want) {
			t.Errorf("%s: CSP %q lacks %q", path, csp, want)
		}
		if strings.Count(csp, "sha256-") != 2 {
			t.Errorf("%s: CSP allows other scripts too: %q", path, csp)
		}
	}
	// Files other than the page keep the policy without inline scripts.
	if csp := get(t, srv, "/assets/index-a1b2.js").Header().Get("Content-Security-Policy"); csp != documentCSP {
		t.Errorf("asset CSP = %q, want the plain document policy", csp)
	}
}

func TestIndexCSPWithoutInlineScriptsIsTheDocumentPolicy(t *testing.T) {
	if got := indexCSP([]byte(`<html><script src="/a.js"></script></html>`), documentCSP); got != documentCSP {
		t.Fatalf("indexCSP = %q", got)
	}
}
