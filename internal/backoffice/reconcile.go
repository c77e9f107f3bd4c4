package backoffice

import (
	"context"
	"errors"
	"fmt"
	"time"

	"lockers/internal/apperr"
	"lockers/internal/payment"
)

// The daily reconciliation (issue 42): a day's money as three books tell it —
// the payments and refunds lockerd recorded, the invoices and credit notes
// issued for them, and the provider's own records (Stripe's balance
// transactions) — compared entry by entry. Any difference is listed; the
// periodic job logs it as an alarm, the back office shows it.

// Ledger reads the provider's books (the payments service).
type Ledger interface {
	ProviderLedger(ctx context.Context, from, to time.Time) ([]payment.LedgerEntry, error)
}

// MoneyDocs is a movement of money with the document issued for it: a paid
// payment's invoice, a succeeded refund's credit note (DocCents is the
// document's gross, as a positive amount; HasDoc false when there is none).
// Money that came for an order that no longer waited for it and went back (a
// surplus refund and its payment) is documented by neither: DocDue is false.
type MoneyDocs struct {
	Kind        string // MoneyPayment or MoneyRefund
	ID          string
	AmountCents int64  // positive
	ProviderRef string // the provider's id of it (pi_…, cs_…, re_…), "" if none
	DocDue      bool
	HasDoc      bool
	DocCents    int64
}

// Reconciliation problems, one word each.
const (
	ProblemNoDocument      = "no_document"        // a payment without invoice, a refund without credit note
	ProblemDocumentAmount  = "document_amount"    // the document's amount differs
	ProblemNotAtProvider   = "not_at_provider"    // the provider has no such money
	ProblemProviderAmount  = "provider_amount"    // the provider moved another amount
	ProblemOnlyAtProvider  = "only_at_provider"   // the provider moved money lockerd did not record
	ProblemProviderUnknown = "provider_unmatched" // the provider's entry names none of ours
)

// Difference is one entry the books disagree on.
type Difference struct {
	Kind, ID, Problem string
	OursCents         int64 // what lockerd recorded (a refund negative)
	OtherCents        int64 // what the document or the provider says
}

// Reconciliation is one day's comparison. ProviderChecked is false when the
// provider keeps no books (the demo) or could not be asked (ProviderError).
type Reconciliation struct {
	Day                          time.Time // 00:00 UTC
	PaidCents, RefundedCents     int64     // lockerd's payments and refunds (both positive)
	InvoicedCents, CreditedCents int64     // their invoices and credit notes (both positive)
	ProviderChecked              bool
	ProviderError                string
	ProviderPaidCents            int64
	ProviderRefundedCents        int64
	Differences                  []Difference
}

// Reconcile compares the books of the UTC day that contains day.
func (s *Service) Reconcile(ctx context.Context, day time.Time) (Reconciliation, error) {
	if day.IsZero() {
		return Reconciliation{}, apperr.Field(apperr.BadInput, "day", "a day is required")
	}
	from := day.UTC().Truncate(24 * time.Hour)
	to := from.Add(24 * time.Hour)
	ours, err := s.store.MoneyDocs(ctx, from, to)
	if err != nil {
		return Reconciliation{}, internal("reconcile", err)
	}
	r := Reconciliation{Day: from}
	byID := map[string]MoneyDocs{}
	byRef := map[string]string{} // provider ref → key in byID
	for _, m := range ours {
		byID[m.Kind+":"+m.ID] = m
		if m.ProviderRef != "" {
			byRef[m.ProviderRef] = m.Kind + ":" + m.ID
		}
		sign := int64(1)
		if m.Kind == MoneyPayment {
			r.PaidCents += m.AmountCents
			r.InvoicedCents += m.DocCents
		} else {
			sign = -1
			r.RefundedCents += m.AmountCents
			r.CreditedCents += m.DocCents
		}
		switch {
		case !m.DocDue:
		case !m.HasDoc:
			r.Differences = append(r.Differences, Difference{Kind: m.Kind, ID: m.ID, Problem: ProblemNoDocument,
				OursCents: sign * m.AmountCents})
		case m.DocCents != m.AmountCents:
			r.Differences = append(r.Differences, Difference{Kind: m.Kind, ID: m.ID, Problem: ProblemDocumentAmount,
				OursCents: sign * m.AmountCents, OtherCents: sign * m.DocCents})
		}
	}
	if s.ledger == nil {
		return r, nil
	}
	entries, err := s.ledger.ProviderLedger(ctx, from, to)
	switch {
	case errors.Is(err, payment.ErrNoLedger):
		return r, nil
	case err != nil:
		r.ProviderError = fmt.Sprint(err)
		return r, nil
	}
	r.ProviderChecked = true
	seen := map[string]bool{}
	for _, e := range entries {
		key, cents := MoneyPayment+":"+e.PaymentID, e.AmountCents
		if e.Kind == payment.LedgerRefund {
			key, cents = MoneyRefund+":"+e.RefundID, -e.AmountCents
			r.ProviderRefundedCents += cents
		} else {
			r.ProviderPaidCents += cents
		}
		if e.PaymentID == "" && e.RefundID == "" && byRef[e.SourceRef] != "" {
			key = byRef[e.SourceRef] // no metadata: matched by the provider's own id
		}
		m, ok := byID[key]
		switch {
		case !ok && e.PaymentID == "" && e.RefundID == "":
			r.Differences = append(r.Differences, Difference{Kind: e.Kind, ID: e.Ref, Problem: ProblemProviderUnknown,
				OtherCents: e.AmountCents})
		case !ok:
			r.Differences = append(r.Differences, Difference{Kind: e.Kind, ID: e.Ref, Problem: ProblemOnlyAtProvider,
				OtherCents: e.AmountCents})
		case cents != m.AmountCents:
			seen[key] = true
			r.Differences = append(r.Differences, Difference{Kind: m.Kind, ID: m.ID, Problem: ProblemProviderAmount,
				OursCents: signed(m), OtherCents: e.AmountCents})
		default:
			seen[key] = true
		}
	}
	for _, m := range ours {
		if !seen[m.Kind+":"+m.ID] {
			r.Differences = append(r.Differences, Difference{Kind: m.Kind, ID: m.ID, Problem: ProblemNotAtProvider,
				OursCents: signed(m)})
		}
	}
	return r, nil
}

func signed(m MoneyDocs) int64 {
	if m.Kind == MoneyRefund {
		return -m.AmountCents
	}
	return m.AmountCents
}

// ReconcileYesterday is the daily job: yesterday's books compared, each
// difference logged as an alarm (docs/operations.md, "Reconciliation").
func (s *Service) ReconcileYesterday(ctx context.Context) error {
	r, err := s.Reconcile(ctx, s.Now().Add(-24*time.Hour))
	if err != nil {
		return err
	}
	for _, d := range r.Differences {
		s.log.ErrorContext(ctx, "reconciliation alarm: the books disagree", "alarm", true, "day", r.Day.Format(time.DateOnly),
			"kind", d.Kind, "id", d.ID, "problem", d.Problem, "ours_cents", d.OursCents, "other_cents", d.OtherCents)
	}
	if r.ProviderError != "" {
		s.log.WarnContext(ctx, "reconciliation: the provider's books could not be read", "day", r.Day.Format(time.DateOnly),
			"err", r.ProviderError)
	}
	s.log.InfoContext(ctx, "reconciliation done", "day", r.Day.Format(time.DateOnly), "differences", len(r.Differences),
		"provider_checked", r.ProviderChecked)
	return nil
}
