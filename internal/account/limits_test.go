package account_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"lockers/internal/account"
	"lockers/internal/apperr"
	"lockers/internal/identity"
	"lockers/internal/ratelimit"
)

// tight allows two requests per key and then none for an hour.
var tight = ratelimit.Config{Every: time.Hour, Burst: 2}

func TestAddressAndAccountLimits(t *testing.T) {
	limits := func(d *account.Deps) {
		d.Limits = account.Limits{Address: ratelimit.New(tight), Account: ratelimit.New(ratelimit.Config{Every: time.Hour, Burst: 3})}
	}
	eachDB(t, func(t *testing.T, h *harness) {
		const addr = "limit@example.ee"
		_, err := h.svc.Reset(anon("198.51.100.9"), addr)
		must(t, err)
		for range 2 {
			_, err = h.svc.Verify(anon("198.51.100.1"), addr, "123456")
			wantCode(t, err, apperr.VerificationNotFound)
		}
		_, err = h.svc.Verify(anon("198.51.100.1"), addr, "123456")
		wantCode(t, err, apperr.CodeTooManyRequest) // this address is spent
		_, err = h.svc.Verify(anon("198.51.100.2"), addr, "123456")
		wantCode(t, err, apperr.VerificationNotFound) // the account's third try, from elsewhere
		_, err = h.svc.Verify(anon("198.51.100.3"), addr, "123456")
		wantCode(t, err, apperr.CodeTooManyRequest) // the account is spent from every address
		_, err = h.svc.Verify(anon("198.51.100.3"), "other@example.ee", "123456")
		wantCode(t, err, apperr.VerificationNotFound)

		// Login spends the address's budget but no per-account one: a budget of
		// attempts per account would let anyone keep its owner out (the failure
		// limits of login_limits_test.go take its place).
		in := account.LoginInput{Email: addr, Password: "secret-1", Device: device}
		for range 2 {
			_, err = h.svc.Login(anon("198.51.100.5"), in)
			wantCode(t, err, apperr.MissingOrInvalidPassword)
		}
		_, err = h.svc.Login(anon("198.51.100.5"), in)
		wantCode(t, err, apperr.CodeTooManyRequest)
		for i := range 5 {
			_, err = h.svc.Login(anon(fmt.Sprintf("198.51.100.%d", 10+i)), in)
			wantCode(t, err, apperr.MissingOrInvalidPassword)
		}
	}, limits)
}

func TestTokenLimitAndAuthenticate(t *testing.T) {
	limits := func(d *account.Deps) { d.Limits = account.Limits{Token: ratelimit.New(tight)} }
	eachDB(t, func(t *testing.T, h *harness) {
		a := h.signUp(t, "busy@example.ee", "secret-1")
		must(t, h.svc.GrantRole(anon("192.0.2.1"), "BUSY@example.ee", identity.RoleManager))
		p, err := h.svc.Authenticate(anon("192.0.2.1"), a.Token)
		must(t, err)
		if p.UserID != a.User.ID || p.SessionID == "" || !slices.Equal(p.Roles, []string{identity.RoleManager}) {
			t.Fatalf("principal %+v", p)
		}
		_, err = h.svc.Authenticate(anon("192.0.2.1"), a.Token)
		must(t, err)
		_, err = h.svc.Authenticate(anon("192.0.2.1"), a.Token)
		wantCode(t, err, apperr.RateLimitExceeded)

		// A batch costs one token per call: with a burst of two, a batch of
		// three is refused whole, a batch of two spends both tokens and a
		// single call after it is refused.
		b := h.signUp(t, "batch@example.ee", "secret-1")
		batch := func(n int) context.Context {
			return account.WithRequest(context.Background(), account.Request{ClientIP: "192.0.2.1", Calls: n})
		}
		_, err = h.svc.Authenticate(batch(3), b.Token)
		wantCode(t, err, apperr.RateLimitExceeded)
		_, err = h.svc.Authenticate(batch(2), b.Token)
		must(t, err)
		_, err = h.svc.Authenticate(anon("192.0.2.1"), b.Token)
		wantCode(t, err, apperr.RateLimitExceeded)

		for _, bad := range []string{"", "unknown-token", string(make([]byte, 600))} {
			if _, err := h.svc.Authenticate(anon("192.0.2.1"), bad); !errors.Is(err, account.ErrUnauthenticated) {
				t.Fatalf("token %.10q: %v", bad, err)
			}
		}
		wantCode(t, h.svc.GrantRole(anon("192.0.2.1"), "nobody@example.ee", identity.RoleAdmin), apperr.UserNotFound)
		wantCode(t, h.svc.GrantRole(anon("192.0.2.1"), "busy@example.ee", "OWNER"), apperr.BadInput)
	}, limits)
}

func TestSessionsExpire(t *testing.T) {
	eachDB(t, func(t *testing.T, h *harness) {
		a := h.signUp(t, "idle@example.ee", "secret-1")
		h.clock.Add(account.DefaultSessionTTL - time.Minute)
		_, err := h.svc.Authorize(h.as(t, a.Token), device) // use extends the session
		must(t, err)
		h.clock.Add(account.DefaultSessionTTL - time.Minute)
		h.as(t, a.Token)
		h.clock.Add(2 * time.Minute)
		if _, err := h.svc.Authenticate(anon("192.0.2.1"), a.Token); !errors.Is(err, account.ErrUnauthenticated) {
			t.Fatalf("an idle session outlived its lifetime: %v", err)
		}
	})
}

func TestEventLimitPerAddress(t *testing.T) {
	limits := func(d *account.Deps) {
		d.Limits = account.Limits{Address: ratelimit.New(tight), Events: ratelimit.New(tight)}
	}
	eachDB(t, func(t *testing.T, h *harness) {
		in := account.TrackInput{Type: "sign-up"}
		for range 2 {
			must(t, h.svc.Track(anon("203.0.113.7"), in))
		}
		wantCode(t, h.svc.Track(anon("203.0.113.7"), in), apperr.CodeTooManyRequest)
		must(t, h.svc.Track(anon("203.0.113.8"), in)) // another address has its own budget
		if n := count(t, h.db, `SELECT count(*) FROM events WHERE type = 'sign-up'`); n != 3 {
			t.Fatalf("%d events stored, want the 3 allowed", n)
		}
		// A flood of events spends nothing of the sign-in steps' budget.
		for range 2 {
			_, err := h.svc.Verify(anon("203.0.113.7"), "flood@example.ee", "123456")
			wantCode(t, err, apperr.VerificationNotFound)
		}
	}, limits)
}
