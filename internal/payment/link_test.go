package payment_test

import (
	"strings"
	"testing"
	"time"

	"lockers/internal/apperr"
	"lockers/internal/order"
	"lockers/internal/payment"
)

func TestAPaymentLinkBooksOnlyOnTheProvidersNotification(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		u := e.user()
		o := e.unpaid(u)
		url, got, err := e.payments.Link(e.ctx, u, o.ID, "et")
		if err != nil || url == "" {
			t.Fatal(url, err)
		}
		if got.Status != order.Unpaid || got.PaymentState != order.PaymentPending {
			t.Fatalf("after the link: %s, %s", got.Status, got.PaymentState)
		}
		c := e.provider.checkouts[0]
		want := "https://lockers.example/callback/order-payment/success?orderUuid=" + o.ID
		if c.SuccessURL != want || !strings.Contains(c.FailureURL, "/callback/order-payment/failure") ||
			c.AmountCents != 500 || c.Lang != "et" || c.IdempotencyKey == "" || c.Description != "Kapi rent "+o.ID[:8] {
			t.Fatalf("checkout %+v", c)
		}
		// Asking again answers the same page.
		again, _, err := e.payments.Link(e.ctx, u, o.ID, "et")
		if err != nil || again != url || len(e.provider.checkouts) != 1 {
			t.Fatalf("second link %q (%v), %d checkouts", again, err, len(e.provider.checkouts))
		}
		e.event(paidEvent(e.paymentsOf(o.ID)[0]))
		if got := e.order(u, o.ID); got.Status != order.Booked || got.PaidCents != 500 {
			t.Fatalf("paid: %s, %d", got.Status, got.PaidCents)
		}
		_, _, err = e.payments.Link(e.ctx, u, o.ID, "")
		wantCode(t, err, apperr.OrderAlreadyConfirmed)
		_, _, err = e.payments.Link(e.ctx, u, o.ID, "de")
		wantCode(t, err, apperr.BadInput)
	})
}

func TestAnExtensionIsPaidByLinkAndADeclinedChargeKeepsTheOldEnd(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		u := e.user()
		o, p := e.processingOrder(u)
		e.event(paidEvent(p))
		oldEnd := e.order(u, o.ID).Lockers[0].End
		o, err := e.orders.Extend(e.ctx, u, o.ID, o.Lockers[0].ID, "2026-06-07")
		if err != nil {
			t.Fatal(err)
		}
		// A declined charge of the difference: the old end stays.
		e.provider.chargeOutcome = payment.OutcomeDeclined
		got, err := e.payments.Pay(e.ctx, u, o.ID, "")
		if err != nil {
			t.Fatal(err)
		}
		if got.Status != order.Booked || got.Extension != nil || !got.Lockers[0].End.Equal(oldEnd) || got.PaymentState != order.PaymentFailed {
			t.Fatalf("declined extension: %s, %+v, end %v", got.Status, got.Extension, got.Lockers[0].End)
		}
		// Extended again and paid by link, on the extension's callback page.
		if _, err := e.orders.Extend(e.ctx, u, o.ID, o.Lockers[0].ID, "2026-06-07"); err != nil {
			t.Fatal(err)
		}
		if _, _, err := e.payments.Link(e.ctx, u, o.ID, ""); err != nil {
			t.Fatal(err)
		}
		c := e.provider.checkouts[len(e.provider.checkouts)-1]
		if !strings.Contains(c.SuccessURL, "/callback/payment/success?orderUuid=") || c.AmountCents != 500 ||
			c.Description != "Rental extension "+o.ID[:8] {
			t.Fatalf("checkout %+v", c)
		}
		ps := e.paymentsOf(o.ID)
		e.event(paidEvent(ps[len(ps)-1]))
		got = e.order(u, o.ID)
		if got.Status != order.Extended || got.Lockers[0].End.Equal(oldEnd) || got.PaidCents != 1000 {
			t.Fatalf("paid extension: %s, end %v, paid %d", got.Status, got.Lockers[0].End, got.PaidCents)
		}
	})
}

func TestAnOpenLinkIsAskedAboutRarelyAndExpiresAfterADay(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		u := e.user()
		o := e.unpaid(u)
		if _, _, err := e.payments.Link(e.ctx, u, o.ID, ""); err != nil {
			t.Fatal(err)
		}
		p := e.paymentsOf(o.ID)[0]
		e.provider.status[p.ProviderRef] = payment.Result{Ref: p.ProviderRef, Outcome: payment.OutcomeOpen}
		for _, tc := range []struct {
			wait        time.Duration
			asked       int
			stillOpened bool
		}{
			{payment.StaleAfter + time.Second, 0, true}, // someone may still be on the page
			{payment.LinkRecheck, 1, true},
			{payment.LinkLifetime, 1, false},
		} {
			e.clock.Add(tc.wait)
			n, err := e.payments.Reconcile(e.ctx)
			if err != nil || n.Asked != tc.asked {
				t.Fatalf("after %s more: %+v, %v; want %d asked", tc.wait, n, err, tc.asked)
			}
			if got := e.paymentsOf(o.ID)[0].State; got.Open() != tc.stillOpened {
				t.Fatalf("after %s more: the link is %s", tc.wait, got)
			}
		}
		if got := e.order(u, o.ID); got.PaymentState != order.PaymentExpired {
			t.Fatalf("order's payment state %s", got.PaymentState)
		}
	})
}
