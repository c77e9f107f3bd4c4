package accountsql_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"lockers/internal/account"
	"lockers/internal/promo"
	"lockers/internal/promo/promosql"
	"lockers/internal/store"
)

func TestUserRoundTripAndLookups(t *testing.T) {
	each(t, func(t *testing.T, ctx context.Context, s account.Storage, db *store.DB) {
		u := newUser(t, ctx, s, "mari@example.ee")
		got, err := s.Users.UserByID(ctx, u.ID)
		must(t, err)
		if got.Email != u.Email || got.Language != account.Estonian || !got.CreatedAt.Equal(t0) ||
			!got.TermsAcceptedAt.Equal(t0) || got.Active() || got.PasswordHash != "" || len(got.Roles) != 0 {
			t.Fatalf("read back %+v", got)
		}
		if got.CreatedAt.Location() != time.UTC {
			t.Fatalf("created_at in %v, want UTC", got.CreatedAt.Location())
		}
		byEmail, err := s.Users.UserByEmail(ctx, "mari@example.ee")
		must(t, err)
		if byEmail.ID != u.ID {
			t.Fatalf("by e-mail found %s, want %s", byEmail.ID, u.ID)
		}
		_, err = s.Users.UserByEmail(ctx, "nobody@example.ee")
		wantErr(t, err, account.ErrNotFound)
		_, err = s.Users.UserByID(ctx, "00000000-0000-4000-8000-000000000000")
		wantErr(t, err, account.ErrNotFound)
		_, err = s.Users.UserByID(ctx, "not-a-uuid")
		wantErr(t, err, account.ErrNotFound)
	})
}

func TestEmailIsUniqueAmongLiveUsers(t *testing.T) {
	each(t, func(t *testing.T, ctx context.Context, s account.Storage, db *store.DB) {
		first := newUser(t, ctx, s, "taken@example.ee")
		dup := first
		dup.ID = "22222222-2222-4222-8222-222222222222"
		wantErr(t, s.Users.InsertUser(ctx, dup), account.ErrConflict)

		must(t, s.Users.EraseUser(ctx, first.ID, "moving away", t0))
		again := newUser(t, ctx, s, "taken@example.ee") // a deleted account frees its address
		got, err := s.Users.UserByEmail(ctx, "taken@example.ee")
		must(t, err)
		if got.ID != again.ID {
			t.Fatalf("address resolves to %s, want the new account %s", got.ID, again.ID)
		}
	})
}

func TestUpdateProfileAndVerifiedPhoneUniqueness(t *testing.T) {
	each(t, func(t *testing.T, ctx context.Context, s account.Storage, db *store.DB) {
		_, err := db.ExecContext(ctx, `INSERT INTO stations (id, name, address, city, latitude, longitude)
			VALUES ($1, 'Viru', 'Viru väljak 4', 'Tallinn', 59.43, 24.75)`, "11111111-1111-4111-8111-000000000001")
		must(t, err)
		a := newUser(t, ctx, s, "a@example.ee")
		b := newUser(t, ctx, s, "b@example.ee")

		a.FirstName, a.LastName, a.Language = "Mari", "Maasikas", account.English
		a.DefaultStationID = "11111111-1111-4111-8111-000000000001"
		a.PhonePrefix, a.Phone, a.PhoneVerifiedAt = "+372", "5551234", t0
		must(t, s.Users.UpdateProfile(ctx, a))
		got, err := s.Users.UserByID(ctx, a.ID)
		must(t, err)
		if got.FirstName != "Mari" || got.LastName != "Maasikas" || got.Language != account.English ||
			got.DefaultStationID != a.DefaultStationID || got.PhonePrefix != "+372" || got.Phone != "5551234" ||
			!got.PhoneVerifiedAt.Equal(t0) {
			t.Fatalf("profile read back %+v", got)
		}
		id, err := s.Users.UserIDByPhone(ctx, "+372", "5551234")
		must(t, err)
		if id != a.ID {
			t.Fatalf("phone owner %s, want %s", id, a.ID)
		}
		_, err = s.Users.UserIDByPhone(ctx, "+371", "5551234")
		wantErr(t, err, account.ErrNotFound)

		b.PhonePrefix, b.Phone, b.PhoneVerifiedAt = "+372", "5551234", t0
		wantErr(t, s.Users.UpdateProfile(ctx, b), account.ErrConflict)
		b.PhonePrefix, b.Phone = "+37", "25551234" // the same E.164 number split differently
		wantErr(t, s.Users.UpdateProfile(ctx, b), account.ErrConflict)
		id, err = s.Users.UserIDByPhone(ctx, "+37", "25551234")
		must(t, err)
		if id != a.ID {
			t.Fatalf("the re-split number belongs to %s, want %s", id, a.ID)
		}
		b.PhonePrefix, b.Phone = "+372", "5551234"

		a.DefaultStationID, a.PhonePrefix, a.Phone, a.PhoneVerifiedAt = "", "", "", time.Time{}
		must(t, s.Users.UpdateProfile(ctx, a))
		got, err = s.Users.UserByID(ctx, a.ID)
		must(t, err)
		if got.DefaultStationID != "" || got.Phone != "" || !got.PhoneVerifiedAt.IsZero() {
			t.Fatalf("cleared fields read back %+v", got)
		}
		must(t, s.Users.UpdateProfile(ctx, b)) // the number is free again
		wantErr(t, s.Users.UpdateProfile(ctx, account.User{ID: "33333333-3333-4333-8333-333333333333", Language: "en"}),
			account.ErrNotFound)
	})
}

