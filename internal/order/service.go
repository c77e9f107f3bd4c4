package order

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"lockers/internal/apperr"
	"lockers/internal/station"
)

// Service runs the order procedures and the status sweep.
type Service struct {
	store    Store
	stations Stations
	coupons  Coupons
	refunds  Refunds
	settle   Settlements
	now      func() time.Time
	log      *slog.Logger

	drawCodes func() (delivery, picking string)

	maxHolds, maxHeldAtStation int // holds.go; 0: no cap
	holdLocks                  holdLocks
}

// Deps are the Service's collaborators; Now and Logger may be nil.
type Deps struct {
	Store    Store
	Stations Stations
	Coupons  Coupons
	// Refunds gives paid orders' money back on cancel; without it, cancelling a
	// refundable order answers REFUND_ERROR.
	Refunds Refunds
	// Settlements settles a finalized order's invoices; nil settles nothing.
	Settlements Settlements
	Now         func() time.Time
	Logger      *slog.Logger
	// DrawCodes draws an order locker's delivery and picking codes; nil is
	// the cryptographic draw (tests give fixed ones to make a clash).
	DrawCodes func() (delivery, picking string)
}

// NewService returns the orders service.
func NewService(d Deps) (*Service, error) {
	if d.Store == nil || d.Stations == nil || d.Coupons == nil {
		return nil, errors.New("order: Store, Stations and Coupons are required")
	}
	if d.Now == nil {
		d.Now = time.Now
	}
	if d.Logger == nil {
		d.Logger = slog.New(slog.DiscardHandler)
	}
	if d.DrawCodes == nil {
		d.DrawCodes = newCodes
	}
	return &Service{maxHolds: MaxHolds, maxHeldAtStation: MaxHeldAtStation, store: d.Store, stations: d.Stations, coupons: d.Coupons, refunds: d.Refunds, settle: d.Settlements,
		now: d.Now, log: d.Logger, drawCodes: d.DrawCodes}, nil
}

// Now is the service's clock, in UTC.
func (s *Service) Now() time.Time { return s.now().UTC() }

func notFound() error { return apperr.Field(apperr.OrderNotFound, "orderUuid", "order not found") }

// Get returns one of the user's orders; ORDER_NOT_FOUND for anyone else's.
func (s *Service) Get(ctx context.Context, userID, id string) (Order, error) {
	if !station.ValidID(id) {
		return Order{}, notFound()
	}
	o, err := s.store.Get(ctx, userID, id)
	if errors.Is(err, ErrNotFound) {
		return Order{}, notFound()
	}
	if err != nil {
		return Order{}, fmt.Errorf("order: get: %w", err)
	}
	return o, nil
}

// Scope selects the orders list.
type Scope string

const (
	ScopeActive  Scope = "active"
	ScopeHistory Scope = "history"
)

// HistoryLimit caps the history list; older orders stay in the database.
const HistoryLimit = 100

// List returns the user's active orders (soonest first) or history (newest first).
func (s *Service) List(ctx context.Context, userID string, scope Scope) ([]Order, error) {
	var (
		os  []Order
		err error
	)
	switch scope {
	case ScopeActive:
		os, err = s.store.List(ctx, userID, ActiveStatuses, false, 200)
	case ScopeHistory:
		os, err = s.store.List(ctx, userID, historyStatuses(), true, HistoryLimit)
	case "":
		return nil, apperr.Field(apperr.MissingParams, "scope", "scope is required")
	default:
		return nil, apperr.Field(apperr.BadInput, "scope", "scope must be active or history")
	}
	if err != nil {
		return nil, fmt.Errorf("order: list: %w", err)
	}
	return os, nil
}

func historyStatuses() []Status {
	return []Status{Unfinished, Expired, Finalized, Cancelled, Refunded, Failed, Deleted}
}

// change runs fn on the user's order in its transaction, mapping not-found.
func (s *Service) change(ctx context.Context, userID, id, op string, fn func(ctx context.Context, tx Tx, o *Order) error) (Order, error) {
	if !station.ValidID(id) {
		return Order{}, notFound()
	}
	o, err := s.store.Change(ctx, userID, id, fn)
	if errors.Is(err, ErrNotFound) {
		return Order{}, notFound()
	}
	if _, ok := apperr.As(err); ok {
		return Order{}, err
	}
	if err != nil {
		return Order{}, fmt.Errorf("order: %s: %w", op, err)
	}
	return o, nil
}

// closedError is the catalogue answer for an operation on an order that is over.
func closedError(st Status) error {
	switch st {
	case Cancelled:
		return apperr.New(apperr.OrderCancelled, "the order is cancelled")
	case Refunded:
		return apperr.New(apperr.OrderRefunded, "the order is refunded")
	case Deleted:
		return apperr.New(apperr.OrderDeleted, "the order is deleted")
	case Failed:
		return apperr.New(apperr.OrderFailed, "the order's payment failed")
	case Unfinished, Expired, Finalized:
		return apperr.New(apperr.OrderExpired, "the order is over")
	}
	return nil
}
