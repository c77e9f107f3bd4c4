package api

import (
	"context"
	"time"

	"lockers/internal/apperr"
	"lockers/internal/backoffice"
	"lockers/internal/rpc"
)

// AdminReconcileInput is reconciliation.get's input: the UTC day (YYYY-MM-DD
// or an RFC 3339 time within it).
type AdminReconcileInput struct {
	Day string `json:"day"`
}

// AdminReconciliation is one day's comparison of lockerd's payments and
// refunds with their invoices and credit notes and with the provider's books.
type AdminReconciliation struct {
	Day                   string                 `json:"day"`
	PaidCents             int64                  `json:"paidCents"`
	RefundedCents         int64                  `json:"refundedCents"`
	InvoicedCents         int64                  `json:"invoicedCents"`
	CreditedCents         int64                  `json:"creditedCents"`
	ProviderChecked       bool                   `json:"providerChecked"`
	ProviderError         string                 `json:"providerError"`
	ProviderPaidCents     int64                  `json:"providerPaidCents"`
	ProviderRefundedCents int64                  `json:"providerRefundedCents"`
	Differences           []AdminReconDifference `json:"differences"`
}

// AdminReconDifference is one entry the books disagree on.
type AdminReconDifference struct {
	Kind       string `json:"kind" ts:"'payment' | 'refund'"`
	ID         string `json:"id"`
	Problem    string `json:"problem" ts:"'no_document' | 'document_amount' | 'not_at_provider' | 'provider_amount' | 'only_at_provider' | 'provider_unmatched'"`
	OursCents  int64  `json:"oursCents"`
	OtherCents int64  `json:"otherCents"`
}

// adminReconcileProcedures is the reconciliation page's read (rpc.Manager, as
// the statistics).
func adminReconcileProcedures(d Deps) []rpc.Procedure {
	return []rpc.Procedure{
		rpc.Query("reconciliation.get", rpc.Manager, func(ctx context.Context, in AdminReconcileInput) (AdminReconciliation, error) {
			day, err := reconcileDay(in.Day)
			if err != nil {
				return AdminReconciliation{}, err
			}
			r, err := d.Backoffice.Reconcile(ctx, day)
			return AdminReconciliation{Day: r.Day.Format("2006-01-02"), PaidCents: r.PaidCents, RefundedCents: r.RefundedCents,
				InvoicedCents: r.InvoicedCents, CreditedCents: r.CreditedCents, ProviderChecked: r.ProviderChecked,
				ProviderError: r.ProviderError, ProviderPaidCents: r.ProviderPaidCents, ProviderRefundedCents: r.ProviderRefundedCents,
				Differences: mapAll(r.Differences, func(x backoffice.Difference) AdminReconDifference {
					return AdminReconDifference{Kind: x.Kind, ID: x.ID, Problem: x.Problem, OursCents: x.OursCents, OtherCents: x.OtherCents}
				})}, err
		}),
	}
}

// reconcileDay reads a date (YYYY-MM-DD, as the page's date field gives it) or
// an RFC 3339 time; it is required.
func reconcileDay(s string) (time.Time, error) {
	if d, err := time.Parse(time.DateOnly, s); err == nil && d.Year() >= 2000 && d.Year() <= 9999 {
		return d, nil
	}
	day, err := timeBound("day", s)
	if err == nil && day.IsZero() {
		err = apperr.Field(apperr.BadInput, "day", "a day is required")
	}
	return day, err
}
