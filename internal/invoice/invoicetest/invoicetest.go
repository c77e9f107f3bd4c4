// Package invoicetest makes the rows an invoice needs — a user and an order at
// a demo station — so the invoice, API and HTTP tests can issue real invoices
// without going through booking and payment.
package invoicetest

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"

	"lockers/internal/demo"
	"lockers/internal/invoice"
	"lockers/internal/store"
)

// User inserts a verified user with a name and language (en or et) and returns
// its id.
func User(tb testing.TB, db *store.DB, first, last, lang string) string {
	tb.Helper()
	id := uuid.NewString()
	now := time.Now().UTC()
	if _, err := db.ExecContext(context.Background(), `INSERT INTO users (id, email, first_name, last_name,
		language, verified_at, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $6, $6)`,
		id, id+"@example.com", first, last, lang, now); err != nil {
		tb.Fatalf("invoicetest: user: %v", err)
	}
	return id
}

// Order inserts a booked order of the user at the first demo station (seeding
// the demo stations if needed) and returns its id.
func Order(tb testing.TB, db *store.DB, userID string) string {
	tb.Helper()
	ctx := context.Background()
	if err := demo.Seed(ctx, db); err != nil {
		tb.Fatalf("invoicetest: demo seed: %v", err)
	}
	id := uuid.NewString()
	now := time.Now().UTC()
	if _, err := db.ExecContext(ctx, `INSERT INTO orders (id, user_id, station_id, status, height, type,
		temperature, starts_at, ends_at, reserved_until, created_at, updated_at)
		VALUES ($1, $2, $3, 'booked', 'small', 'standard', 'cool', $4, $5, $4, $4, $4)`,
		id, userID, demo.Stations[0].ID, now, now.Add(50*time.Hour)); err != nil {
		tb.Fatalf("invoicetest: order: %v", err)
	}
	return id
}

// Facts are the facts of a paid two-day rental of 25.00 € (4.84 € VAT) plus a
// 3-hour extension of 6.20 € for the user's order.
func Facts(userID, orderID, paymentID string, paidAt time.Time) invoice.PaidFacts {
	return invoice.PaidFacts{PaymentID: paymentID, UserID: userID, OrderID: orderID, Currency: invoice.Currency,
		PaidAt: paidAt, Lines: []invoice.PaidLine{
			{Kind: invoice.LineRental, Quantity: 1, Days: 2, GrossCents: 2500, VATCents: 484},
			{Kind: invoice.LineExtension, Quantity: 1, Hours: 3, GrossCents: 620},
		}}
}

// Seller is the seller the tests issue invoices under.
var Seller = invoice.Seller{Name: "Lockers Demo OÜ", Address: "Näidise tn 1, 10111 Tallinn",
	RegistryCode: "12345678", VATNumber: "EE123456780"}
