package api

import (
	"time"

	"lockers/internal/apperr"
	"lockers/internal/order"
	"lockers/internal/promo"
	"lockers/internal/vat"
)

// OrderCreateInput is order.create's input. The server requires height, type,
// temperature, start and end (same formats as station.availability); count
// defaults to 1. A retried request with the same idempotencyKey returns the
// order the first one created.
type OrderCreateInput struct {
	StationUUID    string `json:"stationUuid" input:"uuid=STATION_NOT_FOUND"`
	Height         string `json:"height" ts:"'small' | 'big'"`
	Type           string `json:"type"`
	Temperature    string `json:"temperature" ts:"'cool' | 'neutral' | 'warm'"`
	Start          string `json:"start"`
	End            string `json:"end"`
	Count          int    `json:"count,omitempty"`
	IdempotencyKey string `json:"idempotencyKey,omitempty"`
}

// OrderInput names one of the caller's orders.
type OrderInput struct {
	OrderUUID string `json:"orderUuid" input:"uuid=ORDER_NOT_FOUND"`
}

// Validate requires the order id.
func (in OrderInput) Validate() error {
	if in.OrderUUID == "" {
		return apperr.Field(apperr.MissingParams, "orderUuid", "order is required")
	}
	return nil
}

// OrderListInput selects active orders or the history.
type OrderListInput struct {
	Scope string `json:"scope" ts:"'active' | 'history'"`
}

// OrderConfirmInput is order.confirm's input.
type OrderConfirmInput struct {
	OrderUUID   string `json:"orderUuid" input:"uuid=ORDER_NOT_FOUND"`
	AcceptTerms bool   `json:"acceptTerms"`
}

// Validate requires the order id.
func (in OrderConfirmInput) Validate() error { return OrderInput{OrderUUID: in.OrderUUID}.Validate() }

// OrderCancelInput is order.cancel's input; the note is the reason.
type OrderCancelInput struct {
	OrderUUID string `json:"orderUuid" input:"uuid=ORDER_NOT_FOUND"`
	Note      string `json:"note" input:"text"`
}

// Validate requires the order id.
func (in OrderCancelInput) Validate() error { return OrderInput{OrderUUID: in.OrderUUID}.Validate() }

// OrderExtendInput is order.extend's input: the new end of one order locker.
type OrderExtendInput struct {
	OrderUUID       string `json:"orderUuid" input:"uuid=ORDER_NOT_FOUND"`
	OrderLockerUUID string `json:"orderLockerUuid" input:"uuid=LOCKER_NOT_FOUND"`
	End             string `json:"end"`
}

// Validate requires the order id.
func (in OrderExtendInput) Validate() error { return OrderInput{OrderUUID: in.OrderUUID}.Validate() }

// OrderView is an order as its owner sees it. Times are RFC 3339 UTC; show
// them in station.timeZone.
type OrderView struct {
	UUID   string `json:"uuid"`
	Status string `json:"status" ts:"'reserved' | 'unfinished' | 'unpaid' | 'processing' | 'booked' | 'active' | 'extended' | 'expired' | 'finalized' | 'cancelled' | 'refunded' | 'failed' | 'deleted'"`
	// Label is the spec §4 label: the status, or booked-not-started for a booked
	// order whose start is ahead.
	Label         string            `json:"label" ts:"'reserved' | 'unfinished' | 'unpaid' | 'processing' | 'booked' | 'booked-not-started' | 'active' | 'extended' | 'expired' | 'finalized' | 'cancelled' | 'refunded' | 'failed' | 'deleted'"`
	Station       OrderStationView  `json:"station"`
	Height        string            `json:"height" ts:"'small' | 'big'"`
	Type          string            `json:"type"`
	Temperature   string            `json:"temperature" ts:"'cool' | 'neutral' | 'warm'"`
	Start         string            `json:"start"`
	End           string            `json:"end"`
	ReservedUntil *string           `json:"reservedUntil"` // while reserved or unpaid
	CreatedAt     string            `json:"createdAt"`
	ConfirmedAt   *string           `json:"confirmedAt"`
	CancelledAt   *string           `json:"cancelledAt"`
	CancelNote    *string           `json:"cancelNote"`
	Lockers       []OrderLockerView `json:"lockers"`
	PriceLines    []PriceLineView   `json:"priceLines"`
	TotalCents    int64             `json:"totalCents"` // to pay, VAT included
	VATCents      int64             `json:"vatCents"`
	Currency      string            `json:"currency" ts:"'EUR'"`
	VATPercent    int               `json:"vatPercent"`
	// Coupon is the coupon that pays (or, once confirmed, paid) for the order.
	Coupon *OrderCouponView `json:"coupon"`
	// What the owner may do now.
	CanConfirm bool `json:"canConfirm"`
	CanCancel  bool `json:"canCancel"`
	CanExtend  bool `json:"canExtend"`
	// Refundable: cancelling now would refund a payment (created < 15 min ago).
	Refundable bool `json:"refundable"`
	// Payment is what the order was paid and owes; canPay says order.pay and
	// order.paymentLink would charge something now (nothing in flight).
	Payment OrderPaymentView `json:"payment"`
	CanPay  bool             `json:"canPay"`
	// PendingExtension is a later end waiting for its charge, or null.
	PendingExtension *PendingExtensionView `json:"pendingExtension"`
}

// OrderStationView is the station of an order.
type OrderStationView struct {
	UUID     string `json:"uuid"`
	Name     string `json:"name"`
	Address  string `json:"address"`
	City     string `json:"city"`
	TimeZone string `json:"timeZone"`
}

