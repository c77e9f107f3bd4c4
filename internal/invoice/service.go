package invoice

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"lockers/internal/apperr"
)

// Service issues, lists, settles and prints invoices.
type Service struct {
	store    Store
	buyers   Buyers
	renderer Renderer
	seller   Seller
	now      func() time.Time
	log      *slog.Logger
}

// Deps are the Service's collaborators; Now and Logger may be nil.
type Deps struct {
	Store    Store
	Buyers   Buyers
	Renderer Renderer
	// Seller is who issues the invoices now; each invoice keeps the one it
	// was issued under. Required.
	Seller Seller
	Now    func() time.Time
	Logger *slog.Logger
}

// NewService returns the invoices service.
func NewService(d Deps) (*Service, error) {
	if d.Store == nil || d.Buyers == nil || d.Renderer == nil {
		return nil, errors.New("invoice: Store, Buyers and Renderer are required")
	}
	if d.Seller.Name == "" || d.Seller.VATNumber == "" {
		return nil, errors.New("invoice: the Seller's name and VAT number are required")
	}
	if d.Now == nil {
		d.Now = time.Now
	}
	if d.Logger == nil {
		d.Logger = slog.New(slog.DiscardHandler)
	}
	return &Service{store: d.Store, buyers: d.Buyers, renderer: d.Renderer, seller: d.Seller, now: d.Now, log: d.Logger}, nil
}

// Now is the service's clock, in UTC.
func (s *Service) Now() time.Time { return s.now().UTC() }

// ListLimit caps invoice.list; a user with more sees the newest.
const ListLimit = 200

func notFound() error {
	return apperr.Field(apperr.InvoiceNotFound, "invoiceUuid", "invoice not found")
}

// Get returns one of the user's invoices or credit notes; INVOICE_NOT_FOUND for
// anyone else's, and for an id that is not one.
func (s *Service) Get(ctx context.Context, userID, id string) (Invoice, error) {
	if !ValidID(id) {
		return Invoice{}, notFound()
	}
	inv, err := s.store.Get(ctx, id)
	if errors.Is(err, ErrNotFound) || (err == nil && inv.UserID != userID) {
		return Invoice{}, notFound()
	}
	if err != nil {
		return Invoice{}, fmt.Errorf("invoice: get: %w", err)
	}
	return inv, nil
}

// List returns the user's invoices and credit notes, newest first; only the
// order's when orderID is set. Whether the order is the user's is the caller's
// check (the orders domain answers ORDER_NOT_FOUND); here it only filters.
func (s *Service) List(ctx context.Context, userID, orderID string) ([]Invoice, error) {
	if orderID != "" && !ValidID(orderID) {
		return nil, apperr.Field(apperr.OrderNotFound, "orderUuid", "order not found")
	}
	invs, err := s.store.List(ctx, userID, orderID, ListLimit)
	if err != nil {
		return nil, fmt.Errorf("invoice: list: %w", err)
	}
	return invs, nil
}

// Settle settles the order's paid invoices and credit notes: the lead wires it
// to the order sweep, for every order it finalizes. Cancelled invoices stay
// cancelled. It returns how many were settled; settling again changes nothing.
func (s *Service) Settle(ctx context.Context, orderID string, at time.Time) (int, error) {
	if !ValidID(orderID) {
		return 0, badFact("invoice: order id %q is not a UUID", orderID)
	}
	n, err := s.store.Settle(ctx, orderID, at.UTC())
	if err != nil {
		return 0, fmt.Errorf("invoice: settle order %s: %w", orderID, err)
	}
	return n, nil
}

// newID returns a time-ordered UUID (version 7), as orders use: new rows go to
// the right-most pages of the indexes.
func newID() string { return uuid.Must(uuid.NewV7()).String() }
