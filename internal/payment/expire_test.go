package payment_test

import (
	"testing"

	"lockers/internal/order"
	"lockers/internal/payment"
)

// TestPayingByCardExpiresTheOpenLink (issue 42): a customer opens a payment
// link, abandons it and pays by card. The card's payment ends the link, here
// and at the provider; if the link's money comes anyway it is refunded, the
// order keeps one payment, and the customer is told.
func TestPayingByCardExpiresTheOpenLink(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		u := e.user()
		card := e.card(u, "pm_visa")
		o := e.unpaid(u)
		if _, _, err := e.payments.Link(e.ctx, u, o.ID, "en"); err != nil {
			t.Fatal(err)
		}
		if _, err := e.payments.Pay(e.ctx, u, o.ID, card.ID); err != nil {
			t.Fatal(err)
		}
		ps := e.paymentsOf(o.ID)
		var link, charge payment.Payment
		for _, p := range ps {
			if p.Flow == payment.FlowLink {
				link = p
			} else {
				charge = p
			}
		}
		if link.State != payment.Pending || len(e.provider.expired) != 0 {
			t.Fatalf("before the card's money: link %s, expired %v", link.State, e.provider.expired)
		}
		e.event(paidEvent(charge))
		for _, p := range e.paymentsOf(o.ID) {
			if p.ID == link.ID && (p.State != payment.Expired || p.Failure != "paid another way") {
				t.Fatalf("the link after the card paid: %s (%s)", p.State, p.Failure)
			}
		}
		if len(e.provider.expired) != 1 || e.provider.expired[0] != link.ProviderRef {
			t.Fatalf("expired at the provider: %v, want %s", e.provider.expired, link.ProviderRef)
		}
		// The provider took the link's money after all: it goes back.
		e.event(paidEvent(link))
		got := e.order(u, o.ID)
		if got.Status != order.Booked || got.PaidCents != 500 {
			t.Fatalf("order %s, paid %d", got.Status, got.PaidCents)
		}
		if e.provider.refundCount() != 1 || e.provider.refunds[0].Payment.ID != link.ID {
			t.Fatalf("refunds %+v", e.provider.refunds)
		}
		// ... and the customer is told, on the order.
		if r := *e.returned; len(r) != 1 || r[0].OrderID != o.ID || r[0].UserID != u || r[0].AmountCents != 500 ||
			r[0].StationName == "" {
			t.Fatalf("told %+v", r)
		}
	})
}
