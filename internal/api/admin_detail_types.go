package api

import "lockers/internal/backoffice"

// AdminPayment is one payment attempt.
type AdminPayment struct {
	UUID        string `json:"uuid"`
	OrderUUID   string `json:"orderUuid"`
	Kind        string `json:"kind" ts:"'order' | 'extension'"`
	Flow        string `json:"flow" ts:"'charge' | 'link'"`
	State       string `json:"state"`
	AmountCents int64  `json:"amountCents"`
	Currency    string `json:"currency"`
	CreatedAt   string `json:"createdAt"`
	PaidAt      string `json:"paidAt"`
}

// AdminCoupon is a pack a user holds.
type AdminCoupon struct {
	UUID         string `json:"uuid"`
	PackCode     string `json:"packCode"`
	Remaining    int    `json:"remaining"`
	RegisteredAt string `json:"registeredAt"`
}

// AdminDevice is a device a user signed in on.
type AdminDevice struct {
	UUID       string `json:"uuid"`
	Platform   string `json:"platform"`
	Model      string `json:"model"`
	AppVersion string `json:"appVersion"`
	CreatedAt  string `json:"createdAt"`
	UpdatedAt  string `json:"updatedAt"`
}

// AdminEvent is a client event (event.track).
type AdminEvent struct {
	UUID      string `json:"uuid"`
	Type      string `json:"type"`
	UserUUID  string `json:"userUuid"`
	UserEmail string `json:"userEmail"` // "" when the user is deleted
	Source    string `json:"source"`
	Campaign  string `json:"campaign"`
	CreatedAt string `json:"createdAt"`
}

// AdminUserDetail is users.get's answer: the user and their newest 20 orders,
// payments, coupons, devices and events.
type AdminUserDetail struct {
	User   AdminUser    `json:"user"`
	Orders []AdminOrder `json:"orders"`
	// Running are the user's booked and running rentals, by start: what a
	// block leaves running.
	Running  []AdminOrder   `json:"running"`
	Payments []AdminPayment `json:"payments"`
	Coupons  []AdminCoupon  `json:"coupons"`
	Devices  []AdminDevice  `json:"devices"`
	Events   []AdminEvent   `json:"events"`
	// Invoices are the user's newest invoices and credit notes, by number.
	Invoices []AdminInvoice `json:"invoices"`
}

// AdminPriceLine is one line of an order's price.
type AdminPriceLine struct {
	// Kind goodwill is the discount of an operator's goodwill extension (the
	// order used no coupon); coupon is a coupon's.
	Kind        string `json:"kind" ts:"'rental' | 'extension' | 'coupon' | 'goodwill'"`
	Quantity    int    `json:"quantity"`
	Days        int    `json:"days"`
	Hours       int    `json:"hours"`
	AmountCents int64  `json:"amountCents"`
	VATCents    int64  `json:"vatCents"`
	// From and To are the line's own period ("" on old lines): an
	// extension's is the time it adds; Days and Hours are the rental's total.
	From string `json:"from"`
	To   string `json:"to"`
}

// AdminOrderLocker is a compartment the order holds or held.
type AdminOrderLocker struct {
	UUID       string `json:"uuid"` // the order's locker, as orders.extend names it
	LockerUUID string `json:"lockerUuid"`
	Label      string `json:"label"`
	Status     string `json:"status"`
	Start      string `json:"start"`
	End        string `json:"end"`
	Live       bool   `json:"live"`
}

// AdminRefund is the refund of one payment.
type AdminRefund struct {
	UUID        string `json:"uuid"`
	PaymentUUID string `json:"paymentUuid"`
	AmountCents int64  `json:"amountCents"`
	Reason      string `json:"reason" ts:"'cancel' | 'surplus' | 'partial'"`
	// Note is the operator's reason for the refund ("" for a customer's own
	// cancel or a surplus returned).
	Note       string `json:"note"`
	State      string `json:"state"`
	CreatedAt  string `json:"createdAt"`
	RefundedAt string `json:"refundedAt"`
}

