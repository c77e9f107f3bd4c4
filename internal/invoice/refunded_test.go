package invoice_test

import (
	"sync"
	"testing"
	"time"

	"lockers/internal/apperr"
	"lockers/internal/invoice"
	"lockers/internal/invoice/invoicetest"
)

func TestFullRefundReversesEveryLineAndCancelsTheInvoice(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		p := e.party("en")
		inv := e.paid(p, "pay_1")
		e.clock.Set(start.Add(10 * time.Minute))
		cn := e.refunded("re_1", "pay_1", 3120)
		want := invoice.Invoice{
			ID: cn.ID, Kind: invoice.KindCreditNote, Number: "2026-000002", Year: 2026, Seq: 2,
			UserID: p.user, OrderID: p.order, PaymentID: "pay_1", RefundID: "re_1",
			CreditsID: inv.ID, CreditsNumber: inv.Number, State: invoice.StatePaid, Currency: "EUR",
			Lines: []invoice.Line{
				{Kind: "rental", Quantity: 1, Days: 2, NetCents: -2016, VATCents: -484, GrossCents: -2500, VATPercent: 24},
				{Kind: "extension", Quantity: 1, Hours: 3, NetCents: -500, VATCents: -120, GrossCents: -620, VATPercent: 24},
			},
			NetCents: -2516, VATCents: -604, GrossCents: -3120,
			CreatedAt: start.Add(10 * time.Minute), PaidAt: start.Add(10 * time.Minute),
			Seller: invoicetest.Seller, Buyer: e.issuedTo(p), StationZone: "Europe/Tallinn",
		}
		assertInvoice(t, "Refunded", cn, want)
		assertInvoice(t, "Get", e.get(p.user, cn.ID), want)

		inv.State, inv.CancelledAt = invoice.StateCancelled, start.Add(10*time.Minute)
		assertInvoice(t, "credited invoice", e.get(p.user, inv.ID), inv)
	})
}

func TestPartialRefundsAddUpToTheInvoiceToTheCent(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		p := e.party("en")
		inv := e.paid(p, "pay_1")

		first := e.refunded("re_1", "pay_1", 1000)
		if len(first.Lines) != 1 || first.Lines[0] != (invoice.Line{Kind: "refund", Quantity: 1,
			NetCents: -806, VATCents: -194, GrossCents: -1000, VATPercent: 24}) {
			t.Fatalf("first part: lines %+v", first.Lines)
		}
		if got := e.get(p.user, inv.ID); got.State != invoice.StatePaid {
			t.Fatalf("after a partial refund the invoice is %s, want paid", got.State)
		}

		last := e.refunded("re_2", "pay_1", 2120)
		if last.VATCents != -(604-194) || last.GrossCents != -2120 || last.Number != "2026-000003" {
			t.Fatalf("last part: %s gross %d VAT %d, want 2026-000003 -2120 -410", last.Number, last.GrossCents, last.VATCents)
		}
		if inv.VATCents+first.VATCents+last.VATCents != 0 || inv.NetCents+first.NetCents+last.NetCents != 0 {
			t.Fatalf("invoice and credit notes leave VAT %d, net %d", inv.VATCents+first.VATCents+last.VATCents,
				inv.NetCents+first.NetCents+last.NetCents)
		}
		if got := e.get(p.user, inv.ID); got.State != invoice.StateCancelled {
			t.Fatalf("after the last part the invoice is %s, want cancelled", got.State)
		}
	})
}

func TestRefundedIsIdempotentAndRefusesWhatCannotBeCredited(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		p := e.party("en")
		e.paid(p, "pay_1")
		refund := func(id, pay string, cents int64) error {
			_, err := e.svc.Refunded(e.ctx, invoice.RefundFacts{RefundID: id, PaymentID: pay, AmountCents: cents,
				RefundedAt: start})
			return err
		}

		wantCode(t, refund("re_x", "pay_unknown", 100), apperr.InvoiceNotFound)
		wantCode(t, refund("re_x", "pay_1", 3121), apperr.CantRefund)

		first := e.refunded("re_1", "pay_1", 1000)
		if again := e.refunded("re_1", "pay_1", 1000); again.ID != first.ID {
			t.Fatalf("repeated refund issued %s, want %s", again.Number, first.Number)
		}
		wantCode(t, refund("re_1", "pay_1", 999), apperr.CantRefund)
		wantCode(t, refund("re_2", "pay_1", 2121), apperr.CantRefund)

		last := e.refunded("re_2", "pay_1", 2120)
		wantCode(t, refund("re_3", "pay_1", 1), apperr.InvoiceCancelled)
		// Refused calls used no number.
		if last.Number != "2026-000003" {
			t.Fatalf("last credit note %s, want 2026-000003", last.Number)
		}
	})
}

// TestConcurrentRefundsNeverCreditMoreThanWasPaid: two refunds of 20.00 € of a
// 31.20 € invoice at once: one is credited, the other is refused.
func TestConcurrentRefundsNeverCreditMoreThanWasPaid(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		p := e.party("en")
		e.paid(p, "pay_1")
		var wg sync.WaitGroup
		errs := make([]error, 2)
		for i, id := range []string{"re_a", "re_b"} {
			wg.Go(func() {
				_, errs[i] = e.svc.Refunded(e.ctx, invoice.RefundFacts{RefundID: id, PaymentID: "pay_1",
					AmountCents: 2000, RefundedAt: start})
			})
		}
		wg.Wait()
		ok, refused := 0, 0
		for _, err := range errs {
			switch apperr.CodeOf(err) {
			case apperr.CantRefund:
				refused++
			default:
				if err == nil {
					ok++
				} else {
					t.Errorf("unexpected error %v", err)
				}
			}
		}
		if ok != 1 || refused != 1 {
			t.Fatalf("%d credited, %d refused (%v); want one each", ok, refused, errs)
		}
	})
}

// A full credit note reverses each line with its period and daily cap, so it
// names what it gives the money back for (issue 28).
func TestAFullCreditNoteKeepsTheLinesPeriods(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		p := e.party("et")
		f := invoicetest.Facts(p.user, p.order, "pay_1", e.clock.Now())
		from := start.Add(time.Hour)
		f.Lines[0].From, f.Lines[0].To = from, from.Add(48*time.Hour)
		f.Lines[1].From, f.Lines[1].To, f.Lines[1].Capped = from.Add(48*time.Hour), from.Add(50*time.Hour+30*time.Minute), true
		inv, err := e.svc.Paid(e.ctx, f)
		if err != nil {
			t.Fatal(err)
		}
		cn := e.refunded("re_1", "pay_1", inv.GrossCents)
		got := e.get(p.user, cn.ID)
		for i, l := range got.Lines {
			src := inv.Lines[i]
			if !l.From.Equal(src.From) || !l.To.Equal(src.To) || l.Capped != src.Capped || l.GrossCents != -src.GrossCents {
				t.Errorf("credit line %d %+v, want the period of %+v", i, l, src)
			}
		}
		if !got.Lines[1].Capped || got.Lines[0].From.IsZero() {
			t.Errorf("credit lines %+v", got.Lines)
		}
		// A period must start before it ends.
		f.PaymentID, f.Lines[0].To = "pay_2", f.Lines[0].From
		if _, err := e.svc.Paid(e.ctx, f); apperr.CodeOf(err) != apperr.BadInput {
			t.Errorf("an empty period: %v, want BAD_INPUT", err)
		}
	})
}
