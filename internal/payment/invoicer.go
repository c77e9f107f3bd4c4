package payment

import (
	"context"
	"log/slog"
)

// LogInvoicer writes the invoice facts to the log. It is the Invoicer of a
// build without the invoices domain; app wiring replaces it with
// internal/invoice's service.
type LogInvoicer struct{ Logger *slog.Logger }

func (l LogInvoicer) Paid(ctx context.Context, f PaidFacts) error {
	l.Logger.InfoContext(ctx, "payment to invoice", "payment", f.PaymentID, "order", f.OrderID, "user", f.UserID,
		"kind", f.Kind, "cents", f.AmountCents, "vat_cents", f.VATCents, "currency", f.Currency, "lines", len(f.Lines))
	return nil
}

func (l LogInvoicer) Refunded(ctx context.Context, f RefundFacts) error {
	l.Logger.InfoContext(ctx, "refund to credit", "refund", f.RefundID, "payment", f.PaymentID, "order", f.OrderID,
		"user", f.UserID, "cents", f.AmountCents, "vat_cents", f.VATCents, "currency", f.Currency)
	return nil
}
