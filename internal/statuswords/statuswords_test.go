package statuswords

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

// TestSameWordsAsTheWebApp reads the web app's status table
// (web/src/locales/{en,et}/status.ts) and wants every word of it here, the
// same: a screen and a PDF or e-mail never word one state two ways.
func TestSameWordsAsTheWebApp(t *testing.T) {
	section := regexp.MustCompile(`(?m)^  (\w+): \{\n((?:    .*\n)+?)  \},`)
	entry := regexp.MustCompile(`(?m)^    '?([\w-]+)'?: '([^']*)',`)
	for _, lang := range []Language{English, Estonian} {
		src, err := os.ReadFile(filepath.Join("..", "..", "web", "src", "locales", string(lang), "status.ts"))
		if err != nil {
			t.Fatal(err)
		}
		seen := 0
		for _, s := range section.FindAllStringSubmatch(string(src), -1) {
			kind := Kind(s[1])
			if _, ours := words[English][kind]; !ours {
				continue // meanings: the screens' alone
			}
			web := map[string]string{}
			for _, e := range entry.FindAllStringSubmatch(s[2], -1) {
				web[e[1]] = e[2]
			}
			if len(web) != len(words[lang][kind]) {
				t.Errorf("%s %s: the web has %d words, the server %d", lang, kind, len(web), len(words[lang][kind]))
			}
			for state, w := range web {
				if got := Word(lang, kind, state); got != w {
					t.Errorf("%s %s.%s: server %q, web %q", lang, kind, state, got, w)
				}
			}
			seen++
		}
		if seen != 5 {
			t.Errorf("%s: read %d of the 5 tables from the web's status.ts", lang, seen)
		}
	}
}

func TestWord(t *testing.T) {
	if w := Word(Estonian, CreditNote, "paid"); w != "Tagastatud" {
		t.Errorf("et credit note paid: %q", w)
	}
	if w := Word("fr", Invoice, "paid"); w != "Paid" {
		t.Errorf("another language: %q", w)
	}
	if w := Word(English, Order, "no-such"); w != "no-such" {
		t.Errorf("an unknown state: %q", w)
	}
}
