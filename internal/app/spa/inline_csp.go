package spa

import (
	"crypto/sha256"
	"encoding/base64"
	"regexp"
	"strings"
)

// inlineScript matches a <script> element without a src attribute and captures
// its text exactly as the browser hashes it.
var inlineScript = regexp.MustCompile(`(?s)<script(\s[^>]*)?>(.*?)</script>`)

// indexCSP is the document policy for index.html: the same as every document's (documentCSP),
// with the page's own inline scripts allowed by their SHA-256 hashes. The web
// build writes one (web/src/boot/first-screen.ts): it shows the prerendered
// sign-in or the app shell, then starts the app after the first paint. Any other
// inline script, injected or not, stays blocked.
func indexCSP(index []byte, documentCSP string) string {
	var hashes []string
	for _, m := range inlineScript.FindAllSubmatch(index, -1) {
		if strings.Contains(string(m[1]), "src=") {
			continue
		}
		sum := sha256.Sum256(m[2])
		hashes = append(hashes, "'sha256-"+base64.StdEncoding.EncodeToString(sum[:])+"'")
	}
	if len(hashes) == 0 {
		return documentCSP
	}
	return strings.Replace(documentCSP, "script-src 'self'", "script-src 'self' "+strings.Join(hashes, " "), 1)
}
