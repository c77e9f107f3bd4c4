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

// A line's period and daily cap are kept (issue 28), through Issue and
// IssueAll, and read back; a line without a period reads back without one.
func TestLinesKeepTheirPeriodAndCap(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		s := invoicesql.New(db)
		user := invoicetest.User(t, db, "A", "B", "et")
		order := invoicetest.Order(t, db, user)
		at := time.Date(2026, 11, 28, 16, 0, 0, 0, time.UTC)
		doc := func(payment string) invoice.Invoice {
			inv := invoice.Invoice{ID: uuid.NewString(), Kind: invoice.KindInvoice, Year: 2026, UserID: user,
				OrderID: order, PaymentID: payment, State: invoice.StatePaid, Currency: "EUR", CreatedAt: at, PaidAt: at,
				Lines: []invoice.Line{
					{Kind: invoice.LineExtension, Quantity: 1, Hours: 23, From: at, To: at.Add(150 * time.Minute), Capped: true,
						NetCents: 81, VATCents: 19, GrossCents: 100, VATPercent: 24},
					{Kind: invoice.LineCoupon, Quantity: 1, NetCents: -81, VATCents: -19, GrossCents: -100, VATPercent: 24},
				}}
			inv.Sum()
			return inv
		}
		one, err := s.Issue(ctx, doc("pay_1"))
		if err != nil {
			t.Fatal(err)
		}
		all, err := s.IssueAll(ctx, []invoice.Invoice{doc("pay_2")})
		if err != nil {
			t.Fatal(err)
		}
		for _, id := range []string{one.ID, all[0].ID} {
			got, err := s.Get(ctx, id)
			if err != nil || len(got.Lines) != 2 {
				t.Fatalf("Get = %+v, %v", got, err)
			}
			x, c := got.Lines[0], got.Lines[1]
			if !x.From.Equal(at) || !x.To.Equal(at.Add(150*time.Minute)) || !x.Capped || x.Hours != 23 {
				t.Errorf("extension line read back as %+v", x)
			}
			if !c.From.IsZero() || !c.To.IsZero() || c.Capped {
				t.Errorf("coupon line read back as %+v", c)
			}
		}
		zone, err := s.StationZone(ctx, order)
		if err != nil || zone != "Europe/Tallinn" {
			t.Errorf("StationZone = %q, %v", zone, err)
		}
	})
}
