package invoicetest

import (
	"bytes"
	"os/exec"
	"regexp"
	"testing"
)

var spaces = regexp.MustCompile(` {2,}`)

// PDFText extracts a PDF's text with pdftotext (poppler-utils), keeping the
// layout and then folding runs of spaces. pdftotext is a requirement of the run
// like chromium: without it the test fails and says how to install it (.ci/run does).
func PDFText(tb testing.TB, pdf []byte) string {
	tb.Helper()
	bin, err := exec.LookPath("pdftotext")
	if err != nil {
		tb.Fatal("pdftotext is missing: apt-get install poppler-utils (.ci/run does)")
	}
	cmd := exec.Command(bin, "-layout", "-enc", "UTF-8", "-", "-")
	cmd.Stdin = bytes.NewReader(pdf)
	var out, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &stderr
	if err := cmd.Run(); err != nil {
		tb.Fatalf("pdftotext: %v: %s", err, stderr.String())
	}
	return spaces.ReplaceAllString(out.String(), " ")
}
