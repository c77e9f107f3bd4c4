package promosql_test

import (
	"context"
	"database/sql"
	"errors"
	"sync"
	"testing"
	"time"

	"lockers/internal/promo"
	"lockers/internal/promo/promosql"
	"lockers/internal/store"
	"lockers/internal/store/storetest"
)

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func count(t *testing.T, db *store.DB, query string, args ...any) int {
	t.Helper()
	var n int
	if err := db.QueryRowContext(context.Background(), query, args...).Scan(&n); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return n
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

func TestCouponByIDReadsTheCouponWithItsPack(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		c, err := promo.NewService(promosql.New(db), func() time.Time { return now }).Register(ctx, user(t, db), "TARTU-KAUBAMAJA")
		must(t, err)
		got, err := promosql.CouponByID(ctx, db, c.ID)
		must(t, err)
		if got.ID != c.ID || got.UserID != c.UserID || got.Remaining != 2 || !got.RegisteredAt.Equal(now) ||
			got.Pack.Code != "TARTU-KAUBAMAJA" || got.Pack.StationID != "11111111-1111-4111-8111-000000000003" ||
			got.Pack.FreeOrders != 2 || got.Pack.NameEN == "" || !got.Pack.ValidUntil.IsZero() {
			t.Fatalf("coupon %+v, registered %+v", got, c)
		}
		if _, err := promosql.CouponByID(ctx, db, "99999999-9999-4999-8999-999999999999"); !errors.Is(err, sql.ErrNoRows) {
			t.Fatalf("missing coupon: %v", err)
		}
	})
}

func TestGrantOncePerSubject(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		a, b := user(t, db), user(t, db)
		ok, err := promosql.Grant(ctx, db, a, promo.FirstOrdersFree, "email-hash", now)
		must(t, err)
		if !ok {
			t.Fatal("first grant refused")
		}
		ok, err = promosql.Grant(ctx, db, b, promo.FirstOrdersFree, "email-hash", now) // same address, new account
		must(t, err)
		if ok {
			t.Fatal("the pack was granted twice to one subject")
		}
		ok, err = promosql.Grant(ctx, db, b, "NO-SUCH-PACK", "x", now)
		must(t, err)
		if ok {
			t.Fatal("an unknown pack was granted")
		}
		if n := count(t, db, `SELECT remaining FROM user_coupons WHERE user_id = $1 AND pack_code = 'FIRST3'`, a); n != 3 {
			t.Fatalf("remaining %d, want 3", n)
		}
		if n := count(t, db, `SELECT count(*) FROM user_coupons WHERE user_id = $1`, b); n != 0 {
			t.Fatalf("second account holds %d coupons", n)
		}
		_, err = db.ExecContext(ctx, `UPDATE user_coupons SET remaining = -1 WHERE user_id = $1`, a)
		if !store.Violates(err, store.Check) {
			t.Fatalf("negative remaining: %v", err)
		}
	})
}

func TestBindPhoneOncePerPhone(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		a, b, c := user(t, db), user(t, db), user(t, db)
		for _, u := range []string{a, b} {
			_, err := promosql.Grant(ctx, db, u, promo.FirstOrdersFree, "mail-"+u, now)
			must(t, err)
		}
		remaining := func(u string) int {
			return count(t, db, `SELECT remaining FROM user_coupons WHERE user_id = $1`, u)
		}
		ok, err := promosql.BindPhone(ctx, db, a, promo.FirstOrdersFree, "phone-1")
		must(t, err)
		if !ok {
			t.Fatal("the first holder could not bind the phone")
		}
		ok, err = promosql.BindPhone(ctx, db, a, promo.FirstOrdersFree, "phone-2") // a later phone of the same holder
		must(t, err)
		if !ok || count(t, db, `SELECT count(*) FROM user_coupons WHERE phone_subject = 'phone-1'`) != 1 {
			t.Fatal("the first bound phone must stay")
		}
		ok, err = promosql.BindPhone(ctx, db, b, promo.FirstOrdersFree, "phone-1")
		must(t, err)
		if ok || remaining(b) != 0 || remaining(a) != 3 {
			t.Fatalf("second account on the phone: ok=%v, remaining %d (first keeps %d)", ok, remaining(b), remaining(a))
		}
		ok, err = promosql.BindPhone(ctx, db, c, promo.FirstOrdersFree, "phone-3") // holds no pack
		must(t, err)
		if !ok {
			t.Fatal("a user without the pack was refused")
		}
	})
}
