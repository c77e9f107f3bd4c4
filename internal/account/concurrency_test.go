package account_test

import (
	"sync"
	"testing"

	"lockers/internal/account"
	"lockers/internal/apperr"
)

// parallel runs fn n times at once and returns the errors.
func parallel(n int, fn func(i int) error) []error {
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() { errs[i] = fn(i) })
	}
	wg.Wait()
	return errs
}

// tally counts nil errors and errors per catalogue code.
func tally(errs []error) (ok int, codes map[apperr.Code]int) {
	codes = map[apperr.Code]int{}
	for _, err := range errs {
		if err == nil {
			ok++
		} else {
			codes[apperr.CodeOf(err)]++
		}
	}
	return ok, codes
}

func TestConcurrentRegistrationsSendOneCode(t *testing.T) {
	eachDB(t, func(t *testing.T, h *harness) {
		errs := parallel(8, func(int) error {
			_, err := h.svc.Register(anon("203.0.113.20"), account.RegisterInput{Email: "race@example.ee", AcceptTerms: true})
			return err
		})
		ok, codes := tally(errs)
		if ok != 1 || codes[apperr.VerificationTooSoon] != 7 {
			t.Fatalf("%d registrations succeeded, errors %v; want 1 and 7 VERIFICATION_TOO_SOON", ok, codes)
		}
		if n := h.mailsTo("race@example.ee"); n != 1 {
			t.Fatalf("%d codes e-mailed", n)
		}
		if n := count(t, h.db, `SELECT count(*) FROM users WHERE email = 'race@example.ee'`); n != 1 {
			t.Fatalf("%d users for one address", n)
		}
	})
}

func TestConcurrentGuessesAreCapped(t *testing.T) {
	eachDB(t, func(t *testing.T, h *harness) {
		ctx := anon("203.0.113.21")
		_, err := h.svc.Register(ctx, account.RegisterInput{Email: "guess@example.ee", AcceptTerms: true})
		must(t, err)
		code := h.mailCode(t, "guess@example.ee", 0).Code()
		parallel(12, func(int) error {
			_, err := h.svc.Verify(ctx, "guess@example.ee", wrongOf(code))
			return err
		})
		if n := count(t, h.db, `SELECT attempts FROM verifications WHERE target = 'guess@example.ee'`); n != account.MaxCodeAttempts {
			t.Fatalf("%d attempts counted, want the cap %d", n, account.MaxCodeAttempts)
		}
		_, err = h.svc.Verify(ctx, "guess@example.ee", code)
		wantCode(t, err, apperr.VerificationNotFound)
	})
}

func TestConcurrentPasswordStepsSpendTheTokenOnce(t *testing.T) {
	eachDB(t, func(t *testing.T, h *harness) {
		ctx := anon("203.0.113.22")
		_, err := h.svc.Register(ctx, account.RegisterInput{Email: "twice@example.ee", AcceptTerms: true})
		must(t, err)
		v, err := h.svc.Verify(ctx, "twice@example.ee", h.mailCode(t, "twice@example.ee", 0).Code())
		must(t, err)
		errs := parallel(6, func(int) error {
			_, err := h.svc.SetPassword(ctx, account.SetPasswordInput{Token: v.Token, Password: "secret-1",
				PasswordRepeat: "secret-1", Device: device})
			return err
		})
		ok, codes := tally(errs)
		if ok != 1 || codes[apperr.VerificationNotFound] != 5 {
			t.Fatalf("%d password steps succeeded, errors %v", ok, codes)
		}
		if n := count(t, h.db, `SELECT count(*) FROM sessions`); n != 1 {
			t.Fatalf("%d sessions opened by one token", n)
		}
		if n := count(t, h.db, `SELECT count(*) FROM user_coupons`); n != 1 {
			t.Fatalf("%d coupon packs granted", n)
		}
	})
}
