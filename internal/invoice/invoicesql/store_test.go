package invoicesql_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/google/uuid"

	"lockers/internal/invoice"
	"lockers/internal/invoice/invoicesql"
	"lockers/internal/invoice/invoicetest"
	"lockers/internal/store"
	"lockers/internal/store/storetest"
	"lockers/internal/vat"
)

// TestTheDatabaseRefusesASecondDocumentForOnePaymentOrRefund checks the
// constraints themselves, below the service's own checks.
func TestTheDatabaseRefusesASecondDocumentForOnePaymentOrRefund(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		s := invoicesql.New(db)
		user := invoicetest.User(t, db, "A", "B", "en")
		order := invoicetest.Order(t, db, user)
		at := time.Date(2026, 6, 5, 9, 0, 0, 0, time.UTC)
		doc := func(kind invoice.Kind, payment, refund, credits string, gross int64) invoice.Invoice {
			inv := invoice.Invoice{ID: uuid.NewString(), Kind: kind, Year: 2026, UserID: user, OrderID: order,
				PaymentID: payment, RefundID: refund, CreditsID: credits, State: invoice.StatePaid, Currency: "EUR",
				Lines: []invoice.Line{{Kind: invoice.LineRental, Quantity: 1, NetCents: gross - vat.Of(gross),
					VATCents: vat.Of(gross), GrossCents: gross, VATPercent: 24}}, CreatedAt: at, PaidAt: at}
			inv.Sum()
			return inv
		}
		first, err := s.Issue(ctx, doc(invoice.KindInvoice, "pay_1", "", "", 1000))
		if err != nil || first.Number != "2026-000001" {
			t.Fatalf("Issue = %s, %v", first.Number, err)
		}
		for name, tc := range map[string]struct {
			inv  invoice.Invoice
			want error
		}{
			"a second invoice of a payment": {doc(invoice.KindInvoice, "pay_1", "", "", 500), invoice.ErrDuplicate},
			"an unknown order": {func() invoice.Invoice {
				inv := doc(invoice.KindInvoice, "pay_2", "", "", 500)
				inv.OrderID = uuid.NewString()
				return inv
			}(), invoice.ErrUnknownParty},
		} {
			if _, err := s.Issue(ctx, tc.inv); !errors.Is(err, tc.want) {
				t.Errorf("%s: %v, want %v", name, err, tc.want)
			}
		}
		// A credit note needs its refund and the invoice it credits (CHECK).
		if _, err := s.Issue(ctx, doc(invoice.KindCreditNote, "pay_1", "", "", -500)); !store.Violates(err, store.Check) {
			t.Errorf("a credit note without refund: %v, want a check violation", err)
		}
		cn, err := s.Issue(ctx, doc(invoice.KindCreditNote, "pay_1", "re_1", first.ID, -500))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.Issue(ctx, doc(invoice.KindCreditNote, "pay_1", "re_1", first.ID, -100)); !errors.Is(err, invoice.ErrDuplicate) {
			t.Errorf("a second credit note of a refund: %v, want ErrDuplicate", err)
		}
		// None of the refused documents used a number.
		if cn.Number != "2026-000002" {
			t.Fatalf("credit note %s, want 2026-000002", cn.Number)
		}
		got, err := s.Get(ctx, cn.ID)
		if err != nil || got.CreditsNumber != first.Number || got.RefundID != "re_1" || len(got.Lines) != 1 {
			t.Fatalf("Get(credit note) = %+v, %v", got, err)
		}
	})
}
