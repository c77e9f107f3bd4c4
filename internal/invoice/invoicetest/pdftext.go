package invoicetest

import (
	"bytes"
	"os"
	"os/exec"
	"regexp"
	"testing"
)

var spaces = regexp.MustCompile(` {2,}`)

// PDFText extracts a PDF's text with pdftotext (poppler-utils), keeping the
// layout and then folding runs of spaces. Without pdftotext the test is skipped
// on a developer's machine and fails under CI (CI set), where .ci/run installs it.
func PDFText(tb testing.TB, pdf []byte) string {
	tb.Helper()
	bin, err := exec.LookPath("pdftotext")
	if err != nil {
		if os.Getenv("CI") != "" {
			tb.Fatal("pdftotext is missing: install poppler-utils (.ci/run does)")
		}
		tb.Skip("pdftotext is missing (apt-get install poppler-utils)")
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