// AdminInvoice is an invoice or credit note of the order.
type AdminInvoice struct {
	UUID       string `json:"uuid"`
	OrderUUID  string `json:"orderUuid"`
	Kind       string `json:"kind" ts:"'invoice' | 'credit_note'"`
	Number     string `json:"number"`
	State      string `json:"state"`
	GrossCents int64  `json:"grossCents"`
	CreatedAt  string `json:"createdAt"`
}

// AdminOrderDetail is orders.get's answer.
type AdminOrderDetail struct {
	Order    AdminOrder         `json:"order"`
	Lines    []AdminPriceLine   `json:"lines"`
	Lockers  []AdminOrderLocker `json:"lockers"`
	Payments []AdminPayment     `json:"payments"`
	Refunds  []AdminRefund      `json:"refunds"`
	Invoices []AdminInvoice     `json:"invoices"`
	Doors    []AdminDoorCommand `json:"doors"`
	// PendingExtension waits for the owner's payment (null for none): the
	// order keeps its end until it is paid and it lapses at lapsesAt.
	PendingExtension *AdminPendingExtension `json:"pendingExtension"`
	// Actions say which operator actions the orders domain would accept now.
	Actions AdminOrderActions `json:"actions"`
}

// AdminOrderActions are the operator's actions on an order, each with the
// orders domain's refusal ("" when it would accept it): the screen offers
// only the accepted ones and says why the others are not.
type AdminOrderActions struct {
	Delete   string `json:"delete" ts:"'' | 'deleted' | 'payment_in_flight' | 'keeps_money' | 'running' | 'nothing_kept' | 'not_held' | 'booking_over'"`
	Refund   string `json:"refund" ts:"'' | 'deleted' | 'payment_in_flight' | 'keeps_money' | 'running' | 'nothing_kept' | 'not_held' | 'booking_over'"`
	FreeHold string `json:"freeHold" ts:"'' | 'deleted' | 'payment_in_flight' | 'keeps_money' | 'running' | 'nothing_kept' | 'not_held' | 'booking_over'"`
}

// AdminPendingExtension is an extension waiting for the owner's payment.
type AdminPendingExtension struct {
	OrderLockerUUID string `json:"orderLockerUuid"`
	OldEnd          string `json:"oldEnd"`
	NewEnd          string `json:"newEnd"`
	AmountCents     int64  `json:"amountCents"`
	LapsesAt        string `json:"lapsesAt"`
}

func adminPendingExtension(x *backoffice.PendingExtension) *AdminPendingExtension {
	if x == nil {
		return nil
	}
	return &AdminPendingExtension{OrderLockerUUID: x.OrderLockerID, OldEnd: rfc3339(x.OldEnd), NewEnd: rfc3339(x.NewEnd),
		AmountCents: x.AmountCents, LapsesAt: rfc3339(x.HoldUntil)}
}

// AdminEventListInput is events.list's input.
type AdminEventListInput struct {
	Cursor   string `json:"cursor,omitempty"`
	Limit    int    `json:"limit,omitempty"`
	Type     string `json:"type,omitempty"`
	UserUUID string `json:"userUuid,omitempty" input:"uuid"`
	From     string `json:"from,omitempty"`
	To       string `json:"to,omitempty"`
}

// AdminEventPage is one page of client events.
type AdminEventPage struct {
	Items []AdminEvent `json:"items"`
	Next  string       `json:"next"`
}

// AdminDashboard is dashboard.get's answer: today (UTC) at a glance.
type AdminDashboard struct {
	Day            string `json:"day"`
	BookingsToday  int    `json:"bookingsToday"`
	RevenueCents   int64  `json:"revenueCents"`
	LockersTotal   int    `json:"lockersTotal"`
	LockersInUse   int    `json:"lockersInUse"`
	OpenHolds      int    `json:"openHolds"`
	RentalsRunning int    `json:"rentalsRunning"`
	// OpenIssues are issues not resolved yet (open or in progress).
	OpenIssues int `json:"openIssues"`
	// StationsOffline are active stations whose controller link is down.
	StationsOffline int `json:"stationsOffline"`
}

