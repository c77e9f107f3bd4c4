package api

import (
	"lockers/internal/apperr"
	"lockers/internal/invoice"
	"lockers/internal/vat"
)

// InvoiceListInput filters invoice.list to one of the caller's orders.
type InvoiceListInput struct {
	OrderUUID string `json:"orderUuid,omitempty" input:"uuid=ORDER_NOT_FOUND"`
}

// InvoiceInput names one of the caller's invoices or credit notes.
type InvoiceInput struct {
	InvoiceUUID string `json:"invoiceUuid" input:"uuid=INVOICE_NOT_FOUND"`
}

// Validate requires the invoice id.
func (in InvoiceInput) Validate() error {
	if in.InvoiceUUID == "" {
		return apperr.Field(apperr.MissingParams, "invoiceUuid", "invoice is required")
	}
	return nil
}

// InvoiceView is an invoice or credit note as its owner sees it. Amounts are
// integer euro cents (a credit note's are negative); times are RFC 3339 UTC.
type InvoiceView struct {
	UUID   string `json:"uuid"`
	Number string `json:"number"` // 2026-000123: gapless per calendar year, credit notes included
	Kind   string `json:"kind" ts:"'invoice' | 'credit_note'"`
	State  string `json:"state" ts:"'created' | 'paid' | 'settled' | 'cancelled'"`
	// OrderUUID and PaymentUUID: the order and the payment the invoice is for
	// (on a credit note, the payment refunded).
	OrderUUID   string `json:"orderUuid"`
	PaymentUUID string `json:"paymentUuid"`
	// RefundUUID and Credits are set on credit notes: the refund and the invoice credited.
	RefundUUID  *string           `json:"refundUuid"`
	Credits     *InvoiceRefView   `json:"credits"`
	Currency    string            `json:"currency" ts:"'EUR'"`
	VATPercent  int               `json:"vatPercent"`
	NetCents    int64             `json:"netCents"`
	VATCents    int64             `json:"vatCents"`
	GrossCents  int64             `json:"grossCents"`
	Lines       []InvoiceLineView `json:"lines"`
	IssuedAt    string            `json:"issuedAt"`
	PaidAt      *string           `json:"paidAt"` // the payment, or a credit note's refund
	SettledAt   *string           `json:"settledAt"`
	CancelledAt *string           `json:"cancelledAt"`
	// PDFURL downloads the PDF without the bearer header for 10 minutes (ask
	// invoice.get again for a fresh one); add &lang=en or &lang=et to override
	// the account's language.
	PDFURL string `json:"pdfUrl"`
}

// InvoiceRefView names another invoice.
type InvoiceRefView struct {
	UUID   string `json:"uuid"`
	Number string `json:"number"`
}

// InvoiceLineView is one line with its net, VAT and gross.
type InvoiceLineView struct {
	Kind       string `json:"kind" ts:"'rental' | 'extension' | 'coupon' | 'refund'"`
	Quantity   int    `json:"quantity"`
	Days       int    `json:"days"`
	Hours      int    `json:"hours"`
	NetCents   int64  `json:"netCents"`
	VATCents   int64  `json:"vatCents"`
	GrossCents int64  `json:"grossCents"`
	VATPercent int    `json:"vatPercent"`
}

func invoiceView(inv invoice.Invoice, link func(id string) string) InvoiceView {
	v := InvoiceView{UUID: inv.ID, Number: inv.Number, Kind: string(inv.Kind), State: string(inv.State),
		OrderUUID: inv.OrderID, PaymentUUID: inv.PaymentID, Currency: inv.Currency, VATPercent: vat.Percent,
		NetCents: inv.NetCents, VATCents: inv.VATCents, GrossCents: inv.GrossCents,
		Lines: make([]InvoiceLineView, 0, len(inv.Lines)), IssuedAt: rfc3339(inv.CreatedAt),
		PaidAt: optTime(inv.PaidAt), SettledAt: optTime(inv.SettledAt), CancelledAt: optTime(inv.CancelledAt)}
	if inv.RefundID != "" {
		refund := inv.RefundID
		v.RefundUUID = &refund
		v.Credits = &InvoiceRefView{UUID: inv.CreditsID, Number: inv.CreditsNumber}
	}
	for _, l := range inv.Lines {
		v.Lines = append(v.Lines, InvoiceLineView{Kind: l.Kind, Quantity: l.Quantity, Days: l.Days, Hours: l.Hours,
			NetCents: l.NetCents, VATCents: l.VATCents, GrossCents: l.GrossCents, VATPercent: l.VATPercent})
	}
	if link != nil {
		v.PDFURL = link(inv.ID)
	}
	return v
}
