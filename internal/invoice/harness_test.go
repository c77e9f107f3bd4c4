package invoice_test

import (
	"context"
	"fmt"
	"lockers/internal/clock/clocktest"
	"sync"
	"testing"
	"time"

	"lockers/internal/apperr"
	"lockers/internal/invoice"
	"lockers/internal/invoice/invoicesql"
	"lockers/internal/invoice/invoicetest"
	"lockers/internal/store"
	"lockers/internal/store/storetest"
)

// start is "now" unless a test moves the clock.
var start = time.Date(2026, 6, 5, 9, 0, 0, 0, time.UTC)

// buyers answers from a map; a user missing from it fails the lookup.
type buyers map[string]invoice.Buyer

func (b buyers) Buyer(_ context.Context, id string) (invoice.Buyer, error) {
	if v, ok := b[id]; ok {
		return v, nil
	}
	return invoice.Buyer{}, fmt.Errorf("no buyer %s", id)
}

// printer records the documents it is asked to print.
type printer struct {
	mu   sync.Mutex
	docs []invoice.Document
}

func (p *printer) Render(d invoice.Document) (invoice.PDF, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.docs = append(p.docs, d)
	return invoice.PDF{Filename: d.Invoice.Number + ".pdf", Bytes: []byte("%PDF-" + d.Language)}, nil
}

// env is a migrated database with the invoices service on a test clock.
type env struct {
	t       *testing.T
	ctx     context.Context
	db      *store.DB
	clock   *clocktest.Clock
	buyers  buyers
	printer *printer
	svc     *invoice.Service
}

func newEnv(t *testing.T, db *store.DB) *env {
	t.Helper()
	e := &env{t: t, ctx: context.Background(), db: db, clock: clocktest.NewClock(start), buyers: buyers{}, printer: &printer{}}
	svc, err := invoice.NewService(invoice.Deps{Store: invoicesql.New(db), Buyers: e.buyers, Renderer: e.printer, Seller: invoicetest.Seller,
		Now: e.clock.Now})
	if err != nil {
		t.Fatal(err)
	}
	e.svc = svc
	return e
}

// each runs fn on SQLite and PostgreSQL, each with a fresh env. The tests run side
// by side: an env shares nothing with another, and a test mostly waits on its databases.
func each(t *testing.T, fn func(t *testing.T, e *env)) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) { fn(t, newEnv(t, db)) })
}

// party is a user with an order.
type party struct{ user, order string }

// party makes a user (with a buyer record in lang) and an order of theirs.
func (e *env) party(lang string) party {
	e.t.Helper()
	u := invoicetest.User(e.t, e.db, "Jüri", "Õunapuu", lang)
	e.buyers[u] = invoice.Buyer{Name: "Jüri Õunapuu", Email: u + "@example.com", Language: lang}
	return party{user: u, order: invoicetest.Order(e.t, e.db, u)}
}

// issuedTo is the buyer an invoice of p's keeps: the account's name and
// e-mail when it was issued.
func (e *env) issuedTo(p party) invoice.Buyer {
	b := e.buyers[p.user]
	return invoice.Buyer{Name: b.Name, Email: b.Email}
}

// paid issues the invoice of a standard payment (31.20 €) and fails the test on error.
func (e *env) paid(p party, paymentID string) invoice.Invoice {
	e.t.Helper()
	inv, err := e.svc.Paid(e.ctx, invoicetest.Facts(p.user, p.order, paymentID, e.clock.Now()))
	if err != nil {
		e.t.Fatalf("Paid(%s): %v", paymentID, err)
	}
	return inv
}

// refunded issues a credit note and fails the test on error.
func (e *env) refunded(refundID, paymentID string, cents int64) invoice.Invoice {
	e.t.Helper()
	cn, err := e.svc.Refunded(e.ctx, invoice.RefundFacts{RefundID: refundID, PaymentID: paymentID,
		AmountCents: cents, RefundedAt: e.clock.Now()})
	if err != nil {
		e.t.Fatalf("Refunded(%s, %d): %v", refundID, cents, err)
	}
	return cn
}

// get reads an invoice as its owner.
func (e *env) get(userID, id string) invoice.Invoice {
	e.t.Helper()
	inv, err := e.svc.Get(e.ctx, userID, id)
	if err != nil {
		e.t.Fatalf("Get(%s): %v", id, err)
	}
	return inv
}

func wantCode(t *testing.T, err error, code apperr.Code) {
	t.Helper()
	if got := apperr.CodeOf(err); got != code || err == nil {
		t.Fatalf("error %v (%s), want %s", err, got, code)
	}
}
