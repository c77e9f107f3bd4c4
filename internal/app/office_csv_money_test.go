package app

import (
	"context"
	"encoding/csv"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"lockers/internal/backoffice"
	"lockers/internal/demo"
	"lockers/internal/identity"
	"lockers/internal/store"
	"lockers/internal/store/storetest"
)

// TestExportsAreRightAndSafe reads every export back with a CSV reader: the
// header states the units, payments.csv has one row per movement of money
// (a paid payment once, a partial refund negative) in euros and cents, its
// sum is the statistics' revenue for the same period (screen and file), and
// no cell a customer or operator typed can run as a formula.
func TestExportsAreRightAndSafe(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		office, exec := officeOn(t, db)
		now := time.Now().UTC().Truncate(time.Second)
		day := now.Truncate(24 * time.Hour)
		evil := []string{"=1+2@example.com", "+cmd@example.com", "-2+3@example.com", "@sum@example.com"}
		var payments []string
		for i, email := range evil {
			user, order, pay := uuid.NewString(), uuid.NewString(), uuid.NewString()
			at := day.Add(time.Duration(i+1) * time.Minute)
			exec(`INSERT INTO users (id, email, created_at, updated_at) VALUES ($1, $2, $3, $3)`, user, email, at)
			exec(`INSERT INTO orders (id, user_id, station_id, status, height, type, temperature, starts_at, ends_at,
				reserved_until, created_at, updated_at, confirmed_at) VALUES ($1, $2, $3, 'booked', 'small', 'standard', 'cool',
				$4, $5, $4, $4, $4, $4)`, order, user, demo.Stations[0].ID, at, at.Add(time.Hour))
			exec(`INSERT INTO payments (id, user_id, order_id, kind, flow, provider, idempotency_key, amount_cents,
				vat_cents, currency, lines, state, created_at, updated_at, paid_at)
				VALUES ($1, $2, $3, 'order', 'link', 'demo', $5, 280, 54, 'EUR', '[]', 'paid', $4, $4, $4)`, pay, user, order, at,
				"key-"+pay)
			payments = append(payments, pay)
			if i == 0 { // €0.50 of €2.80 back
				exec(`INSERT INTO refunds (id, payment_id, order_id, user_id, provider, amount_cents, vat_cents, currency,
					reason, state, created_at, updated_at, refunded_at)
					VALUES ($1, $2, $3, $4, 'demo', 50, 10, 'EUR', 'partial', 'succeeded', $5, $5, $5)`,
					uuid.NewString(), pay, order, user, at.Add(time.Second))
			}
		}
		exec(`INSERT INTO audit_log (id, action, target_type, target_id, before_json, after_json, note, created_at)
			VALUES ($1, 'admin.orders.refund', 'order', $2, '{}', '{}', '=HYPERLINK("http://evil.example","click")', $3)`,
			uuid.NewString(), uuid.NewString(), now)

		auth := func(context.Context, string) (identity.Principal, error) {
			return identity.Principal{UserID: "m", SessionID: "s", Roles: []string{identity.RoleManager}}, nil
		}
		log := slog.New(slog.NewTextHandler(io.Discard, nil))
		hs := officeCSVs(office, auth, log)
		hs["statistics"] = &statisticsCSV{office: office, authenticate: auth, log: log}
		period := "from=" + day.Format(time.DateOnly) + "&to=" + day.AddDate(0, 0, 1).Format(time.DateOnly)
		read := func(kind, query string) (map[string]int, [][]string) {
			t.Helper()
			r := httptest.NewRequest(http.MethodGet, "/c-core/admin/"+kind+".csv?"+query, nil)
			r.Header.Set("Authorization", "Bearer m")
			w := httptest.NewRecorder()
			hs[kind].ServeHTTP(w, r)
			if w.Code != http.StatusOK {
				t.Fatalf("%s: %d %s", kind, w.Code, w.Body.String())
			}
			rs, err := csv.NewReader(strings.NewReader(w.Body.String())).ReadAll()
			if err != nil || len(rs) == 0 {
				t.Fatalf("%s is not CSV: %v", kind, err)
			}
			col := map[string]int{}
			for i, h := range rs[0] {
				col[h] = i
			}
			return col, rs[1:]
		}

		// payments.csv: units, one row per movement, the right amounts.
		col, rows := read("payments", period)
		for _, h := range []string{"amount_eur", "amount_cents", "currency", "payment_uuid", "refund_uuid", "kind"} {
			if _, ok := col[h]; !ok {
				t.Fatalf("payments.csv has no %q column: %v", h, col)
			}
		}
		var ids []string
		var sum int64
		for _, r := range rows {
			cents, err := strconv.ParseInt(r[col["amount_cents"]], 10, 64)
			if err != nil {
				t.Fatalf("amount_cents %q: %v", r[col["amount_cents"]], err)
			}
			sum += cents
			id := r[col["payment_uuid"]] + "/" + r[col["refund_uuid"]]
			if slices.Contains(ids, id) {
				t.Errorf("payments.csv lists %s twice", id)
			}
			ids = append(ids, id)
			want := map[int64]string{280: "2.80", -50: "-0.50"}[cents]
			if want == "" || r[col["amount_eur"]] != want || r[col["currency"]] != "EUR" {
				t.Errorf("a row of %d cents reads %q EUR", cents, r[col["amount_eur"]])
			}
		}
		if len(rows) != len(payments)+1 || sum != 4*280-50 {
			t.Fatalf("payments.csv: %d rows summing to %d cents, want 5 rows (4 payments, 1 refund) and %d:\n%v",
				len(rows), sum, 4*280-50, rows)
		}

		// The statistics, on the screen and as a file, agree for the same period.
		stats, err := office.Statistics(identity.With(context.Background(), identity.Principal{UserID: "m", Roles: []string{identity.RoleManager}}),
			backoffice.StatsFilter{From: day, To: day.AddDate(0, 0, 1), Period: "day"})
		if err != nil {
			t.Fatal(err)
		}
		var screen int64
		for _, s := range stats {
			screen += s.RevenueCents
		}
		scol, srows := read("statistics", period)
		var file int64
		for _, r := range srows {
			n, _ := strconv.ParseInt(r[scol["revenue_cents"]], 10, 64)
			file += n
		}
		if screen != sum || file != sum {
			t.Errorf("payments.csv sums to %d cents, the statistics screen to %d, statistics.csv to %d", sum, screen, file)
		}

		// Formulas come back as text: a quote before the cell, the rest kept.
		col, rows = read("orders", "")
		if _, ok := col["paid_cents"]; !ok {
			t.Errorf("orders.csv states no unit for its amounts: %v", col)
		}
		var emails []string
		for _, r := range rows {
			emails = append(emails, r[col["user_email"]])
		}
		for _, e := range evil {
			if !slices.Contains(emails, "'"+e) {
				t.Errorf("orders.csv writes %q as %v", e, emails)
			}
		}
		col, rows = read("audit", "action=admin.orders.refund")
		if len(rows) != 1 || rows[0][col["note"]] != `'=HYPERLINK("http://evil.example","click")` {
			t.Errorf("audit.csv writes the note as %v", rows)
		}
	})
}

func TestSafeCell(t *testing.T) {
	for in, want := range map[string]string{
		"=1+2": "'=1+2", "+cmd": "'+cmd", "-2+3": "'-2+3", "@SUM(A1)": "'@SUM(A1)", "\tx": "'\tx", "\rx": "'\rx",
		"-0.50": "-0.50", "280": "280", "-12": "-12", "Mari": "Mari", "": "", "a=b": "a=b", "- 5": "'- 5",
	} {
		if got := safeCell(in); got != want {
			t.Errorf("safeCell(%q) = %q, want %q", in, got, want)
		}
	}
	for cents, want := range map[int64]string{0: "0.00", 5: "0.05", -50: "-0.50", 280: "2.80", 123456: "1234.56"} {
		if got := euros(cents); got != want {
			t.Errorf("euros(%d) = %q, want %q", cents, got, want)
		}
	}
}
