package invoice

import (
	"context"
	"errors"
	"fmt"

	"lockers/internal/apperr"
)

// Paid issues the invoice of a successful payment, in state paid, numbered in
// the current calendar year's sequence. It is idempotent by PaymentID: a webhook
// delivered twice, or two at once, get the same invoice. A second call whose
// facts differ (another user, order or amount) is INVOICE_PAID and changes
// nothing; facts that make no invoice are BAD_INPUT.
func (s *Service) Paid(ctx context.Context, f PaidFacts) (Invoice, error) {
	lines, err := f.lines()
	if err != nil {
		return Invoice{}, err
	}
	inv := Invoice{Kind: KindInvoice, UserID: f.UserID, OrderID: f.OrderID, PaymentID: f.PaymentID,
		State: StatePaid, Currency: Currency, Lines: lines, PaidAt: f.PaidAt.UTC()}
	inv.Sum()

	switch existing, err := s.store.ByPayment(ctx, f.PaymentID); {
	case err == nil:
		return sameInvoice(existing, inv)
	case !errors.Is(err, ErrNotFound):
		return Invoice{}, fmt.Errorf("invoice: paid: %w", err)
	}

	now := s.Now()
	inv.ID, inv.Year, inv.CreatedAt, inv.Seller = newID(), YearOf(now), now, s.seller
	out, err := s.store.Issue(ctx, inv)
	switch {
	case errors.Is(err, ErrDuplicate): // a concurrent call for the same payment won
		existing, err := s.store.ByPayment(ctx, f.PaymentID)
		if err != nil {
			return Invoice{}, fmt.Errorf("invoice: paid: %w", err)
		}
		return sameInvoice(existing, inv)
	case errors.Is(err, ErrUnknownParty):
		return Invoice{}, badFact("invoice: user %s or order %s does not exist", f.UserID, f.OrderID)
	case err != nil:
		return Invoice{}, fmt.Errorf("invoice: paid: %w", err)
	}
	s.log.InfoContext(ctx, "invoice issued", "invoice", out.Number, "payment", out.PaymentID, "cents", out.GrossCents)
	return out, nil
}

// sameInvoice answers a repeated Paid: the invoice issued the first time, if
// the facts are the same.
func sameInvoice(existing, want Invoice) (Invoice, error) {
	if existing.UserID != want.UserID || existing.OrderID != want.OrderID ||
		existing.GrossCents != want.GrossCents || existing.VATCents != want.VATCents {
		return Invoice{}, apperr.New(apperr.InvoicePaid,
			"payment %s is invoiced already (%s) with other contents", want.PaymentID, existing.Number)
	}
	return existing, nil
}
