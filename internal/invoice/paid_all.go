package invoice

import (
	"context"
	"errors"
)

// PaidAll is Paid for many payments at once, as the payment service's outbox
// hands them over: the new invoices are numbered and inserted in one
// transaction (one counter update for the lot), which keeps invoicing off the
// database's back while payments arrive in bursts (docs/benchmarks.md). The
// answer holds one error per fact, nil when the payment is invoiced (now or
// before, with the same facts). When the lot cannot be inserted together
// (another process invoiced one meanwhile, a fact names an unknown order), each
// is issued on its own by Paid, which sorts that out.
func (s *Service) PaidAll(ctx context.Context, fs []PaidFacts) []error {
	errs := make([]error, len(fs))
	invs := make([]Invoice, len(fs))
	ids := make([]string, 0, len(fs))
	for i, f := range fs {
		lines, err := f.lines()
		if err != nil {
			errs[i] = err
			continue
		}
		invs[i] = Invoice{Kind: KindInvoice, UserID: f.UserID, OrderID: f.OrderID, PaymentID: f.PaymentID,
			State: StatePaid, Currency: Currency, Lines: lines, PaidAt: f.PaidAt.UTC(), Seller: s.seller}
		invs[i].Sum()
		ids = append(ids, f.PaymentID)
	}
	existing, err := s.store.ByPayments(ctx, ids)
	if err != nil {
		return s.eachPaid(ctx, fs, errs)
	}
	var (
		fresh   []Invoice
		waiting []int                           // facts that stand or fall with the insert
		at      = make(map[string]int, len(fs)) // payment id → index of its first fact
	)
	now := s.Now()
	for i := range fs {
		if errs[i] != nil {
			continue
		}
		id := fs[i].PaymentID
		if prev, ok := existing[id]; ok {
			_, errs[i] = sameInvoice(prev, invs[i])
			continue
		}
		waiting = append(waiting, i)
		if first, ok := at[id]; ok { // the same payment twice in one lot
			_, errs[i] = sameInvoice(invs[first], invs[i])
			continue
		}
		at[id] = i
		inv := invs[i]
		inv.ID, inv.Year, inv.CreatedAt = newID(), YearOf(now), now
		invs[i] = inv
		fresh = append(fresh, inv)
	}
	if len(fresh) == 0 {
		return errs
	}
	issued, err := s.store.IssueAll(ctx, fresh)
	if errors.Is(err, ErrDuplicate) || errors.Is(err, ErrUnknownParty) {
		return s.eachPaid(ctx, fs, errs)
	}
	for _, inv := range issued {
		s.log.InfoContext(ctx, "invoice issued", "invoice", inv.Number, "payment", inv.PaymentID, "cents", inv.GrossCents)
	}
	if err != nil {
		for _, i := range waiting {
			if errs[i] == nil {
				errs[i] = err
			}
		}
	}
	return errs
}

// eachPaid issues the facts not refused yet one by one.
func (s *Service) eachPaid(ctx context.Context, fs []PaidFacts, errs []error) []error {
	for i, f := range fs {
		if errs[i] == nil {
			_, errs[i] = s.Paid(ctx, f)
		}
	}
	return errs
}
