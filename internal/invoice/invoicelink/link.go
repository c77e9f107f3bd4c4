// Package invoicelink makes and checks the short-lived signed links to invoice
// PDFs that invoice.get hands out: /invoices/{id}.pdf?exp=UNIX&sig=MAC. A link
// lets a browser tab or the native app's system browser download the PDF
// without the bearer header; it names one invoice and expires after TTL.
package invoicelink

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"net/url"
	"strconv"
	"time"
)

// TTL is how long a link works: long enough to tap it, short enough that a
// link copied out of a log or a shared screen is soon worthless.
const TTL = 10 * time.Minute

// MinSecretLen is the shortest secret accepted (bytes).
const MinSecretLen = 32

// Errors of Check. The HTTP layer answers both the same way.
var (
	ErrForged  = errors.New("invoicelink: bad signature")
	ErrExpired = errors.New("invoicelink: link expired")
)

// Signer signs and checks links with one secret.
type Signer struct {
	key []byte
	ttl time.Duration
	now func() time.Time
}

// New returns a Signer with secret (at least MinSecretLen bytes) or, when
// secret is empty, a random one: links then stop working when the process
// restarts, and several server processes need a shared INVOICE_LINK_SECRET.
// now may be nil (time.Now).
func New(secret []byte, now func() time.Time) (*Signer, error) {
	if len(secret) == 0 {
		secret = make([]byte, MinSecretLen)
		if _, err := rand.Read(secret); err != nil {
			return nil, err
		}
	}
	if len(secret) < MinSecretLen {
		return nil, errors.New("invoicelink: the secret must be at least 32 bytes")
	}
	if now == nil {
		now = time.Now
	}
	return &Signer{key: append([]byte(nil), secret...), ttl: TTL, now: now}, nil
}

// Path is the PDF's path, the route the HTTP server serves it at.
func Path(invoiceID string) string { return "/invoices/" + invoiceID + ".pdf" }

// Link returns the PDF's path with a signature valid for TTL from now.
func (s *Signer) Link(invoiceID string) string {
	exp := strconv.FormatInt(s.now().Add(s.ttl).Unix(), 10)
	q := url.Values{"exp": {exp}, "sig": {s.mac(invoiceID, exp)}}
	return Path(invoiceID) + "?" + q.Encode()
}

// Check verifies a link's exp and sig for the invoice.
func (s *Signer) Check(invoiceID, exp, sig string) error {
	want := s.mac(invoiceID, exp)
	if !hmac.Equal([]byte(sig), []byte(want)) {
		return ErrForged
	}
	unix, err := strconv.ParseInt(exp, 10, 64)
	if err != nil {
		return ErrForged // signed, yet not a number: cannot happen with our links
	}
	if !s.now().Before(time.Unix(unix, 0)) {
		return ErrExpired
	}
	return nil
}

// mac signs the purpose, the invoice and the expiry; the purpose keeps this
// signature from meaning anything to another use of the same secret.
func (s *Signer) mac(invoiceID, exp string) string {
	h := hmac.New(sha256.New, s.key)
	h.Write([]byte("invoice-pdf\x00" + invoiceID + "\x00" + exp))
	return base64.RawURLEncoding.EncodeToString(h.Sum(nil))
}
