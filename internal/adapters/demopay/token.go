package demopay

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"strings"
	"time"
)

// Page kinds.
const (
	pageSetup    = "setup"
	pageCheckout = "checkout"
)

// pageLifetime bounds how long a hosted page can be used.
const pageLifetime = 24 * time.Hour

// page is what a hosted page needs to know; it travels in its URL as a signed
// token, so no page state is kept on the server.
type page struct {
	Kind        string `json:"k"`
	Ref         string `json:"r"`
	PaymentID   string `json:"p,omitempty"`
	MethodID    string `json:"m,omitempty"`
	Customer    string `json:"c,omitempty"`
	Amount      int64  `json:"a,omitempty"`
	Currency    string `json:"cu,omitempty"`
	Description string `json:"d,omitempty"`
	Lang        string `json:"l,omitempty"`
	Success     string `json:"s"`
	Cancel      string `json:"x"`
	Failure     string `json:"f"`
	Expires     int64  `json:"e"`
}

var errBadToken = errors.New("demopay: the page link is not valid")

// token signs pg with a key of its own, derived from the secret, so a page
// token can never pass for a notification signature.
func (p *Provider) token(pg page) (string, error) {
	pg.Expires = time.Now().Add(pageLifetime).Unix()
	body, err := json.Marshal(pg)
	if err != nil {
		return "", err
	}
	enc := base64.RawURLEncoding
	return enc.EncodeToString(body) + "." + enc.EncodeToString(p.pageMAC(body)), nil
}

// readToken verifies a page token and returns its page.
func (p *Provider) readToken(tok string) (page, error) {
	enc := base64.RawURLEncoding
	b64, mac64, ok := strings.Cut(tok, ".")
	body, err1 := enc.DecodeString(b64)
	mac, err2 := enc.DecodeString(mac64)
	if !ok || err1 != nil || err2 != nil || !hmac.Equal(mac, p.pageMAC(body)) {
		return page{}, errBadToken
	}
	var pg page
	if err := json.Unmarshal(body, &pg); err != nil || time.Now().Unix() > pg.Expires {
		return page{}, errBadToken
	}
	return pg, nil
}

func (p *Provider) pageMAC(body []byte) []byte {
	m := hmac.New(sha256.New, []byte("demopay page:"+p.secret))
	m.Write(body)
	return m.Sum(nil)
}
