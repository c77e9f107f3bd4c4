package account

import (
	"strings"
	"testing"

	"lockers/internal/apperr"
)

func TestNeedsUpdate(t *testing.T) {
	cases := []struct {
		app, min string
		want     bool
	}{
		{"5.3.0", "5.3.0", false},
		{"5.3.1", "5.3.0", false},
		{"5.2.9", "5.3.0", true},
		{"v5.10", "5.9.0", false},
		{"5.3.0-beta.2", "5.3.0", true}, // a pre-release comes before its release
		{"5.3.0-beta.10", "5.3.0-beta.2", false},
		{"5.3.0-rc.1", "5.3.0-beta.9", false},
		{"5.3.0+build.7", "5.3.0", false},
		{"", "5.3.0", true},
		{"five", "5.3.0", true},
		{"5.3.0", "not a version", false}, // a bad minimum never forces updates
	}
	for _, c := range cases {
		if got := NeedsUpdate(c.app, c.min); got != c.want {
			t.Errorf("NeedsUpdate(%q, %q) = %v, want %v", c.app, c.min, got, c.want)
		}
	}
}

func TestNormalizeEmail(t *testing.T) {
	good := map[string]string{
		" Mari.Maasikas@Example.EE ": "mari.maasikas@example.ee",
		"a+tag@sub.example.com":      "a+tag@sub.example.com",
	}
	for in, want := range good {
		got, err := normalizeEmail(in)
		if err != nil || got != want {
			t.Errorf("normalizeEmail(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, in := range []string{"", "mari", "mari@localhost", "Mari <mari@example.ee>", "mari@example.ee.", "@example.ee",
		strings.Repeat("a", 250) + "@example.ee"} {
		if _, err := normalizeEmail(in); apperr.CodeOf(err) != apperr.EmailNotValid {
			t.Errorf("normalizeEmail(%q) accepted or wrong error: %v", in, err)
		}
	}
}

func TestNormalizePhone(t *testing.T) {
	for _, c := range []struct{ prefix, phone, e164 string }{
		{"+372", "5551234", "+3725551234"},
		{"372", "555 12-34", "+3725551234"},
		{"00372", "(555) 1234", "+3725551234"},
	} {
		p, n, e, err := normalizePhone(c.prefix, c.phone)
		if err != nil || e != c.e164 || p+n != e {
			t.Errorf("normalizePhone(%q, %q) = %q %q %q %v", c.prefix, c.phone, p, n, e, err)
		}
	}
	for _, c := range []struct {
		prefix, phone string
		code          apperr.Code
	}{
		{"", "5551234", apperr.PrefixNotValid},
		{"+0372", "5551234", apperr.PrefixNotValid},
		{"+37255", "5551234", apperr.PrefixNotValid},
		{"+372", "555", apperr.PhoneNotValid},
		{"+372", "5551234x", apperr.PhoneNotValid},
		{"+372", "555123456789012", apperr.PhoneNotValid}, // more than 15 digits in all
	} {
		if _, _, _, err := normalizePhone(c.prefix, c.phone); apperr.CodeOf(err) != c.code {
			t.Errorf("normalizePhone(%q, %q): %v, want %s", c.prefix, c.phone, err, c.code)
		}
	}
}

func TestPasswordHashes(t *testing.T) {
	p := PasswordParams{Memory: 64, Time: 1, Threads: 1, KeyLen: 32, SaltLen: 16}
	h := hashPassword("õun-ja-päike", p)
	if !strings.HasPrefix(h, "$argon2id$v=19$m=64,t=1,p=1$") {
		t.Fatalf("hash %q is not an argon2id PHC string", h)
	}
	if h == hashPassword("õun-ja-päike", p) {
		t.Fatal("two hashes of one password are equal: no salt")
	}
	for pw, want := range map[string]bool{"õun-ja-päike": true, "oun-ja-paike": false, "": false} {
		ok, err := checkPassword(pw, h)
		if err != nil || ok != want {
			t.Errorf("checkPassword(%q) = %v, %v; want %v", pw, ok, err, want)
		}
	}
	for _, bad := range []string{"", "plain", "$argon2i$v=19$m=64,t=1,p=1$c2FsdA$a2V5", "$argon2id$v=19$m=0,t=1,p=1$c2FsdA$a2V5",
		"$argon2id$v=18$m=64,t=1,p=1$c2FsdA$a2V5", "$argon2id$v=19$m=64,t=1,p=1$!!$a2V5"} {
		if _, err := checkPassword("x", bad); err == nil {
			t.Errorf("malformed hash %q accepted", bad)
		}
	}
	if err := checkNewPassword("12345", "12345"); apperr.CodeOf(err) != apperr.PasswordTooShort {
		t.Errorf("5 characters: %v", err)
	}
	if err := checkNewPassword("õõõõõõ", "õõõõõõ"); err != nil { // characters, not bytes
		t.Errorf("6 characters: %v", err)
	}
	if err := checkNewPassword(strings.Repeat("a", 19), strings.Repeat("a", 19)); apperr.CodeOf(err) != apperr.PasswordTooShort {
		t.Errorf("19 characters: %v", err)
	}
}

func TestCodesAndTokens(t *testing.T) {
	seen := map[string]bool{}
	for range 50 {
		c := newCode()
		if len(c) != 6 || !allDigits(c) {
			t.Fatalf("code %q", c)
		}
		seen[c] = true
	}
	if len(seen) < 45 {
		t.Fatalf("only %d distinct codes of 50", len(seen))
	}
	if codeHash("a", "123456") == codeHash("b", "123456") {
		t.Fatal("a code hash is not bound to its verification")
	}
	tok := newToken()
	if len(tok) != 43 || tok == newToken() || len(tokenHash(tok)) != 64 {
		t.Fatalf("token %q", tok)
	}
}

func TestCodeMessagesInBothLanguages(t *testing.T) {
	for _, lang := range []Language{English, Estonian} {
		for _, p := range []Purpose{PurposeRegister, PurposeReset} {
			m := buildCodeMail(lang, p, "042317", 15)
			if !strings.Contains(m.Text, "042317") || !strings.Contains(m.HTML, "042317") || m.Subject == "" ||
				!strings.Contains(m.HTML, `lang="`+string(lang)+`"`) {
				t.Errorf("%s %s mail: %+v", lang, p, m)
			}
		}
		if s := buildCodeSMS(lang, "042317", 15); !strings.Contains(s, "042317") || !strings.Contains(s, "15") {
			t.Errorf("%s SMS %q", lang, s)
		}
	}
	if buildCodeMail(Estonian, PurposeReset, "1", 15).Subject == buildCodeMail(English, PurposeReset, "1", 15).Subject {
		t.Error("the Estonian subject is the English one")
	}
}
