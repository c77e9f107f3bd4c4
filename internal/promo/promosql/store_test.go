package promosql_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"

	"lockers/internal/apperr"
	"lockers/internal/promo"
	"lockers/internal/promo/promosql"
	"lockers/internal/store"
	"lockers/internal/store/storetest"
)

var now = time.Date(2026, 6, 5, 9, 0, 0, 0, time.UTC)

func user(t *testing.T, db *store.DB) string {
	t.Helper()
	id := uuid.NewString()
	if _, err := db.ExecContext(context.Background(), `INSERT INTO users (id, email, created_at, updated_at)
		VALUES ($1, $2, $3, $3)`, id, id+"@example.com", now); err != nil {
		t.Fatal(err)
	}
	return id
}

func TestRegisterAndListCoupons(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		svc := promo.NewService(promosql.New(db), func() time.Time { return now })
		u := user(t, db)
		list, err := svc.List(ctx, u)
		if err != nil || len(list) != 0 {
			t.Fatalf("new user's coupons %v, %v", list, err)
		}
		c, err := svc.Register(ctx, u, " next5 ")
		if err != nil {
			t.Fatal(err)
		}
		if c.Pack.Code != "NEXT5" || c.Remaining != 5 || c.Pack.FreeOrders != 5 || c.Pack.NameET == "" {
			t.Fatalf("coupon %+v", c)
		}
		local, err := svc.Register(ctx, u, "TALLINN-CENTRE")
		if err != nil || local.Pack.StationID != "11111111-1111-4111-8111-000000000001" {
			t.Fatalf("station pack %+v, %v", local, err)
		}
		list, err = svc.List(ctx, u)
		if err != nil || len(list) != 2 || list[0].Remaining+list[1].Remaining != 7 {
			t.Fatalf("list %+v, %v", list, err)
		}
		for code, want := range map[string]apperr.Code{
			"NEXT5": apperr.CouponAlreadyRegistered, "next5": apperr.CouponAlreadyRegistered,
			"NOPE": apperr.CantRegisterCoupon, "FIRST3": apperr.CantRegisterCoupon, "": apperr.MissingParams,
		} {
			if _, err := svc.Register(ctx, u, code); apperr.CodeOf(err) != want {
				t.Errorf("register %q: %v, want %s", code, err, want)
			}
		}
		// Another user may hold the same pack.
		if _, err := svc.Register(ctx, user(t, db), "NEXT5"); err != nil {
			t.Fatal(err)
		}
		// An expired pack cannot be registered.
		if _, err := db.ExecContext(ctx, `UPDATE coupon_packs SET valid_until = $1 WHERE code = 'TARTU-KAUBAMAJA'`, now); err != nil {
			t.Fatal(err)
		}
		if _, err := svc.Register(ctx, u, "TARTU-KAUBAMAJA"); apperr.CodeOf(err) != apperr.CantRegisterCoupon {
			t.Fatalf("expired pack: %v", err)
		}
	})
}

func TestSeededCouponPacks(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		want := map[string]struct {
			free    int
			station string
		}{
			"FIRST3":          {3, ""},
			"NEXT5":           {5, ""},
			"TALLINN-CENTRE":  {2, "11111111-1111-4111-8111-000000000001"},
			"TARTU-KAUBAMAJA": {2, "11111111-1111-4111-8111-000000000003"},
			"TEMPERATURE":     {1, ""}, // granted by a temperature alarm (doors, migration 00010)
		}
		rows, err := db.QueryContext(ctx, `SELECT code, name_en, name_et, free_orders, station_id, valid_until FROM coupon_packs`)
		if err != nil {
			t.Fatal(err)
		}
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
