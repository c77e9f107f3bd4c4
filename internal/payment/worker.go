package payment

import (
	"context"
	"errors"
	"time"
)

// invoiceBatch bounds one pass of the invoice outbox.
const invoiceBatch = 100

// Run works until ctx ends: the invoice outbox whenever a payment or refund
// was recorded (at once, off the request), and Reconcile every interval.
// Errors are logged, not fatal: the next pass tries again.
func (s *Service) Run(ctx context.Context, every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-s.kick:
			if _, err := s.invoicePending(ctx); err != nil && ctx.Err() == nil {
				s.log.ErrorContext(ctx, "payment: invoicing failed; retrying later", "err", err)
			}
		case <-t.C:
			n, err := s.Reconcile(ctx)
			if err != nil && ctx.Err() == nil {
				s.log.ErrorContext(ctx, "payment: reconcile failed; retrying later", "err", err)
			}
			if n != (Reconciled{}) {
				s.log.InfoContext(ctx, "payment reconcile", "notifications", n.Notifications, "asked", n.Asked, "decided", n.Decided, "gave_up", n.GaveUp,
					"refunds", n.Refunds, "invoiced", n.Invoiced)
			}
		}
	}
}

// invoicePending hands the invoicer every kept payment and cancel refund it
// has not accepted yet (an outbox: the invoicer is idempotent by id, so a
// crash between its answer and our mark only repeats a call).
func (s *Service) invoicePending(ctx context.Context) (int, error) {
	n := 0
	ps, err := s.store.Uninvoiced(ctx, invoiceBatch)
	if err != nil {
		return n, err
	}
	var (
		errs []error
		done []string
	)
	for _, p := range ps {
		err := s.invoicer.Paid(ctx, PaidFacts{PaymentID: p.ID, UserID: p.UserID, OrderID: p.OrderID, Kind: p.Kind,
			AmountCents: p.AmountCents, VATCents: p.VATCents, Currency: p.Currency, Lines: p.Lines, PaidAt: p.PaidAt})
		if err != nil {
			errs = append(errs, err)
			continue
		}
		done = append(done, p.ID)
	}
	if err := s.store.MarkInvoiced(ctx, done, s.Now()); err != nil {
		return n, errors.Join(append(errs, err)...)
	}
	n += len(done)
	rs, err := s.store.UninvoicedRefunds(ctx, invoiceBatch)
	if err != nil {
		return n, errors.Join(append(errs, err)...)
	}
	for _, r := range rs {
		p, err := s.store.Payment(ctx, r.PaymentID)
		if err == nil {
			err = s.invoicer.Refunded(ctx, RefundFacts{RefundID: r.ID, PaymentID: r.PaymentID, UserID: r.UserID,
				OrderID: r.OrderID, AmountCents: r.AmountCents, VATCents: r.VATCents, Currency: r.Currency,
				Lines: p.Lines, RefundedAt: r.RefundedAt})
		}
		if err == nil {
			err = s.store.MarkRefundInvoiced(ctx, r.ID, s.Now())
		}
		if err != nil {
			errs = append(errs, err)
			continue
		}
		n++
	}
	return n, errors.Join(errs...)
}
