package promosql_test

import (
	"context"
	"sync"
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

func TestUseNeverSpendsMoreThanRemainsAndReturnGivesBack(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		svc := promo.NewService(promosql.New(db), func() time.Time { return now })
		c, err := svc.Register(ctx, user(t, db), "TALLINN-CENTRE") // 2 free orders
		if err != nil {
			t.Fatal(err)
		}
		var (
			wg   sync.WaitGroup
			mu   sync.Mutex
			used int
		)
		for range 20 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				err := db.InTx(ctx, func(tx *store.Tx) error {
					ok, err := promosql.Use(ctx, tx, c.ID, now)
					if ok {
						mu.Lock()
						used++
						mu.Unlock()
					}
					return err
				})
				if err != nil {
					t.Error(err)
				}
			}()
		}
		wg.Wait()
		remaining := func() int {
			var n int
			if err := db.QueryRowContext(ctx, `SELECT remaining FROM user_coupons WHERE id = $1`, c.ID).Scan(&n); err != nil {
				t.Fatal(err)
			}
			return n
		}
		if used != 2 || remaining() != 0 {
			t.Fatalf("used %d, remaining %d; want 2 and 0", used, remaining())
		}
		if err := promosql.Return(ctx, db, c.ID); err != nil || remaining() != 1 {
			t.Fatalf("return: %v, remaining %d", err, remaining())
		}
		// An expired pack is not spent.
		if _, err := db.ExecContext(ctx, `UPDATE coupon_packs SET valid_until = $1 WHERE code = 'TALLINN-CENTRE'`, now); err != nil {
			t.Fatal(err)
		}
		ok, err := promosql.Use(ctx, db, c.ID, now)
		if err != nil || ok {
			t.Fatalf("use of an expired pack: %v, %v", ok, err)
		}
	})
}
