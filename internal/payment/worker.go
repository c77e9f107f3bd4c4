package payment

import (
	"context"
	"errors"
)

// invoiceBatch bounds one pass of the invoice outbox.
const invoiceBatch = 100

// RunInvoicer works the invoice outbox until ctx ends, whenever a payment or
// refund was recorded (at once, off the request). Errors are logged, not
// fatal: the next pass, or the reconciler's, tries again.
func (s *Service) RunInvoicer(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-s.kick:
			if _, err := s.invoicePending(ctx); err != nil && ctx.Err() == nil {
				s.log.ErrorContext(ctx, "payment: invoicing failed; retrying later", "err", err)
			}
		}
	}
}

// ReconcileOnce is the periodic reconciliation (internal/jobs runs it every
// half minute on one lockerd): Reconcile, with what it did written to the log.
func (s *Service) ReconcileOnce(ctx context.Context) error {
	n, err := s.Reconcile(ctx)
	if n != (Reconciled{}) {
		s.log.InfoContext(ctx, "payment reconcile", "notifications", n.Notifications, "asked", n.Asked, "decided", n.Decided, "gave_up", n.GaveUp,
			"refunds", n.Refunds, "invoiced", n.Invoiced)
	}
	return err
}

// invoicePending hands the invoicer every kept payment and cancel refund it
// has not accepted yet (an outbox: the invoicer is idempotent by id, so a
// crash between its answer and our mark only repeats a call). Payments go in
// lots of invoiceBatch until none is left, so a burst is invoiced at once
// rather than one lot per wake-up.
func (s *Service) invoicePending(ctx context.Context) (int, error) {
	n := 0
	var errs []error
	for {
		done, full, err := s.invoiceLot(ctx)
		n += done
		if err != nil {
			errs = append(errs, err)
		}
		if !full || done == 0 || ctx.Err() != nil {
			break
		}
	}
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

// invoiceLot invoices up to invoiceBatch payments in one call to the invoicer
// and reports how many it marked and whether the lot was full.
func (s *Service) invoiceLot(ctx context.Context) (int, bool, error) {
	ps, err := s.store.Uninvoiced(ctx, invoiceBatch)
	if err != nil || len(ps) == 0 {
		return 0, false, err
	}
	facts := make([]PaidFacts, len(ps))
	for i, p := range ps {
		facts[i] = PaidFacts{PaymentID: p.ID, UserID: p.UserID, OrderID: p.OrderID, Kind: p.Kind,
			AmountCents: p.AmountCents, VATCents: p.VATCents, Currency: p.Currency, Lines: p.Lines, PaidAt: p.PaidAt}
	}
	var (
		errs []error
		done []string
	)
	for i, err := range s.invoicer.Paid(ctx, facts) {
		if err != nil {
			errs = append(errs, err)
			continue
		}
		done = append(done, ps[i].ID)
	}
	if err := s.store.MarkInvoiced(ctx, done, s.Now()); err != nil {
		return 0, false, errors.Join(append(errs, err)...)
	}
	return len(done), len(ps) == invoiceBatch, errors.Join(errs...)
}
