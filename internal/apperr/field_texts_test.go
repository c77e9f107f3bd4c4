package apperr_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The web app shows the server's own message about a refused form field, in
// English and Estonian, by the message's words (web/src/lib/errors.ts
// serverMessageKey; issue 26). This test keeps the two in step: every message
// an apperr.Field call writes about a field a form shows has a text in both
// languages' errors.server.

// formFields are the input fields the web app's forms put server messages at.
var formFields = map[string]bool{
	"start": true, "end": true, "text": true, "category": true, "photo": true, "photoRef": true,
	"title": true, "body": true, "path": true, "note": true, "reason": true,
}

var (
	fieldCall = regexp.MustCompile(`apperr\.Field\(apperr\.\w+,\s*"(\w+)",\s*(?:fmt\.Sprintf\()?"([^"]*)"`)
	digits    = regexp.MustCompile(`\d+|%d`)
	nonWord   = regexp.MustCompile(`[^a-z0-9]+`)
)

// messageKey is serverMessageKey of web/src/lib/errors.ts: the words lower-cased
// and joined by "_", each number (a %d of a format) a parameter n, n2, ...
func messageKey(message string) string {
	i := 0
	s := digits.ReplaceAllStringFunc(strings.ToLower(strings.TrimSpace(message)), func(string) string {
		i++
		if i == 1 {
			return " n "
		}
		return " n" + string(rune('0'+i)) + " "
	})
	return strings.Trim(nonWord.ReplaceAllString(s, "_"), "_")
}

func TestMessageKeyIsTheWebAppsKey(t *testing.T) {
	for msg, want := range map[string]string{
		"a booking lasts at most 31 days":            "a_booking_lasts_at_most_n_days",
		"at most %d characters":                      "at_most_n_characters",
		"path is lower-case words joined by - and /": "path_is_lower_case_words_joined_by_and",
		"count must be 1 to %d":                      "count_must_be_n_to_n2",
		"Missing Note":                               "missing_note",
	} {
		if got := messageKey(msg); got != want {
			t.Errorf("messageKey(%q) = %q, want %q", msg, got, want)
		}
	}
}

func TestEveryFormFieldMessageHasItsTextInBothLanguages(t *testing.T) {
	root := filepath.Join("..", "..")
	wanted := map[string]string{} // key → a message with it
	err := filepath.WalkDir(filepath.Join(root, "internal"), func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, m := range fieldCall.FindAllStringSubmatch(string(b), -1) {
			if formFields[m[1]] {
				wanted[messageKey(m[2])] = m[2]
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if wanted["a_booking_lasts_at_most_n_days"] == "" {
		t.Fatal("the scan missed the 31-day rule: the pattern no longer matches apperr.Field calls")
	}
	for _, lang := range []string{"en", "et"} {
		b, err := os.ReadFile(filepath.Join(root, "web", "src", "locales", lang, "translation.ts"))
		if err != nil {
			t.Fatal(err)
		}
		text := string(b)
		start := strings.Index(text, "    server: {")
		if start < 0 {
			t.Fatalf("%s: no errors.server texts", lang)
		}
		block := text[start : start+strings.Index(text[start:], "\n    },")]
		for key, msg := range wanted {
			if !strings.Contains(block, "\n      "+key+": ") {
				t.Errorf("%s: no text errors.server.%s for the server's %q", lang, key, msg)
			}
		}
	}
}
