package account

import (
	"fmt"
	"net/mail"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/google/uuid"

	"lockers/internal/apperr"
)

// The spec's user-facing messages (§5); the client translates by code.
const (
	msgEmailRequired   = "Email required"
	msgEmailNotValid   = "Not a valid email"
	msgPasswordLength  = "Password must be between 6 to 18 characters."
	msgPasswordsMatch  = "Passwords must match."
	msgFirstName       = "Firstname required"
	msgMustAcceptTerms = "Must Accept Terms"
	msgMissingNote     = "Missing Note"
)

// Password length bounds of spec §9, counted in characters.
const (
	minPassword = 6
	maxPassword = 18
)

// The longest values the account's own fields accept (issue 46): names and a
// deletion reason in characters, an e-mail address in bytes (RFC 5321's 254).
// The app states and enforces the same (web/src/lib/field-limits.ts; the
// test in internal/api compares the two).
const (
	MaxNameRunes   = 100
	MaxEmailBytes  = 254
	MaxReasonRunes = 1000
	MinPassword    = minPassword
	MaxPassword    = maxPassword
)

// normalizeEmail trims and lower-cases an address and checks it is a plain
// addr-spec (no display name) with a dotted domain, at most 254 bytes.
func normalizeEmail(raw string) (string, error) {
	s := strings.ToLower(strings.TrimSpace(raw))
	if s == "" {
		return "", apperr.Field(apperr.EmailNotValid, "email", msgEmailRequired)
	}
	a, err := mail.ParseAddress(s)
	at := strings.LastIndexByte(s, '@')
	if err != nil || a.Address != s || a.Name != "" || len(s) > MaxEmailBytes || at < 1 ||
		!strings.Contains(s[at+1:], ".") || strings.HasSuffix(s, ".") {
		return "", apperr.Field(apperr.EmailNotValid, "email", msgEmailNotValid)
	}
	return s, nil
}

// checkNewPassword applies the length rule and the repeat rule of spec §5.
func checkNewPassword(password, repeat string) error {
	if n := utf8.RuneCountInString(password); n < minPassword || n > maxPassword {
		return apperr.Field(apperr.PasswordTooShort, "password", msgPasswordLength)
	}
	if password != repeat {
		return apperr.Field(apperr.PasswordMismatch, "passwordRepeat", msgPasswordsMatch)
	}
	return nil
}

// cleanText trims a free-text field and rejects control characters and text
// longer than max characters.
func cleanText(field, s string, max int) (string, error) {
	s = strings.TrimSpace(s)
	if !utf8.ValidString(s) {
		return "", apperr.Field(apperr.BadInput, field, field+" is not valid text")
	}
	if utf8.RuneCountInString(s) > max {
		// Worded as the input gate's cap is, so the app says it in the user's language.
		return "", apperr.Field(apperr.BadInput, field, fmt.Sprintf("at most %d characters", max))
	}
	for _, r := range s {
		if unicode.IsControl(r) {
			return "", apperr.Field(apperr.BadInput, field, field+" contains control characters")
		}
	}
	return s, nil
}

// parseLanguage accepts "en", "en-US" and "et" (any case).
func parseLanguage(s string) (Language, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "en", "en-us":
		return English, nil
	case "et", "et-ee":
		return Estonian, nil
	}
	return "", apperr.Field(apperr.BadInput, "language", "language must be en or et")
}

// parseUUID checks a uuid field and returns its canonical lower-case form.
func parseUUID(field, s string) (string, error) {
	id, err := uuid.Parse(strings.TrimSpace(s))
	if err != nil {
		return "", apperr.Field(apperr.BadInput, field, field+" is not a valid uuid")
	}
	return id.String(), nil
}

// normalizePhone checks a prefix ("+372", "372" or "00372") and a national number
// (digits; spaces, dashes, dots and parentheses ignored) and returns the prefix as
// "+372", the digits, and the E.164 form. E.164 allows at most 15 digits.
func normalizePhone(prefix, phone string) (p, n, e164 string, err error) {
	p = strings.TrimSpace(prefix)
	p = strings.TrimPrefix(p, "+")
	p = strings.TrimPrefix(p, "00")
	if len(p) < 1 || len(p) > 4 || p[0] == '0' || !allDigits(p) {
		return "", "", "", apperr.Field(apperr.PrefixNotValid, "prefix", "Prefix not valid")
	}
	n = strings.Map(func(r rune) rune {
		switch r {
		case ' ', '-', '.', '(', ')', '\u00a0':
			return -1
		}
		return r
	}, phone)
	if len(n) < 4 || len(p)+len(n) > 15 || !allDigits(n) {
		return "", "", "", apperr.Field(apperr.PhoneNotValid, "phone", "Phone not valid")
	}
	return "+" + p, n, "+" + p + n, nil
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// checkCode accepts exactly six ASCII digits.
func checkCode(code string) (string, error) {
	code = strings.TrimSpace(code)
	if code == "" {
		return "", apperr.Field(apperr.MissingVerificationCode, "code", "Missing verification code")
	}
	if len(code) != 6 || !allDigits(code) {
		return "", apperr.Field(apperr.VerificationNotFound, "code", "Verification not found")
	}
	return code, nil
}