func TestSetPasswordCompletesRegistrationOnce(t *testing.T) {
	each(t, func(t *testing.T, ctx context.Context, s account.Storage, db *store.DB) {
		u := newUser(t, ctx, s, "p@example.ee")
		must(t, s.Users.SetPassword(ctx, u.ID, "hash-1", time.Time{}))
		got, err := s.Users.UserByID(ctx, u.ID)
		must(t, err)
		if got.PasswordHash != "hash-1" || got.Active() {
			t.Fatalf("after a plain password change: %+v", got)
		}
		must(t, s.Users.SetPassword(ctx, u.ID, "hash-2", t0))
		later := t0.Add(time.Hour)
		must(t, s.Users.SetPassword(ctx, u.ID, "hash-3", later))
		got, err = s.Users.UserByID(ctx, u.ID)
		must(t, err)
		if got.PasswordHash != "hash-3" || !got.VerifiedAt.Equal(t0) || !got.Active() {
			t.Fatalf("verified at %v (want the first time %v), hash %q", got.VerifiedAt, t0, got.PasswordHash)
		}
		wantErr(t, s.Users.SetPassword(ctx, "44444444-4444-4444-8444-444444444444", "h", t0), account.ErrNotFound)
	})
}

func TestRolesAreGrantedOnceAndSorted(t *testing.T) {
	each(t, func(t *testing.T, ctx context.Context, s account.Storage, db *store.DB) {
		u := newUser(t, ctx, s, "boss@example.ee")
		for _, r := range []string{"MANAGER", "ADMIN", "ADMIN"} {
			must(t, s.Users.GrantRole(ctx, u.ID, r))
		}
		roles, err := s.Users.Roles(ctx, u.ID)
		must(t, err)
		if !slices.Equal(roles, []string{"ADMIN", "MANAGER"}) {
			t.Fatalf("roles %v", roles)
		}
		got, err := s.Users.UserByEmail(ctx, "boss@example.ee")
		must(t, err)
		if !slices.Equal(got.Roles, roles) {
			t.Fatalf("user carries roles %v, want %v", got.Roles, roles)
		}
		if err := s.Users.GrantRole(ctx, u.ID, "OWNER"); err == nil {
			t.Fatal("an unknown role was stored")
		}
	})
}

