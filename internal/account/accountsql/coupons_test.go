package accountsql_test

import (
	"context"
	"testing"
	"time"

	"lockers/internal/account"
	"lockers/internal/account/accountsql"
	"lockers/internal/store"
)

func TestSeededCouponPacks(t *testing.T) {
	each(t, func(t *testing.T, ctx context.Context, s *accountsql.Store, db *store.DB) {
		want := map[string]struct {
			free    int
			station string
		}{
			"FIRST3":          {3, ""},
			"NEXT5":           {5, ""},
			"TALLINN-CENTRE":  {2, "11111111-1111-4111-8111-000000000001"},
			"TARTU-KAUBAMAJA": {2, "11111111-1111-4111-8111-000000000003"},
		}
		rows, err := db.QueryContext(ctx, `SELECT code, name_en, name_et, free_orders, station_id, valid_until FROM coupon_packs`)
		must(t, err)
		defer rows.Close()
		seen := 0
		for rows.Next() {
			var (
				code, en, et string
				free         int
				station      *string
				until        *time.Time
			)
			must(t, rows.Scan(&code, &en, &et, &free, &station, &until))
			w, ok := want[code]
			got := ""
			if station != nil {
				got = *station
			}
			if !ok || free != w.free || got != w.station || en == "" || et == "" || until != nil {
				t.Errorf("pack %s: %d free, station %q, names %q/%q", code, free, got, en, et)
			}
			if code == "FIRST3" && (en != "First 3 orders free" || et != "Esimesed 3 tellimust tasuta") {
				t.Errorf("FIRST3 names %q / %q", en, et)
			}
			seen++
		}
		must(t, rows.Err())
		if seen != len(want) {
			t.Fatalf("%d packs seeded, want %d", seen, len(want))
		}
	})
}

func TestGrantCouponOncePerSubject(t *testing.T) {
	each(t, func(t *testing.T, ctx context.Context, s *accountsql.Store, db *store.DB) {
		a := newUser(t, ctx, s, "a@example.ee")
		b := newUser(t, ctx, s, "b@example.ee")
		ok, err := s.GrantCoupon(ctx, a.ID, account.FirstOrdersFree, "email-hash", t0)
		must(t, err)
		if !ok {
			t.Fatal("first grant refused")
		}
		ok, err = s.GrantCoupon(ctx, b.ID, account.FirstOrdersFree, "email-hash", t0) // same address, new account
		must(t, err)
		if ok {
			t.Fatal("the pack was granted twice to one subject")
		}
		ok, err = s.GrantCoupon(ctx, b.ID, "NO-SUCH-PACK", "x", t0)
		must(t, err)
		if ok {
			t.Fatal("an unknown pack was granted")
		}
		var remaining int
		must(t, db.QueryRowContext(ctx, `SELECT remaining FROM user_coupons WHERE user_id = $1 AND pack_code = 'FIRST3'`,
			a.ID).Scan(&remaining))
		if remaining != 3 {
			t.Fatalf("remaining %d, want 3", remaining)
		}
		if n := count(t, db, `SELECT count(*) FROM user_coupons WHERE user_id = $1`, b.ID); n != 0 {
			t.Fatalf("second account holds %d coupons", n)
		}
		_, err = db.ExecContext(ctx, `UPDATE user_coupons SET remaining = -1 WHERE user_id = $1`, a.ID)
		if !store.Violates(err, store.Check) {
			t.Fatalf("negative remaining: %v", err)
		}
	})
}

func TestEventsAndStations(t *testing.T) {
	each(t, func(t *testing.T, ctx context.Context, s *accountsql.Store, db *store.DB) {
		must(t, s.InsertEvent(ctx, account.Event{ID: "e1e1e1e1-0000-4000-8000-000000000001", Type: "sign-up",
			Source: "web", Campaign: "default", CreatedAt: t0}))
		if n := count(t, db, `SELECT count(*) FROM events WHERE type = 'sign-up' AND user_id IS NULL AND device_id IS NULL`); n != 1 {
			t.Fatalf("anonymous event stored %d times", n)
		}

		const station = "11111111-1111-4111-8111-000000000002"
		ok, err := s.StationExists(ctx, station)
		must(t, err)
		if ok {
			t.Fatal("a missing station exists")
		}
		_, err = db.ExecContext(ctx, `INSERT INTO stations (id, name, address, city, latitude, longitude)
			VALUES ($1, 'Ülemiste', 'Suur-Sõjamäe 4', 'Tallinn', 59.42, 24.79)`, station)
		must(t, err)
		ok, err = s.StationExists(ctx, station)
		must(t, err)
		if !ok {
			t.Fatal("the station is not found")
		}
		ok, err = s.StationExists(ctx, "not-a-uuid")
		must(t, err)
		if ok {
			t.Fatal("a malformed id exists")
		}
	})
}

func TestBindCouponPhoneOncePerPhone(t *testing.T) {
	each(t, func(t *testing.T, ctx context.Context, s *accountsql.Store, db *store.DB) {
		a := newUser(t, ctx, s, "a@example.ee")
		b := newUser(t, ctx, s, "b@example.ee")
		c := newUser(t, ctx, s, "c@example.ee")
		for _, u := range []account.User{a, b} {
			_, err := s.GrantCoupon(ctx, u.ID, account.FirstOrdersFree, "mail-"+u.Email, t0)
			must(t, err)
		}
		remaining := func(u account.User) int {
			return count(t, db, `SELECT remaining FROM user_coupons WHERE user_id = $1`, u.ID)
		}
		ok, err := s.BindCouponPhone(ctx, a.ID, account.FirstOrdersFree, "phone-1")
		must(t, err)
		if !ok {
			t.Fatal("the first holder could not bind the phone")
		}
		ok, err = s.BindCouponPhone(ctx, a.ID, account.FirstOrdersFree, "phone-2") // a later phone of the same holder
		must(t, err)
		if !ok || count(t, db, `SELECT count(*) FROM user_coupons WHERE phone_subject = 'phone-1'`) != 1 {
			t.Fatal("the first bound phone must stay")
		}
		ok, err = s.BindCouponPhone(ctx, b.ID, account.FirstOrdersFree, "phone-1")
		must(t, err)
		if ok || remaining(b) != 0 || remaining(a) != 3 {
			t.Fatalf("second account on the phone: ok=%v, remaining %d (first keeps %d)", ok, remaining(b), remaining(a))
		}
		ok, err = s.BindCouponPhone(ctx, c.ID, account.FirstOrdersFree, "phone-3") // holds no pack
		must(t, err)
		if !ok {
			t.Fatal("a user without the pack was refused")
		}
	})
}
