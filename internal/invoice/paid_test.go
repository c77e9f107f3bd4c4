package invoice_test

import (
	"reflect"
	"testing"
	"time"

	"github.com/google/uuid"

	"lockers/internal/apperr"
	"lockers/internal/invoice"
	"lockers/internal/invoice/invoicetest"
)

func TestPaidIssuesANumberedPaidInvoice(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		p := e.party("en")
		paidAt := start.Add(-2 * time.Minute)
		inv, err := e.svc.Paid(e.ctx, invoicetest.Facts(p.user, p.order, "pay_1", paidAt))
		if err != nil {
			t.Fatal(err)
		}
		want := invoice.Invoice{
			ID: inv.ID, Kind: invoice.KindInvoice, Number: "2026-000001", Year: 2026, Seq: 1,
			UserID: p.user, OrderID: p.order, PaymentID: "pay_1", State: invoice.StatePaid, Currency: "EUR",
			Lines: []invoice.Line{
				{Kind: "rental", Quantity: 1, Days: 2, NetCents: 2016, VATCents: 484, GrossCents: 2500, VATPercent: 24},
				{Kind: "extension", Quantity: 1, Hours: 3, NetCents: 500, VATCents: 120, GrossCents: 620, VATPercent: 24},
			},
			NetCents: 2516, VATCents: 604, GrossCents: 3120, CreatedAt: start, PaidAt: paidAt,
			Seller: invoicetest.Seller, Buyer: e.issuedTo(p), StationZone: "Europe/Tallinn",
		}
		assertInvoice(t, "Paid", inv, want)
		assertInvoice(t, "Get", e.get(p.user, inv.ID), want)
	})
}

func TestPaidIsIdempotentByPayment(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		p := e.party("en")
		first := e.paid(p, "pay_1")
		again := e.paid(p, "pay_1")
		if again.ID != first.ID || again.Number != first.Number {
			t.Fatalf("second Paid issued %s (%s), want the first invoice %s", again.Number, again.ID, first.Number)
		}

		other := invoicetest.Facts(p.user, p.order, "pay_1", start)
		other.Lines[0].GrossCents = 3000
		_, err := e.svc.Paid(e.ctx, other)
		wantCode(t, err, apperr.InvoicePaid)

		// Neither the replay nor the refused call used a number.
		if next := e.paid(p, "pay_2"); next.Number != "2026-000002" {
			t.Fatalf("next invoice %s, want 2026-000002", next.Number)
		}
	})
}

func TestPaidForAnUnknownOrderLeavesNoGap(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		p := e.party("en")
		_, err := e.svc.Paid(e.ctx, invoicetest.Facts(p.user, uuid.NewString(), "pay_x", start))
		wantCode(t, err, apperr.BadInput)
		_, err = e.svc.Paid(e.ctx, invoicetest.Facts(uuid.NewString(), p.order, "pay_y", start))
		wantCode(t, err, apperr.BadInput)
		if inv := e.paid(p, "pay_1"); inv.Number != "2026-000001" {
			t.Fatalf("first issued invoice %s, want 2026-000001: a refused insert used a number", inv.Number)
		}
	})
}

// assertInvoice compares two invoices field by field (times are UTC on both
// sides, at a precision both databases keep).
func assertInvoice(t *testing.T, what string, got, want invoice.Invoice) {
	t.Helper()
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s:\n got %+v\nwant %+v", what, got, want)
	}
}