func TestEraseUserRemovesPersonalData(t *testing.T) {
	each(t, func(t *testing.T, ctx context.Context, s account.Storage, db *store.DB) {
		u := newUser(t, ctx, s, "gone@example.ee")
		u.FirstName, u.PhonePrefix, u.Phone, u.PhoneVerifiedAt = "Jaan", "+372", "5000000", t0
		must(t, s.Users.UpdateProfile(ctx, u))
		must(t, s.Users.SetPassword(ctx, u.ID, "hash", t0))
		must(t, s.Users.GrantRole(ctx, u.ID, "MANAGER"))
		_, d := newSession(t, ctx, s.Sessions, u.ID, hash64('a'))
		must(t, s.Events.InsertEvent(ctx, account.Event{ID: "55555555-5555-4555-8555-555555555555", Type: "login",
			UserID: u.ID, DeviceID: d.ID, Source: "web", Campaign: "default", CreatedAt: t0}))
		must(t, s.Verifications.InsertVerification(ctx, account.Verification{ID: "66666666-6666-4666-8666-666666666666",
			Purpose: account.PurposePhone, Target: "+3725111111", UserID: u.ID, CodeHash: "c", SentAt: t0, ExpiresAt: t0}))
		must(t, s.Verifications.InsertVerification(ctx, account.Verification{ID: "77777777-7777-4777-8777-777777777777",
			Purpose: account.PurposeReset, Target: "gone@example.ee", CodeHash: "c", SentAt: t0, ExpiresAt: t0}))
		granted, err := promosql.Grant(ctx, db, u.ID, promo.FirstOrdersFree, "subject-gone", t0)
		must(t, err)
		if !granted {
			t.Fatal("coupon not granted")
		}

		must(t, s.Users.EraseUser(ctx, u.ID, "no longer needed", t0.Add(time.Minute)))

		got, err := s.Users.UserByID(ctx, u.ID)
		must(t, err)
		if got.Email != "" || got.FirstName != "" || got.Phone != "" || got.PasswordHash != "" ||
			!got.DeletedAt.Equal(t0.Add(time.Minute)) || got.Active() || len(got.Roles) != 0 {
			t.Fatalf("erased user still holds %+v", got)
		}
		_, err = session(ctx, s.Sessions, hash64('a'))
		wantErr(t, err, account.ErrNotFound)
		for table, want := range map[string]int{"sessions": 0, "devices": 0, "verifications": 0, "user_roles": 0} {
			if n := count(t, db, `SELECT count(*) FROM `+table); n != want {
				t.Errorf("%s has %d rows after erasing, want %d", table, n, want)
			}
		}
		if n := count(t, db, `SELECT count(*) FROM events WHERE user_id = $1 AND device_id IS NULL`, u.ID); n != 1 {
			t.Errorf("the event should stay without its device, found %d", n)
		}
		if n := count(t, db, `SELECT count(*) FROM user_coupons WHERE user_id = $1`, u.ID); n != 1 {
			t.Errorf("the coupon should stay for the orders that used it, found %d", n)
		}
		var reason string
		must(t, db.QueryRowContext(ctx, `SELECT delete_reason FROM users WHERE id = $1`, u.ID).Scan(&reason))
		if reason != "no longer needed" {
			t.Errorf("reason %q", reason)
		}
		wantErr(t, s.Users.EraseUser(ctx, u.ID, "twice", t0), account.ErrNotFound)
	})
}

func TestInTxRollsBackEveryWrite(t *testing.T) {
	each(t, func(t *testing.T, ctx context.Context, s account.Storage, db *store.DB) {
		u := newUser(t, ctx, s, "tx@example.ee")
		err := s.Tx.InTx(ctx, func(tx account.Tx) error {
			newSession(t, ctx, tx.Sessions, u.ID, hash64('b'))
			if err := tx.Users.SetPassword(ctx, u.ID, "hash", t0); err != nil {
				return err
			}
			if ok, err := tx.Coupons.GrantCoupon(ctx, u.ID, promo.FirstOrdersFree, "subject-tx", t0); err != nil || !ok {
				t.Errorf("grant in the transaction: %v, %v", ok, err)
			}
			// A unique violation inside the transaction is reported as a conflict.
			return tx.Users.InsertUser(ctx, account.User{ID: "88888888-8888-4888-8888-888888888888",
				Email: "tx@example.ee", Language: "en", CreatedAt: t0})
		})
		wantErr(t, err, account.ErrConflict)
		got, err := s.Users.UserByID(ctx, u.ID)
		must(t, err)
		if got.PasswordHash != "" || got.Active() {
			t.Fatal("the password survived the rollback")
		}
		for _, table := range []string{"sessions", "devices", "user_coupons"} {
			if n := count(t, db, `SELECT count(*) FROM `+table); n != 0 {
				t.Errorf("%d rows of %s survived the rollback", n, table)
			}
		}
	})
}
