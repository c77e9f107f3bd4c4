package invoicelink_test

import (
	"errors"
	"net/url"
	"strings"
	"testing"
	"time"

	"lockers/internal/invoice/invoicelink"
)

const id = "0190a1b2-0000-7000-8000-00000000000a"

var secret = []byte(strings.Repeat("k", invoicelink.MinSecretLen))

func TestLinksWorkForTheirInvoiceUntilTheyExpire(t *testing.T) {
	now := time.Date(2026, 6, 5, 9, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	s, err := invoicelink.New(secret, clock)
	if err != nil {
		t.Fatal(err)
	}
	link, err := url.Parse(s.Link(id))
	if err != nil {
		t.Fatal(err)
	}
	if link.Path != "/invoices/"+id+".pdf" {
		t.Fatalf("path %q", link.Path)
	}
	exp, sig := link.Query().Get("exp"), link.Query().Get("sig")
	other, _ := invoicelink.New([]byte(strings.Repeat("x", invoicelink.MinSecretLen)), clock)

	for _, tc := range []struct {
		name         string
		signer       *invoicelink.Signer
		at           time.Duration
		id, exp, sig string
		want         error
	}{
		{"fresh", s, 0, id, exp, sig, nil},
		{"a second before expiry", s, invoicelink.TTL - time.Second, id, exp, sig, nil},
		{"at expiry", s, invoicelink.TTL, id, exp, sig, invoicelink.ErrExpired},
		{"another invoice", s, 0, "0190a1b2-0000-7000-8000-00000000000b", exp, sig, invoicelink.ErrForged},
		{"a later expiry", s, 0, id, "99999999999", sig, invoicelink.ErrForged},
		{"no signature", s, 0, id, exp, "", invoicelink.ErrForged},
		{"another secret", other, 0, id, exp, sig, invoicelink.ErrForged},
	} {
		t.Run(tc.name, func(t *testing.T) {
			saved := now
			now = now.Add(tc.at)
			defer func() { now = saved }()
			if err := tc.signer.Check(tc.id, tc.exp, tc.sig); !errors.Is(err, tc.want) {
				t.Fatalf("Check = %v, want %v", err, tc.want)
			}
		})
	}
}

func TestSecrets(t *testing.T) {
	if _, err := invoicelink.New([]byte("short"), nil); err == nil {
		t.Fatal("a 5-byte secret was accepted")
	}
	a, err := invoicelink.New(nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := invoicelink.New(nil, nil)
	if a.Link(id) == b.Link(id) {
		t.Fatal("two random secrets signed alike")
	}
}
