package account_test

import (
	"context"
	"errors"
	"testing"

	"lockers/internal/account"
	"lockers/internal/apperr"
	"lockers/internal/backoffice"
	"lockers/internal/backoffice/officesql"
	"lockers/internal/identity"
)

// TestBlockedUser: the back office blocks a user; their session ends at once,
// login answers FORBIDDEN / UNAUTHORIZED (only to the holder of the password),
// a password reset opens no session either, and unblocking lets them back in.
func TestBlockedUser(t *testing.T) {
	eachDB(t, func(t *testing.T, h *harness) {
		const addr = "kadri@example.com"
		me := h.signUp(t, addr, "secret-1")
		boss := h.signUp(t, "boss@example.com", "secret-9")
		office, err := backoffice.NewService(backoffice.Deps{Store: officesql.New(h.db, h.clock.Now)})
		must(t, err)
		adminCtx := identity.With(anon("192.0.2.9"), identity.Principal{UserID: boss.User.ID, SessionID: "s",
			Roles: []string{identity.RoleAdmin}})

		if _, err := office.SetBlocked(adminCtx, me.User.ID, true, userVersion(t, office, adminCtx, me.User.ID), "fraud"); err != nil {
			t.Fatal(err)
		}
		ctx := anon("203.0.113.5")
		if _, err := h.svc.Authenticate(ctx, me.Token); !errors.Is(err, account.ErrUnauthenticated) {
			t.Fatalf("the blocked user's session still works: %v", err)
		}
		_, err = h.svc.Login(ctx, account.LoginInput{Email: addr, Password: "secret-1", Device: device})
		e, ok := apperr.As(err)
		if !ok || e.Code != apperr.CodeUnauthorized || e.TRPCCode() != apperr.Forbidden {
			t.Fatalf("login of a blocked user: %v", err)
		}
		_, err = h.svc.Login(ctx, account.LoginInput{Email: addr, Password: "wrong-1", Device: device})
		wantCode(t, err, apperr.MissingOrInvalidPassword) // a stranger learns nothing

		_, err = h.svc.Reset(ctx, addr)
		must(t, err)
		v, err := h.svc.Verify(ctx, addr, h.mailCode(t, addr, 1).Code())
		must(t, err)
		_, err = h.svc.SetPassword(ctx, account.SetPasswordInput{Token: v.Token, Password: "secret-2",
			PasswordRepeat: "secret-2", Device: device})
		wantCode(t, err, apperr.CodeUnauthorized)
		if n := count(t, h.db, `SELECT count(*) FROM sessions WHERE user_id = $1 AND revoked_at IS NULL`, me.User.ID); n != 0 {
			t.Fatalf("%d live sessions of a blocked user", n)
		}

		if _, err := office.SetBlocked(adminCtx, me.User.ID, false, userVersion(t, office, adminCtx, me.User.ID), ""); err != nil {
			t.Fatal(err)
		}
		if _, err := h.svc.Login(ctx, account.LoginInput{Email: addr, Password: "secret-1", Device: device}); err != nil {
			t.Fatalf("login after unblock: %v", err)
		}
		if n := count(t, h.db, `SELECT count(*) FROM audit_log WHERE target_id = $1 AND actor_id = $2`,
			me.User.ID, boss.User.ID); n != 2 {
			t.Fatalf("%d audit rows, want block and unblock", n)
		}
	})
}

// userVersion is the version of the user's admin fields a block starts from,
// as the user page reads it.
func userVersion(t *testing.T, office *backoffice.Service, ctx context.Context, userID string) string {
	t.Helper()
	d, err := office.User(ctx, userID)
	must(t, err)
	return d.User.Version
}