// mapAll converts a list, never returning nil (an empty list is [] on the wire).
func mapAll[T, U any](in []T, f func(T) U) []U {
	out := make([]U, 0, len(in))
	for _, v := range in {
		out = append(out, f(v))
	}
	return out
}

func adminPayment(p backoffice.PaymentRow) AdminPayment {
	return AdminPayment{UUID: p.ID, OrderUUID: p.OrderID, Kind: p.Kind, Flow: p.Flow, State: p.State,
		AmountCents: p.AmountCents, Currency: p.Currency, CreatedAt: rfc3339(p.CreatedAt), PaidAt: rfc3339(p.PaidAt)}
}

func adminEvent(e backoffice.EventRow) AdminEvent {
	return AdminEvent{UUID: e.ID, Type: e.Type, UserUUID: e.UserID, UserEmail: e.UserEmail, Source: e.Source, Campaign: e.Campaign,
		CreatedAt: rfc3339(e.CreatedAt)}
}

func adminUserDetail(d backoffice.UserDetail) AdminUserDetail {
	return AdminUserDetail{
		User: adminUser(d.User), Orders: mapAll(d.Orders, adminOrder), Running: mapAll(d.Running, adminOrder), Payments: mapAll(d.Payments, adminPayment),
		Coupons: mapAll(d.Coupons, func(c backoffice.CouponRow) AdminCoupon {
			return AdminCoupon{UUID: c.ID, PackCode: c.PackCode, Remaining: c.Remaining, RegisteredAt: rfc3339(c.RegisteredAt)}
		}),
		Devices: mapAll(d.Devices, func(v backoffice.DeviceRow) AdminDevice {
			return AdminDevice{UUID: v.ID, Platform: v.Platform, Model: v.Model, AppVersion: v.AppVersion,
				CreatedAt: rfc3339(v.CreatedAt), UpdatedAt: rfc3339(v.UpdatedAt)}
		}),
		Events:   mapAll(d.Events, adminEvent),
		Invoices: mapAll(d.Invoices, adminInvoice),
	}
}

func adminInvoice(v backoffice.InvoiceRow) AdminInvoice {
	return AdminInvoice{UUID: v.ID, OrderUUID: v.OrderID, Kind: v.Kind, Number: v.Number, State: v.State,
		GrossCents: v.GrossCents, CreatedAt: rfc3339(v.CreatedAt)}
}

func adminOrderDetail(d backoffice.OrderDetail) AdminOrderDetail {
	return AdminOrderDetail{
		Order:            adminOrder(d.Order),
		PendingExtension: adminPendingExtension(d.Pending),
		Actions: AdminOrderActions{Delete: string(d.Actions.Delete), Refund: string(d.Actions.Refund),
			FreeHold: string(d.Actions.FreeHold)},
		Lines: mapAll(d.Lines, func(l backoffice.PriceLine) AdminPriceLine {
			kind := l.Kind
			if l.Goodwill {
				kind = "goodwill"
			}
			return AdminPriceLine{Kind: kind, Quantity: l.Quantity, Days: l.Days, Hours: l.Hours,
				AmountCents: l.AmountCents, VATCents: l.VATCents, From: rfc3339(l.From), To: rfc3339(l.To)}
		}),
		Lockers: mapAll(d.Lockers, func(l backoffice.LockerRow) AdminOrderLocker {
			return AdminOrderLocker{UUID: l.ID, LockerUUID: l.LockerID, Label: l.Label, Status: l.Status, Start: rfc3339(l.StartsAt),
				End: rfc3339(l.EndsAt), Live: l.Live}
		}),
		Payments: mapAll(d.Payments, adminPayment),
		Refunds: mapAll(d.Refunds, func(r backoffice.RefundRow) AdminRefund {
			return AdminRefund{UUID: r.ID, PaymentUUID: r.PaymentID, AmountCents: r.AmountCents, Reason: r.Reason, Note: r.Note,
				State: r.State, CreatedAt: rfc3339(r.CreatedAt), RefundedAt: rfc3339(r.RefundedAt)}
		}),
		Invoices: mapAll(d.Invoices, adminInvoice),
		Doors:    mapAll(d.Doors, adminDoorCommand),
	}
}

