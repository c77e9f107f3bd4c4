// Package forpayment connects the payments domain to the invoices domain, which
// know nothing of each other: the app wires it, and tests that need real
// invoices behind payments use the same adapter.
package forpayment

import (
	"context"

	"lockers/internal/invoice"
	"lockers/internal/payment"
)

// Invoicer hands the payment service's facts to the invoices domain: an
// invoice per kept payment, a credit note per refund. Both calls are idempotent
// by payment and refund id on the invoice side, as the payment outbox needs.
type Invoicer struct{ Invoices *invoice.Service }

var _ payment.Invoicer = Invoicer{}

func (p Invoicer) Paid(ctx context.Context, fs []payment.PaidFacts) []error {
	facts := make([]invoice.PaidFacts, len(fs))
	for i, f := range fs {
		lines := make([]invoice.PaidLine, 0, len(f.Lines))
		for _, l := range f.Lines {
			lines = append(lines, invoice.PaidLine{Kind: l.Kind, Quantity: l.Quantity, Days: l.Days, Hours: l.Hours,
				From: l.From, To: l.To, Capped: l.Capped, GrossCents: l.AmountCents, VATCents: l.VATCents})
		}
		facts[i] = invoice.PaidFacts{PaymentID: f.PaymentID, UserID: f.UserID, OrderID: f.OrderID,
			Currency: f.Currency, PaidAt: f.PaidAt, Lines: lines}
	}
	return p.Invoices.PaidAll(ctx, facts)
}

func (p Invoicer) Refunded(ctx context.Context, f payment.RefundFacts) error {
	_, err := p.Invoices.Refunded(ctx, invoice.RefundFacts{RefundID: f.RefundID, PaymentID: f.PaymentID,
		AmountCents: f.AmountCents, RefundedAt: f.RefundedAt})
	return err
}
