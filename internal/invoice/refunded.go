package invoice

import (
	"context"
	"errors"
	"fmt"
	"time"

	"lockers/internal/apperr"
	"lockers/internal/vat"
)

// Refunded issues the credit note of a refund: its own number in the same
// yearly sequence, negative lines, referring to the refunded payment's invoice.
// When the invoice's whole amount has been credited it is cancelled. It is
// idempotent by RefundID.
//
// Errors: INVOICE_NOT_FOUND when the payment has no invoice, INVOICE_CANCELLED
// when its invoice is credited in full already, CANT_REFUND when the amount is
// more than is left uncredited or a repeated RefundID comes with other facts.
func (s *Service) Refunded(ctx context.Context, f RefundFacts) (Invoice, error) {
	if err := f.check(); err != nil {
		return Invoice{}, err
	}
	switch cn, err := s.store.ByRefund(ctx, f.RefundID); {
	case err == nil:
		return sameRefund(cn, f)
	case !errors.Is(err, ErrNotFound):
		return Invoice{}, fmt.Errorf("invoice: refunded: %w", err)
	}

	now := s.Now()
	cn, err := s.store.Credit(ctx, f.PaymentID, func(inv *Invoice, credits []Invoice) (Invoice, error) {
		cn, err := creditNote(inv, credits, f, now)
		cn.Seller = s.seller // a new document, under the seller of its day
		return cn, err
	})
	switch {
	case errors.Is(err, ErrNotFound):
		return Invoice{}, apperr.New(apperr.InvoiceNotFound, "payment %s has no invoice", f.PaymentID)
	case errors.Is(err, ErrDuplicate): // a concurrent call for the same refund won
		existing, err := s.store.ByRefund(ctx, f.RefundID)
		if err != nil {
			return Invoice{}, fmt.Errorf("invoice: refunded: %w", err)
		}
		return sameRefund(existing, f)
	case err != nil:
		if _, ok := apperr.As(err); ok {
			return Invoice{}, err
		}
		return Invoice{}, fmt.Errorf("invoice: refunded: %w", err)
	}
	s.log.InfoContext(ctx, "credit note issued", "creditNote", cn.Number, "invoice", cn.CreditsNumber,
		"refund", cn.RefundID, "cents", cn.GrossCents)
	return cn, nil
}

// creditNote builds the credit note of refund f against inv, which has the
// credit notes credits already, and cancels inv when nothing is left on it.
func creditNote(inv *Invoice, credits []Invoice, f RefundFacts, now time.Time) (Invoice, error) {
	if inv.State == StateCancelled {
		return Invoice{}, apperr.New(apperr.InvoiceCancelled, "invoice %s is credited in full already", inv.Number)
	}
	var creditedGross, creditedVAT int64 // positive: what earlier credit notes took back
	for _, c := range credits {
		creditedGross -= c.GrossCents
		creditedVAT -= c.VATCents
	}
	left := inv.GrossCents - creditedGross
	if f.AmountCents > left {
		return Invoice{}, apperr.New(apperr.CantRefund,
			"refund of %d cents is more than the %d cents left on invoice %s", f.AmountCents, left, inv.Number)
	}
	cn := Invoice{ID: newID(), Kind: KindCreditNote, Year: YearOf(now), UserID: inv.UserID, OrderID: inv.OrderID,
		PaymentID: inv.PaymentID, RefundID: f.RefundID, CreditsID: inv.ID, CreditsNumber: inv.Number,
		State: StatePaid, Currency: inv.Currency, CreatedAt: now, PaidAt: f.RefundedAt.UTC()}
	full := f.AmountCents == left
	switch {
	case full && len(credits) == 0:
		// The whole invoice at once: every line reversed, so each line's VAT
		// matches the invoice's to the cent.
		for _, l := range inv.Lines {
			cn.Lines = append(cn.Lines, newLine(l.Kind, l.Quantity, l.Days, l.Hours, -l.GrossCents, -l.VATCents).withPeriodOf(l))
		}
	case full:
		// The last part: the VAT not yet credited, so the invoice and its credit
		// notes add up to zero whatever the rounding of the parts was.
		cn.Lines = []Line{newLine(LineRefund, 1, 0, 0, -f.AmountCents, -(inv.VATCents - creditedVAT))}
	default:
		cn.Lines = []Line{newLine(LineRefund, 1, 0, 0, -f.AmountCents, -vat.Of(f.AmountCents))}
	}
	cn.Sum()
	if full {
		inv.State, inv.CancelledAt = StateCancelled, f.RefundedAt.UTC()
	}
	return cn, nil
}

// sameRefund answers a repeated Refunded with the credit note issued the first
// time, if the facts are the same.
func sameRefund(cn Invoice, f RefundFacts) (Invoice, error) {
	if cn.PaymentID != f.PaymentID || -cn.GrossCents != f.AmountCents {
		return Invoice{}, apperr.New(apperr.CantRefund,
			"refund %s is credited already (%s) with other contents", f.RefundID, cn.Number)
	}
	return cn, nil
}