// OrderLockerView is one compartment of an order with its keypad codes.
type OrderLockerView struct {
	UUID       string         `json:"uuid"`
	LockerUUID string         `json:"lockerUuid"`
	Label      string         `json:"label"`
	Status     string         `json:"status" ts:"'booked' | 'delivered' | 'picked'"`
	Opened     bool           `json:"opened"`
	Dimensions DimensionsView `json:"dimensions"`
	Start      string         `json:"start"`
	End        string         `json:"end"`
	// ExtendUntil is the latest new end order.extend accepts for this locker (the
	// 31-day rule and the booking horizon; order.ExtendUntil).
	ExtendUntil string   `json:"extendUntil"`
	Delivery    CodeView `json:"deliveryCode"`
	Picking     CodeView `json:"pickingCode"`
}

// CodeView is a keypad code and its usage state.
type CodeView struct {
	Code       string  `json:"code"`
	State      string  `json:"state" ts:"'unused' | 'last used'"`
	LastUsedAt *string `json:"lastUsedAt"`
}

// PriceLineView is one line of an order's price; a coupon line is negative.
type PriceLineView struct {
	Kind        string `json:"kind" ts:"'rental' | 'extension' | 'coupon'"`
	Quantity    int    `json:"quantity"`
	Days        int    `json:"days"`
	Hours       int    `json:"hours"`
	AmountCents int64  `json:"amountCents"`
	VATCents    int64  `json:"vatCents"`
}

// OrderCouponView is the coupon of an order.
type OrderCouponView struct {
	UUID      string        `json:"uuid"`
	Code      string        `json:"code"`
	Name      LocalizedText `json:"name"`
	Remaining int           `json:"remaining"`
	Used      bool          `json:"used"` // a free order was spent on this order
}

// LocalizedText is a name in both product languages.
type LocalizedText struct {
	En string `json:"en"`
	Et string `json:"et"`
}

func optTime(t time.Time) *string {
	if t.IsZero() {
		return nil
	}
	s := rfc3339(t)
	return &s
}

func codeView(code string, used time.Time) CodeView {
	v := CodeView{Code: code, State: "unused", LastUsedAt: optTime(used)}
	if !used.IsZero() {
		v.State = "last used"
	}
	return v
}

// orderView is an order as its owner sees it at now; latestEnd is the booking
// horizon (order.Service.LatestEnd), which bounds each locker's ExtendUntil.
func orderView(o order.Order, now, latestEnd time.Time) OrderView {
	total, vatCents := o.Totals()
	v := OrderView{
		UUID: o.ID, Status: string(o.Status), Label: o.Label(now),
		Station: OrderStationView{UUID: o.Station.ID, Name: o.Station.Name, Address: o.Station.Address,
			City: o.Station.City, TimeZone: o.Station.TimeZone},
		Height: o.Product.Height, Type: o.Product.Type, Temperature: o.Product.Temperature,
		Start: rfc3339(o.Start), End: rfc3339(o.End), CreatedAt: rfc3339(o.CreatedAt),
		ConfirmedAt: optTime(o.ConfirmedAt), CancelledAt: optTime(o.CancelledAt),
		Lockers: make([]OrderLockerView, 0, len(o.Lockers)), PriceLines: make([]PriceLineView, 0, len(o.Lines)),
		TotalCents: total, VATCents: vatCents, Currency: "EUR", VATPercent: vat.Percent,
		CanConfirm: o.Status == order.Reserved && now.Before(o.ReservedUntil),
		CanCancel:  (o.Status == order.Reserved || o.Status == order.Unpaid || o.Status.Confirmed()) && !o.InFlight(),
		CanExtend:  o.Status.Confirmed() && now.Before(o.End) && !o.InFlight(),
		Refundable: o.Status.Confirmed() && o.PaidCents > 0 &&
			(now.Sub(o.CreatedAt) < order.RefundWithin || o.RefundedCents > 0),
		PendingExtension: pendingExtensionView(o.Extension),
	}
	due, dueOK := o.DueAt(now)
	v.Payment = orderPaymentView(o, due, dueOK)
	v.CanPay = dueOK && !o.InFlight()
	if o.Status == order.Reserved || o.Status == order.Unpaid {
		v.ReservedUntil = optTime(o.ReservedUntil)
	}
	if o.CancelNote != "" {
		note := o.CancelNote
		v.CancelNote = &note
	}
	for _, l := range o.Lockers {
		v.Lockers = append(v.Lockers, OrderLockerView{
			UUID: l.ID, LockerUUID: l.LockerID, Label: l.Label, Status: l.Status, Opened: !l.OpenedAt.IsZero(),
			Dimensions: dimensionsView(l.Dimensions), Start: rfc3339(l.Start), End: rfc3339(l.End),
			ExtendUntil: rfc3339(order.ExtendUntil(l, latestEnd)),
			Delivery:    codeView(l.DeliveryCode, l.DeliveryUsedAt), Picking: codeView(l.PickingCode, l.PickingUsedAt),
		})
	}
	for _, l := range o.Lines {
		v.PriceLines = append(v.PriceLines, PriceLineView{Kind: l.Kind, Quantity: l.Quantity, Days: l.Days, Hours: l.Hours,
			AmountCents: l.AmountCents, VATCents: l.VATCents})
	}
	if o.Coupon != nil {
		v.Coupon = &OrderCouponView{UUID: o.Coupon.ID, Code: o.Coupon.Pack.Code, Name: packName(o.Coupon.Pack),
			Remaining: o.Coupon.Remaining, Used: o.CouponUsed}
	}
	return v
}

func packName(p promo.Pack) LocalizedText { return LocalizedText{En: p.NameEN, Et: p.NameET} }
