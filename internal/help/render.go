package help

import (
	"bytes"
	"regexp"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
)

// md renders Markdown to HTML. It is goldmark WITHOUT html.WithUnsafe: raw HTML
// in a body (a <script>, an <img onerror=...>) is replaced by a comment, and
// links or images with a javascript:, vbscript:, file: or data: (non-image)
// address lose it. Attribute syntax ({onclick=...}) is a parser option we do
// not enable. So whatever an operator or a file writes, the page gets only the
// tags Markdown itself makes (docs/decisions/054-help-centre.md).
var md = goldmark.New(goldmark.WithExtensions(extension.Table, extension.Strikethrough))

// RenderHTML returns body as safe HTML.
func RenderHTML(body string) string {
	var b bytes.Buffer
	if err := md.Convert([]byte(body), &b); err != nil {
		// goldmark fails only on a failing writer; a bytes.Buffer never does.
		return ""
	}
	return b.String()
}

var (
	mdLink   = regexp.MustCompile(`!?\[([^\]]*)\]\([^)]*\)`)
	mdTag    = regexp.MustCompile(`<[^>]*>`)
	mdMarks  = regexp.MustCompile("(?m)^\\s{0,3}(#{1,6}|>|[-*+]|\\d+\\.)\\s+|[*_`~|]")
	mdBlanks = regexp.MustCompile(`\s+`)
)

// PlainText is body with the Markdown marks taken out (link texts kept, addresses
// and tags dropped): what search matches against and snippets are cut from.
func PlainText(body string) string {
	s := mdLink.ReplaceAllString(body, "$1")
	s = mdTag.ReplaceAllString(s, " ")
	s = mdMarks.ReplaceAllString(s, "")
	return strings.TrimSpace(mdBlanks.ReplaceAllString(s, " "))
}

// Fold is how text is compared in search: plain text in lower case (Unicode-aware,
// so Õ matches õ on SQLite too, whose LOWER and LIKE fold ASCII only).
func Fold(s string) string { return strings.ToLower(s) }

// Snippet returns about width runes of text around the first occurrence of any
// term (folded) or its Estonian stem (as search matches them), with an ellipsis
// where it was cut; the start when none occurs.
func Snippet(text string, terms []string, width int) string {
	runes := []rune(text)
	if len(runes) <= width {
		return text
	}
	folded := []rune(Fold(text))
	at := -1
	for _, term := range terms {
		for _, t := range []string{term, StemEstonian(term)} {
			if i := runeIndex(folded, []rune(t)); i >= 0 && (at < 0 || i < at) {
				at = i
			}
		}
	}
	start := 0
	if at > width/3 {
		start = at - width/3
	}
	end := min(start+width, len(runes))
	if end-start < width {
		start = max(0, end-width)
	}
	// Cut at spaces, not inside words, when one is near.
	if start > 0 {
		if i := runeIndex(runes[start:min(start+20, end)], []rune(" ")); i >= 0 {
			start += i + 1
		}
	}
	if end < len(runes) {
		for i := end - 1; i > end-20 && i > start; i-- {
			if runes[i] == ' ' {
				end = i
				break
			}
		}
	}
	out := strings.TrimSpace(string(runes[start:end]))
	if start > 0 {
		out = "…" + out
	}
	if end < len(runes) {
		out += "…"
	}
	return out
}

func runeIndex(s, sub []rune) int {
	if len(sub) == 0 {
		return -1
	}
outer:
	for i := 0; i+len(sub) <= len(s); i++ {
		for j := range sub {
			if s[i+j] != sub[j] {
				continue outer
			}
		}
		return i
	}
	return -1
}
