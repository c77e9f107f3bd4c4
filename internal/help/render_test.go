package help

import (
	"strings"
	"testing"
)

// Whatever a body holds, the HTML carries no script, no event handler and no
// javascript: address.
func TestRenderHTMLDropsRawHTML(t *testing.T) {
	for _, body := range []string{
		"Hello <script>alert(1)</script> world",
		"<script>alert(1)</script>",
		"<img src=x onerror=alert(1)>",
		"<div onclick=\"alert(1)\">click</div>",
		"[click](javascript:alert(1))",
		"![x](javascript:alert(1))",
		"<a href=\"javascript:alert(1)\" onmouseover=alert(1)>x</a>",
		"## Title {onclick=alert(1)}",
		"<svg onload=alert(1)>",
		"<iframe src=\"https://evil.example\"></iframe>",
	} {
		out := strings.ToLower(RenderHTML(body))
		for _, bad := range []string{"<script", "onerror", "onclick", "onload", "onmouseover", "javascript:", "<iframe", "<svg", "<img src=\"x\""} {
			if strings.Contains(out, bad) && !strings.Contains(strings.ToLower(body), "{"+bad) {
				t.Errorf("RenderHTML(%q) = %q: contains %q", body, out, bad)
			}
		}
		if strings.Contains(body, "{onclick") && strings.Contains(out, " onclick=") {
			t.Errorf("attribute syntax became an attribute: %q", out)
		}
	}
}

func TestRenderHTMLKeepsMarkdown(t *testing.T) {
	out := RenderHTML("**bold** and [a link](/help/content/a/b)\n\n- one\n- two")
	for _, want := range []string{"<strong>bold</strong>", `<a href="/help/content/a/b">a link</a>`, "<li>one</li>"} {
		if !strings.Contains(out, want) {
			t.Errorf("RenderHTML: %q lacks %q", out, want)
		}
	}
}

func TestPlainTextAndSnippet(t *testing.T) {
	got := PlainText("# Head\n\n1. **Check** the [code](/x) `now`\n- item <b>x</b>")
	if got != "Head Check the code now item x" {
		t.Errorf("PlainText = %q", got)
	}
	text := strings.Repeat("a ", 200) + "Õnn door " + strings.Repeat("b ", 200)
	s := Snippet(text, []string{"õnn"}, 40)
	if !strings.Contains(s, "Õnn") || !strings.HasPrefix(s, "…") || !strings.HasSuffix(s, "…") {
		t.Errorf("Snippet = %q", s)
	}
	if Snippet("short", []string{"x"}, 40) != "short" {
		t.Error("a short text is its own snippet")
	}
}

func TestSnippetCutsAtWords(t *testing.T) {
	text := strings.Repeat("word ", 60) + "target " + strings.Repeat("more ", 60)
	s := Snippet(text, []string{"target"}, 60)
	inner := strings.TrimSuffix(strings.TrimPrefix(s, "…"), "…")
	for _, w := range strings.Fields(inner) {
		if w != "word" && w != "target" && w != "more" {
			t.Errorf("snippet %q has a cut word %q", s, w)
		}
	}
	if !strings.Contains(s, "target") {
		t.Errorf("snippet %q lost the match", s)
	}
}
