package hardware

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"time"

	"lockers/internal/apperr"
)

// GuestLink is a revocable link that shows an order locker's picking side to
// someone without an account. Only the token's hash is stored; the token is
// known once, to the owner who created it.
type GuestLink struct {
	ID            string
	OrderLockerID string
	CreatedAt     time.Time
	Token         string // only right after Create
}

// GuestView is what the guest link shows: where to go, which door, the
// picking codes, and until when.
type GuestView struct {
	Target
	StationName, Address, City, TimeZone string
	Latitude, Longitude                  float64
	Codes                                []Code // the live picking codes
}

// GuestStore keeps guest links (part of the hardware store).
type GuestStore interface {
	InsertGuestLink(ctx context.Context, g GuestLink, tokenHash string) error
	GuestLinks(ctx context.Context, orderLockerID string) ([]GuestLink, error)
	RevokeGuestLink(ctx context.Context, orderLockerID, id string, now time.Time) error
	// GuestByToken finds a link that is not revoked (ErrNotFound).
	GuestByToken(ctx context.Context, tokenHash string) (GuestView, error)
}

// CreateGuest makes a guest link for one of the user's order lockers.
func (s *Service) CreateGuest(ctx context.Context, userID, orderID, orderLockerID string) (GuestLink, time.Time, error) {
	t, err := s.owned(ctx, userID, orderID, orderLockerID)
	if err != nil {
		return GuestLink{}, time.Time{}, err
	}
	if ok, _ := usableOrder(t.OrderStatus); !ok || !s.now().Before(t.End) {
		return GuestLink{}, time.Time{}, apperr.New(apperr.NotReserved, "the order is not running")
	}
	var raw [32]byte
	if _, err := rand.Read(raw[:]); err != nil {
		return GuestLink{}, time.Time{}, err
	}
	g := GuestLink{ID: newID(), OrderLockerID: orderLockerID, CreatedAt: s.now(), Token: base64.RawURLEncoding.EncodeToString(raw[:])}
	if err := s.guests().InsertGuestLink(ctx, g, hashToken(g.Token)); err != nil {
		return GuestLink{}, time.Time{}, err
	}
	return g, t.End, nil
}

// Guests lists the live guest links of one of the user's order lockers.
func (s *Service) Guests(ctx context.Context, userID, orderID, orderLockerID string) ([]GuestLink, error) {
	if _, err := s.owned(ctx, userID, orderID, orderLockerID); err != nil {
		return nil, err
	}
	return s.guests().GuestLinks(ctx, orderLockerID)
}

// RevokeGuest ends a guest link at once.
func (s *Service) RevokeGuest(ctx context.Context, userID, orderID, orderLockerID, id string) error {
	if _, err := s.owned(ctx, userID, orderID, orderLockerID); err != nil {
		return err
	}
	err := s.guests().RevokeGuestLink(ctx, orderLockerID, id, s.now())
	if errors.Is(err, ErrNotFound) {
		return apperr.Field(apperr.BadInput, "guestUuid", "no such link")
	}
	return err
}

// Guest resolves a guest link's token: valid while not revoked and the order
// runs (paid, not over). Anything else is LOCKER_NOT_FOUND, so a guessed or
// revoked token tells nothing.
func (s *Service) Guest(ctx context.Context, token string) (GuestView, error) {
	notFound := apperr.New(apperr.LockerNotFound, "locker not found")
	if len(token) < 20 || len(token) > 100 {
		return GuestView{}, notFound
	}
	v, err := s.guests().GuestByToken(ctx, hashToken(token))
	if errors.Is(err, ErrNotFound) {
		return GuestView{}, notFound
	}
	if err != nil {
		return GuestView{}, err
	}
	if ok, _ := usableOrder(v.OrderStatus); !ok || !s.now().Before(v.End) {
		return GuestView{}, notFound
	}
	return v, nil
}

func (s *Service) guests() GuestStore { return s.store }

func hashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}
