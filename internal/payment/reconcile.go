package payment

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// reconcileBatch bounds the provider queries of one pass.
const reconcileBatch = 100

// Reconciled counts what one pass did.
type Reconciled struct {
	Notifications int // recorded notifications applied late (restart, burst, retry)
	Asked         int // attempts the provider was asked about
	Decided       int // of those, decided now (paid, declined, expired)
	GaveUp        int // attempts the provider never acknowledged
	Refunds       int // pending refunds sent again
	Invoiced      int // payments and refunds handed to the invoicer
}

// Reconcile resolves what notifications left open: an attempt undecided for
// StaleAfter is looked up at the provider (a server-side status query, as
// trustworthy as a signed notification); one the provider never acknowledged
// is given up after AnswerWithin; a link nobody paid expires after
// LinkLifetime; refunds without an answer are sent again with their key; and
// the invoicer is told about what it missed.
func (s *Service) Reconcile(ctx context.Context) (Reconciled, error) {
	var n Reconciled
	var err error
	// Notifications first: they may decide attempts without asking.
	if n.Notifications, err = s.sweepInbox(ctx); err != nil {
		return n, fmt.Errorf("payment: notification inbox: %w", err)
	}
	now := s.Now()
	stale, err := s.store.Stale(ctx, now.Add(-StaleAfter), now.Add(-LinkRecheck), reconcileBatch)
	if err != nil {
		return n, fmt.Errorf("payment: stale attempts: %w", err)
	}
	var errs []error
	for _, p := range stale {
		r, err := s.lookUp(ctx, p, now)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		switch {
		case p.ProviderRef != "":
			n.Asked++
			if r.Outcome != OutcomeOpen && r.Outcome != OutcomeProcessing {
				n.Decided++
			}
		case r.Outcome == OutcomeExpired:
			n.GaveUp++
		}
		if _, err := s.settle(ctx, p.ID, r, nil); err != nil {
			errs = append(errs, err)
		}
	}
	refunds, err := s.store.PendingRefunds(ctx, now.Add(-StaleAfter), reconcileBatch)
	if err != nil {
		return n, fmt.Errorf("payment: pending refunds: %w", err)
	}
	for _, r := range refunds {
		n.Refunds++
		if err := s.sendRefund(ctx, r.ID); err != nil && !errors.Is(err, ErrRefused) {
			errs = append(errs, err)
		}
	}
	k, err := s.invoicePending(ctx)
	n.Invoiced = k
	return n, errors.Join(append(errs, err)...)
}

// lookUp finds out what became of an open attempt.
func (s *Service) lookUp(ctx context.Context, p Payment, now time.Time) (Result, error) {
	if p.ProviderRef == "" {
		if now.Sub(p.CreatedAt) < AnswerWithin {
			return Result{Outcome: OutcomeOpen}, nil
		}
		return Result{Outcome: OutcomeExpired, Failure: "the provider never acknowledged the payment"}, nil
	}
	pctx, cancel := s.call(ctx)
	r, err := s.provider.Status(pctx, p)
	cancel()
	if err != nil {
		return Result{}, fmt.Errorf("payment: status of %s: %w", p.ID, err)
	}
	if r.Outcome == OutcomeOpen && now.Sub(p.CreatedAt) >= LinkLifetime {
		r.Outcome, r.Failure = OutcomeExpired, "not paid in time"
	}
	return r, nil
}
