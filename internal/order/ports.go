package order

import (
	"context"
	"errors"
	"time"

	"lockers/internal/audit"
	"lockers/internal/promo"
	"lockers/internal/station"
)

// Errors a Store returns.
var (
	ErrNotFound     = errors.New("order: not found")
	ErrNoLockers    = errors.New("order: not enough free lockers")
	ErrDuplicateKey = errors.New("order: idempotency key used already")
	ErrLockerTaken  = errors.New("order: locker booked by another order for that time")
	// ErrCodeTaken: a code drawn for the booking is live at the station
	// already (another rental holds it); nothing was written.
	ErrCodeTaken = errors.New("order: a drawn code is live at the station already")
)

// Booking is a new order to insert with its lockers: the store picks free
// lockers of the product for the timeframe and fills in LockerID and Label.
type Booking struct {
	Order Order // Lockers carry the new ids and codes; Lines the price
}

// Store is the orders storage. Every read is scoped to a user: another user's
// order is ErrNotFound.
type Store interface {
	// Book inserts the order holding len(b.Order.Lockers) free lockers, all or
	// nothing: ErrNoLockers when too few are free, ErrDuplicateKey when the user
	// used the idempotency key before.
	Book(ctx context.Context, b Booking) (Order, error)
	ByKey(ctx context.Context, userID, key string) (Order, error)
	// Held counts userID's unpaid orders (reserved, unpaid, processing) that
	// hold their lockers at now, and their lockers by station.
	Held(ctx context.Context, userID string, now time.Time) (Held, error)
	Get(ctx context.Context, userID, id string) (Order, error)
	// List returns the user's orders in the statuses, soonest start first for
	// active ones and latest first otherwise, at most limit.
	List(ctx context.Context, userID string, statuses []Status, newestFirst bool, limit int) ([]Order, error)
	// Change locks the order, runs fn and saves the order's status, end, coupon,
	// note and times; lockers are let go when the new status Releases. An error
	// from fn rolls everything back.
	Change(ctx context.Context, userID, id string, fn func(ctx context.Context, tx Tx, o *Order) error) (Order, error)
	// Sweep applies the time-driven transitions at now (see Swept).
	Sweep(ctx context.Context, now time.Time) (Swept, error)
}

// Tx is what Change's function may do inside the order's transaction.
type Tx interface {
	// UseCoupon spends one free order; false when none is left.
	UseCoupon(ctx context.Context, couponID string, at time.Time) (bool, error)
	ReturnCoupon(ctx context.Context, couponID string) error
	// ExtendLocker moves an order locker's end; ErrLockerTaken when another
	// booking of that locker is in the way.
	ExtendLocker(ctx context.Context, orderLockerID string, end time.Time) error
	// MoveAndExtend moves an order locker, for its whole timeframe up to end,
	// to a free compartment of the same kind at its station (the extend
	// fallback when its own is taken); ErrNoLockers when none is free.
	MoveAndExtend(ctx context.Context, orderLockerID string, end time.Time) error
	// LockerFreeUntil reports whether an order locker's own compartment has
	// no other booking up to end.
	LockerFreeUntil(ctx context.Context, orderLockerID string, end time.Time) (bool, error)
	AddLine(ctx context.Context, orderID string, l Line) error
	DeleteLines(ctx context.Context, orderID, kind string) error
	// Audit records an operator's change of the order in the audit log, in
	// this transaction (ExtendAudited).
	Audit(ctx context.Context, e audit.Entry) error
}

// Swept counts what one sweep changed.
type Swept struct {
	Released  int // reserved, unpaid or processing past the hold → unfinished, lockers freed
	Dropped   int // pending extensions past their hold: the old end is back
	Started   int // booked → active
	Expired   int // booked, active, extended → expired
	Finalized int // expired for FinalizeAfter → finalized
	// FinalizedIDs are the orders this sweep finalized, whose invoices settle now.
	FinalizedIDs []string
}

// Changed reports whether the sweep moved anything.
func (n Swept) Changed() bool {
	return n.Released+n.Dropped+n.Started+n.Expired+n.Finalized > 0
}

// Stations is what orders need from the stations domain.
type Stations interface {
	Station(ctx context.Context, id string) (station.Station, error)
	Timeframe(st station.Station, start, end string) (time.Time, time.Time, error)
	// LatestEnd bounds an extension's new end as Timeframe bounds a booking's.
	LatestEnd() time.Time
}

// Coupons proposes the coupon that pays for a new order.
type Coupons interface {
	Best(ctx context.Context, userID, stationID string, now time.Time) (promo.Coupon, bool, error)
}

// Settlements settles the invoices of a finalized order (the invoices domain).
type Settlements interface {
	Settle(ctx context.Context, orderID string, at time.Time) (int, error)
}

// Refunds gives a cancelled order's money back (the payments domain).
type Refunds interface {
	// RefundOrder refunds every paid payment of the order, extensions included,
	// through the provider. An error (REFUND_ERROR) means the order must stay as
	// it is; calling it again refunds only what is left, never a payment twice.
	RefundOrder(ctx context.Context, o Order) error
}