// AdminStatsInput is statistics.get's input: from and to (RFC 3339, UTC; at
// most two years apart), period day (default), week or month, one station or
// all, split by station or not.
type AdminStatsInput struct {
	From        string `json:"from"`
	To          string `json:"to"`
	Period      string `json:"period,omitempty" ts:"'day' | 'week' | 'month'"`
	StationUUID string `json:"stationUuid,omitempty" input:"uuid"`
	ByStation   bool   `json:"byStation,omitempty"`
}

// AdminStatsRow is one bucket of statistics.get ("2026-06-01", a week by its
// Monday, "2026-06").
type AdminStatsRow struct {
	Period            string  `json:"period"`
	StationUUID       string  `json:"stationUuid"`
	Bookings          int     `json:"bookings"`
	RevenueCents      int64   `json:"revenueCents"`
	AvgRentalHours    float64 `json:"avgRentalHours"`
	BookedLockerHours float64 `json:"bookedLockerHours"`
	OccupancyPct      float64 `json:"occupancyPct"`
}

// AdminExtendInput is orders.extend's input: the order's locker and its new
// end (as order.extend takes them), and why.
type AdminExtendInput struct {
	OrderUUID       string `json:"orderUuid" input:"uuid=ORDER_NOT_FOUND"`
	OrderLockerUUID string `json:"orderLockerUuid" input:"uuid=LOCKER_NOT_FOUND"`
	End             string `json:"end"`
	Note            string `json:"note" input:"text"`
	// Goodwill makes the extension free for the owner (applied at once, 0 to
	// pay); otherwise the owner pays it as if they had asked.
	Goodwill bool `json:"goodwill,omitempty"`
}

// Validate requires the order id.
func (in AdminExtendInput) Validate() error { return OrderInput{OrderUUID: in.OrderUUID}.Validate() }

// AdminPack is a coupon pack with its usage.
type AdminPack struct {
	Code        string `json:"code"`
	NameEn      string `json:"nameEn"`
	NameEt      string `json:"nameEt"`
	Count       int    `json:"count"` // free orders in the pack
	StationUUID string `json:"stationUuid"`
	ValidUntil  string `json:"validUntil"`
	Holders     int    `json:"holders"`
	Remaining   int    `json:"remaining"`
	Used        int    `json:"used"`
}

// AdminPackInput is coupons.createPack's input.
type AdminPackInput struct {
	Code        string `json:"code"`
	NameEn      string `json:"nameEn"`
	NameEt      string `json:"nameEt"`
	Count       int    `json:"count"`
	StationUUID string `json:"stationUuid,omitempty" input:"uuid"`
	ValidUntil  string `json:"validUntil,omitempty"` // RFC 3339
	Reason      string `json:"reason" input:"text"`  // why the pack is made (MISSING_NOTE without)
}

// AdminGrantInput is coupons.grant's input.
type AdminGrantInput struct {
	UserUUID string `json:"userUuid" input:"uuid=USER_NOT_FOUND"`
	Code     string `json:"code"`
	Reason   string `json:"reason" input:"text"` // why the user gets it (MISSING_NOTE without)
}

// Validate requires the user id.
func (in AdminGrantInput) Validate() error { return AdminUserInput{UserUUID: in.UserUUID}.Validate() }
