package app

import (
	"context"
	"strings"
	"testing"
	"time"

	"lockers/internal/account/accountsql"
	"lockers/internal/invoice"
	"lockers/internal/invoice/invoicepdf"
	"lockers/internal/invoice/invoicesql"
	"lockers/internal/invoice/invoicetest"
	"lockers/internal/store"
	"lockers/internal/store/storetest"
)

// TestIssuedInvoicesNeverChange: an invoice prints what it was issued with.
// The buyer renames themselves (to an emoji and Cyrillic name and back), the
// station's prices and zone change, lockerd restarts under another seller:
// the same invoice's PDF reads the same, word for word. Account deletion
// alone takes the buyer off it.
func TestIssuedInvoicesNeverChange(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		e := newPDFEnv(t, db)
		user := invoicetest.User(t, db, "Mari-Liis 🙂🚲", "Ёлкина", "en")
		order := invoicetest.Order(t, db, user)
		facts := invoicetest.Facts(user, order, "pay_1", e.now)
		facts.Lines[0].From, facts.Lines[0].To = e.now.Add(-48*time.Hour), e.now // the period prints in the zone
		inv, err := e.invoices.Paid(ctx, facts)
		if err != nil {
			t.Fatal(err)
		}
		read := func(svc *invoice.Service) string {
			t.Helper()
			pdf, err := svc.PDF(ctx, user, inv.ID, "en")
			if err != nil {
				t.Fatal(err)
			}
			return invoicetest.PDFText(t, pdf.Bytes)
		}
		before := read(e.invoices)
		for _, w := range []string{"Mari-Liis �� Ёлкина", "@example.com", "Lockers Demo OÜ", "EE123456780",
			"3 Jun 2026, 12:00 – 5 Jun 2026, 12:00", "Periods are in the station's local time (Europe/Tallinn)."} {
			if !strings.Contains(before, w) {
				t.Fatalf("the invoice lacks %q:\n%s", w, before)
			}
		}

		// Everything the invoice printed changes at its source.
		for _, q := range []string{
			`UPDATE users SET first_name = 'Mari', last_name = 'Tamm', email = 'new@example.com' WHERE id = $1`,
			`UPDATE stations SET time_zone = 'America/New_York' WHERE id = (SELECT station_id FROM orders WHERE id = $1)`,
			`UPDATE station_prices SET hourly_cents = hourly_cents * 3, daily_cents = daily_cents * 3`,
		} {
			arg := user
			if strings.Contains(q, "stations SET") {
				arg = order
			}
			if strings.Contains(q, "station_prices") {
				_, err = db.ExecContext(ctx, q)
			} else {
				_, err = db.ExecContext(ctx, q, arg)
			}
			if err != nil {
				t.Fatal(err)
			}
		}
		other := invoice.Seller{Name: "Uus Omanik AS", Address: "Tartu", RegistryCode: "87654321", VATNumber: "EE999999999"}
		renderer, err := invoicepdf.New(other)
		if err != nil {
			t.Fatal(err)
		}
		restarted, err := invoice.NewService(invoice.Deps{Store: invoicesql.New(db), Renderer: renderer, Seller: other,
			Buyers: accountBuyers{users: accountsql.New(db).Users}, Now: func() time.Time { return e.now }})
		if err != nil {
			t.Fatal(err)
		}
		if err := restarted.FreezeSeller(ctx); err != nil {
			t.Fatal(err)
		}
		if after := read(restarted); after != before {
			t.Fatalf("the issued invoice changed:\nbefore:\n%s\nafter:\n%s", before, after)
		}
		// A new invoice is issued under what holds now.
		fresh, err := restarted.Paid(ctx, invoicetest.Facts(user, invoicetest.Order(t, db, user), "pay_2", e.now))
		if err != nil {
			t.Fatal(err)
		}
		if fresh.Seller != other || fresh.Buyer.Name != "Mari Tamm" || fresh.Buyer.Email != "new@example.com" {
			t.Errorf("a new invoice keeps seller %+v and buyer %+v", fresh.Seller, fresh.Buyer)
		}

		// Deletion: at once the PDF names nobody; the periodic pass erases the copy.
		if err := accountsql.New(db).Users.EraseUser(ctx, user, "test", e.now); err != nil {
			t.Fatal(err)
		}
		if text := read(restarted); strings.Contains(text, "Mari") || !strings.Contains(text, "(account deleted)") {
			t.Errorf("a deleted account's invoice still names the buyer:\n%s", text)
		}
		if err := restarted.ForgetDeletedBuyers(ctx); err != nil {
			t.Fatal(err)
		}
		var kept int
		if err := db.QueryRowContext(ctx, `SELECT COUNT(*) FROM invoices WHERE user_id = $1 AND (buyer_name <> '' OR buyer_email <> '')`,
			user).Scan(&kept); err != nil || kept != 0 {
			t.Errorf("%d invoices of a deleted account keep its name or e-mail (%v)", kept, err)
		}
	})
}
