package invoice_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/google/uuid"

	"lockers/internal/apperr"
	"lockers/internal/invoice"
	"lockers/internal/invoice/invoicetest"
)

// TestPaidAllNumbersALotInOrderAfterEarlierInvoices: a lot issued by PaidAll
// continues the year's sequence without gaps, in the order of the facts; the
// payments invoiced before are answered, not invoiced again, and a fact that
// makes no invoice is refused alone.
func TestPaidAllNumbersALotInOrderAfterEarlierInvoices(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		p := e.party("en")
		first := e.paid(p, "pay_before") // 2026-000001
		facts := []invoice.PaidFacts{
			invoicetest.Facts(p.user, p.order, "pay_1", start),
			invoicetest.Facts(p.user, p.order, "pay_before", start), // invoiced already, same facts
			{PaymentID: "pay_bad", UserID: p.user, OrderID: p.order, Currency: "USD", PaidAt: start},
			invoicetest.Facts(p.user, p.order, "pay_2", start),
			invoicetest.Facts(p.user, p.order, "pay_1", start), // twice in one lot
		}
		errs := e.svc.PaidAll(e.ctx, facts)
		for i, want := range []apperr.Code{"", "", apperr.BadInput, "", ""} {
			if got := apperr.CodeOf(errs[i]); errs[i] != nil && got != want || errs[i] == nil && want != "" {
				t.Errorf("fact %d (%s): %v, want %q", i, facts[i].PaymentID, errs[i], want)
			}
		}
		listed, err := e.svc.List(e.ctx, p.user, "")
		if err != nil {
			t.Fatal(err)
		}
		byPayment := map[string]string{}
		for _, inv := range listed {
			byPayment[inv.PaymentID] = inv.Number
		}
		want := map[string]string{"pay_before": first.Number, "pay_1": "2026-000002", "pay_2": "2026-000003"}
		if fmt.Sprint(byPayment) != fmt.Sprint(want) {
			t.Fatalf("invoices by payment %v, want %v", byPayment, want)
		}
		if got := e.paid(p, "pay_after"); got.Number != "2026-000004" {
			t.Fatalf("the next invoice after the lot is %s, want 2026-000004", got.Number)
		}
		one := e.get(p.user, listed[slices.IndexFunc(listed, func(i invoice.Invoice) bool { return i.PaymentID == "pay_2" })].ID)
		if len(one.Lines) == 0 || one.GrossCents == 0 {
			t.Fatalf("pay_2's invoice has no lines or sum: %+v", one)
		}
	})
}

// TestPaidAllRefusesChangedFactsAndFallsBackOnAnUnknownOrder: a payment
// invoiced before with other facts is INVOICE_PAID; a lot holding a fact about
// an order that does not exist cannot be inserted together, so each fact is
// issued alone and only that one fails.
func TestPaidAllRefusesChangedFactsAndFallsBackOnAnUnknownOrder(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		p := e.party("et")
		e.paid(p, "pay_x")
		changed := invoicetest.Facts(p.user, p.order, "pay_x", start)
		changed.Lines[0].GrossCents += 100
		facts := []invoice.PaidFacts{
			changed,
			invoicetest.Facts(p.user, p.order, "pay_y", start),
			invoicetest.Facts(p.user, uuid.NewString(), "pay_z", start),
		}
		errs := e.svc.PaidAll(e.ctx, facts)
		if apperr.CodeOf(errs[0]) != apperr.InvoicePaid {
			t.Errorf("changed facts: %v, want INVOICE_PAID", errs[0])
		}
		if errs[1] != nil {
			t.Errorf("a good fact in a lot with a bad one: %v", errs[1])
		}
		if apperr.CodeOf(errs[2]) != apperr.BadInput {
			t.Errorf("unknown order: %v, want BAD_INPUT", errs[2])
		}
		listed, err := e.svc.List(e.ctx, p.user, "")
		if err != nil || len(listed) != 2 {
			t.Fatalf("listed %d invoices (%v), want pay_x and pay_y", len(listed), err)
		}
	})
}
