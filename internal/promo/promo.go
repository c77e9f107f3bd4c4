// Package promo is the promotions domain (spec §3 "Coupon"): packs of free orders
// a user holds with a remaining count. Users register packs by code; the accounts
// domain grants FirstOrdersFree on registration; the order domain spends one free
// order per confirmed order and gives it back when the order is cancelled before
// it starts. Every statement on the coupon tables lives in promosql: the other
// domains call its transaction-scoped steps (promosql.Use, Return, Grant,
// BindPhone, CouponByID) inside their own transactions.
package promo

import (
	"context"
	"errors"
	"time"
)

// FirstOrdersFree is the code of the pack every newly registered e-mail address
// receives once (spec §1: the first 3 orders are free). It is granted by the
// server, never registered by typing the code.
const FirstOrdersFree = "FIRST3"

// Errors a Store returns.
var (
	ErrPackNotFound      = errors.New("promo: pack not found")
	ErrAlreadyRegistered = errors.New("promo: pack already registered")
)

// Pack is a promotion: a number of free orders, optionally only at one station
// and only until a date.
type Pack struct {
	Code           string
	NameEN, NameET string
	FreeOrders     int
	StationID      string    // empty: any station
	ValidUntil     time.Time // zero: no expiry
}

// Coupon is a pack held by one user.
type Coupon struct {
	ID           string
	UserID       string
	Pack         Pack
	Remaining    int
	RegisteredAt time.Time
}

// Usable reports whether the coupon can pay for an order at stationID placed at now.
func (c Coupon) Usable(stationID string, now time.Time) bool {
	return c.Remaining > 0 &&
		(c.Pack.StationID == "" || c.Pack.StationID == stationID) &&
		(c.Pack.ValidUntil.IsZero() || now.Before(c.Pack.ValidUntil))
}

// Store is the promotions storage.
type Store interface {
	// Coupons lists the user's coupons, newest first.
	Coupons(ctx context.Context, userID string) ([]Coupon, error)
	// Pack returns a pack by code; ErrPackNotFound when unknown.
	Pack(ctx context.Context, code string) (Pack, error)
	// Register gives the user the pack with its full count; ErrAlreadyRegistered
	// when the user holds it already.
	Register(ctx context.Context, c Coupon, subject string) error
}
