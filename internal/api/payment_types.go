package api

import (
	"lockers/internal/apperr"
	"lockers/internal/order"
	"lockers/internal/payment"
)

// PaymentMethodInput names one of the caller's saved cards.
type PaymentMethodInput struct {
	PaymentMethodUUID string `json:"paymentMethodUuid" input:"uuid=PAYMENT_METHOD_NOT_FOUND"`
}

// Validate requires the card id.
func (in PaymentMethodInput) Validate() error {
	if in.PaymentMethodUUID == "" {
		return apperr.Field(apperr.MissingParams, "paymentMethodUuid", "payment method is required")
	}
	return nil
}

// PaymentMethodAddInput is paymentMethod.add's input. Without a
// paymentMethodUuid it starts a new card; with one it finishes a half-added
// card (state initial or failed) on a fresh page. lang picks the hosted page's
// language (the page falls back to the browser's).
type PaymentMethodAddInput struct {
	PaymentMethodUUID string `json:"paymentMethodUuid,omitempty" input:"uuid=PAYMENT_METHOD_NOT_FOUND"`
	Lang              string `json:"lang,omitempty" ts:"'en' | 'et'"`
}

// PaymentMethodAddView is the card being added and the provider's page to open.
// The provider sends the browser back to /callback/method/{status}
// (?paymentMethodUuid=...); poll paymentMethod.get until the state changes.
type PaymentMethodAddView struct {
	PaymentMethod PaymentMethodView `json:"paymentMethod"`
	URL           string            `json:"url"`
}

// PaymentMethodView is a saved card as its owner sees it.
type PaymentMethodView struct {
	UUID     string  `json:"uuid"`
	Provider string  `json:"provider" ts:"'demo' | 'stripe'"`
	Brand    *string `json:"brand"` // visa, mastercard, ...; null until the card is saved
	Last4    *string `json:"last4"`
	ExpMonth *int    `json:"expMonth"`
	ExpYear  *int    `json:"expYear"`
	State    string  `json:"state" ts:"'initial' | 'processing' | 'valid' | 'settled' | 'failed'"`
	// Label is the spec §4 label: active for the default usable card, else the state.
	Label string `json:"label" ts:"'initial' | 'processing' | 'valid' | 'settled' | 'active' | 'failed'"`
	// Active: the default card, charged by order.pay when none is named.
	Active bool `json:"active"`
	// Declined: the last charge with this saved card was declined.
	Declined  bool   `json:"declined"`
	CreatedAt string `json:"createdAt"`
	// What the owner may do now.
	CanActivate   bool `json:"canActivate"`
	CanDeactivate bool `json:"canDeactivate"`
	CanFinish     bool `json:"canFinish"` // paymentMethod.add with this uuid
	CanRemove     bool `json:"canRemove"`
}

// OrderPayInput is order.pay's input: charge what the order owes (its price,
// or a pending extension's difference) to a saved card, the default one when
// paymentMethodUuid is left out.
type OrderPayInput struct {
	OrderUUID         string `json:"orderUuid" input:"uuid=ORDER_NOT_FOUND"`
	PaymentMethodUUID string `json:"paymentMethodUuid,omitempty" input:"uuid=PAYMENT_METHOD_NOT_FOUND"`
}

// Validate requires the order id.
func (in OrderPayInput) Validate() error { return OrderInput{OrderUUID: in.OrderUUID}.Validate() }

// OrderPaymentLinkInput is order.paymentLink's input.
type OrderPaymentLinkInput struct {
	OrderUUID string `json:"orderUuid" input:"uuid=ORDER_NOT_FOUND"`
	Lang      string `json:"lang,omitempty" ts:"'en' | 'et'"`
}

// Validate requires the order id.
func (in OrderPaymentLinkInput) Validate() error {
	return OrderInput{OrderUUID: in.OrderUUID}.Validate()
}

// PaymentLinkView is a one-time payment page for what the order owes. The
// provider sends the browser back to /callback/order-payment/{status} (the
// order's price) or /callback/payment/{status} (an extension), with
// ?orderUuid=...; poll order.get until payment.state changes.
type PaymentLinkView struct {
	URL   string    `json:"url"`
	Order OrderView `json:"order"`
}

// OrderPaymentView is the money side of an order.
type OrderPaymentView struct {
	// State of the latest payment attempt; null before the first.
	State *string `json:"state" ts:"'pending' | 'processing' | 'paid' | 'failed' | 'refunded' | 'expired' | null"`
	// DueCents is what order.pay or order.paymentLink would charge now (VAT
	// included), 0 when nothing is due; dueFor says for what.
	DueCents    int64   `json:"dueCents"`
	DueVATCents int64   `json:"dueVatCents"`
	DueFor      *string `json:"dueFor" ts:"'order' | 'extension' | null"`
	// PaidCents is the money kept for the order, RefundedCents what went back.
	PaidCents     int64  `json:"paidCents"`
	RefundedCents int64  `json:"refundedCents"`
	Currency      string `json:"currency" ts:"'EUR'"`
}

// PendingExtensionView is a later end that waits for its charge: the locker's
// time is held until holdUntil; pay with order.pay or order.paymentLink.
type PendingExtensionView struct {
	OrderLockerUUID string `json:"orderLockerUuid"`
	CurrentEnd      string `json:"currentEnd"`
	End             string `json:"end"`
	AmountCents     int64  `json:"amountCents"`
	VATCents        int64  `json:"vatCents"`
	HoldUntil       string `json:"holdUntil"`
}

func paymentMethodView(m payment.Method) PaymentMethodView {
	v := PaymentMethodView{UUID: m.ID, Provider: m.Provider, State: string(m.State), Label: string(m.State),
		Active: m.Default, Declined: m.Declined(), CreatedAt: rfc3339(m.CreatedAt),
		CanActivate: m.Usable() && !m.Default, CanDeactivate: m.Default, CanFinish: m.Unfinished(), CanRemove: true}
	if m.Default && m.Usable() {
		v.Label = "active"
	}
	if m.Last4 != "" {
		brand, last4, month, year := m.Brand, m.Last4, m.ExpMonth, m.ExpYear
		v.Brand, v.Last4, v.ExpMonth, v.ExpYear = &brand, &last4, &month, &year
	}
	return v
}

// orderPaymentView and pendingExtensionView fill the order's payment fields.
func orderPaymentView(o order.Order, d order.Due, due bool) OrderPaymentView {
	v := OrderPaymentView{PaidCents: o.PaidCents, RefundedCents: o.RefundedCents, Currency: payment.Currency}
	if o.PaymentState != "" {
		st := string(o.PaymentState)
		v.State = &st
	}
	if due {
		kind := string(d.Kind)
		v.DueCents, v.DueVATCents, v.DueFor = d.AmountCents, d.VATCents, &kind
	}
	return v
}

func pendingExtensionView(x *order.Extension) *PendingExtensionView {
	if x == nil {
		return nil
	}
	return &PendingExtensionView{OrderLockerUUID: x.OrderLockerID, CurrentEnd: rfc3339(x.OldEnd), End: rfc3339(x.NewEnd),
		AmountCents: x.AmountCents, VATCents: x.VATCents, HoldUntil: rfc3339(x.HoldUntil)}
}
