package backoffice

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"lockers/internal/apperr"
	"lockers/internal/identity"
	"lockers/internal/order"
	"lockers/internal/txn"
)

// Refunder gives an order's money back (the payments domain's refund path).
type Refunder interface {
	RefundOrder(ctx context.Context, o order.Order) error
	Order(ctx context.Context, userID, id string) (order.Order, error)
}

// PartRefunder gives back part of an order's money (less than what is left;
// the rest goes through RefundOrder). A Refunder without it answers
// CANT_REFUND to a partial refund.
type PartRefunder interface {
	RefundPart(ctx context.Context, o order.Order, cents int64) error
}

// RefundEnder ends a rental whose money was given back in full (the orders
// domain: status refunded, lockers let go).
type RefundEnder interface {
	EndRefunded(ctx context.Context, userID, id string) (order.Order, error)
}

// Deps is what the back office needs.
type Deps struct {
	Store  Store
	Refund Refunder // nil: refunds answer CANT_REFUND
	Extend Extender // nil: extending answers ORDER_CANT_BE_EXTENDED
	// End ends a fully refunded rental; nil: Extend's, when it is one (the
	// orders service is both).
	End   RefundEnder
	Doors Doors // nil: no station hardware view, opening answers CANT_OPEN
	// Answered tells a user, in the transaction of the operator's note, that
	// their report was answered (nil: nobody is told).
	Answered func(ctx context.Context, tx txn.Tx, a Answer) error
	// Moved tells a customer, in the move's transaction, that their booking
	// moved to another compartment (nil: nobody is told).
	Moved movedHook
	// StationSecret is STATION_SECRET, from which station credentials are
	// derived (empty: the credentials actions answer CANT_CHANGE);
	// CredentialsChanged hears a station whose credentials changed (the MQTT
	// controller forgets its cached keys).
	StationSecret      []byte
	CredentialsChanged func(stationID string)
	// Told tells a customer of an operator's delete or pending extension
	// (nil: nobody is told).
	Told toldHook
	// Ledger reads the payment provider's books for the reconciliation (nil:
	// only lockerd's own books are compared).
	Ledger Ledger
	Now    func() time.Time // nil: the store's clock
	Logger *slog.Logger
}

// Service runs the back office's procedures.
type Service struct {
	store  Store
	refund Refunder
	extend Extender
	end    RefundEnder
	doors  Doors
	answer func(ctx context.Context, tx txn.Tx, a Answer) error
	moved  movedHook
	told   toldHook
	ledger Ledger
	now    func() time.Time

	stationSecret      []byte
	credentialsChanged func(stationID string)
	log                *slog.Logger
}

// NewService checks d and returns the service.
func NewService(d Deps) (*Service, error) {
	if d.Store == nil {
		return nil, errors.New("backoffice: Store is required")
	}
	if d.Now == nil {
		d.Now = d.Store.Now
	}
	if d.Logger == nil {
		d.Logger = slog.Default()
	}
	if e, ok := d.Extend.(RefundEnder); ok && d.End == nil {
		d.End = e
	}
	return &Service{store: d.Store, refund: d.Refund, extend: d.Extend, end: d.End, doors: d.Doors, answer: d.Answered, moved: d.Moved, told: d.Told, ledger: d.Ledger, now: d.Now, log: d.Logger,
		stationSecret: d.StationSecret, credentialsChanged: d.CredentialsChanged}, nil
}

// Now is the service's clock in UTC.
func (s *Service) Now() time.Time { return s.now().UTC() }

// actor is the signed-in operator; the rpc layer has checked the role already.
func actor(ctx context.Context) (identity.Principal, error) {
	p, ok := identity.From(ctx)
	if !ok {
		return identity.Principal{}, apperr.New(apperr.CodeUnauthorized, "sign-in required")
	}
	return p, nil
}

// internal wraps a fault the caller must not see (the rpc layer logs it).
func internal(op string, err error) error {
	if err == nil {
		return nil
	}
	if _, ok := apperr.As(err); ok {
		return err
	}
	return fmt.Errorf("backoffice: %s: %w", op, err)
}

func newID() string { return uuid.Must(uuid.NewV7()).String() }

// validID reports a canonical UUID (ids from the wire are checked before SQL:
// PostgreSQL would refuse a malformed uuid with an error, not a miss).
func validID(id string) bool {
	u, err := uuid.Parse(id)
	return err == nil && len(id) == 36 && u.String() == id
}
