package account_test

import (
	"testing"
	"time"

	"lockers/internal/account"
	"lockers/internal/apperr"
)

// A resend gives a new code, not new guesses: wrong codes are capped per
// address and day across resends, in the database (issue 18).
func TestWrongCodesAreCappedPerDayAcrossResends(t *testing.T) {
	eachDB(t, func(t *testing.T, h *harness) {
		ctx := anon("203.0.113.40")
		const addr = "guessed@example.ee"
		h.signUp(t, addr, "secret-1")
		mails := h.mailsTo(addr)
		_, err := h.svc.Reset(ctx, addr)
		must(t, err)
		wrong := 0
		for cycle := 0; wrong < account.MaxCodeTriesPerDay; cycle++ {
			if cycle > 0 { // the resend the old rule reset the count on
				h.clock.Add(account.ResendAfter)
				_, err = h.svc.Recall(ctx, addr)
				must(t, err)
			}
			code := h.mailCode(t, addr, mails+cycle).Code()
			for range account.MaxCodeAttempts {
				_, err = h.svc.Verify(ctx, addr, wrongOf(code))
				wantCode(t, err, apperr.VerificationNotFound)
				wrong++
			}
		}
		// The day's budget is spent: a fresh code, even the right one, is refused.
		h.clock.Add(account.ResendAfter)
		_, err = h.svc.Recall(ctx, addr)
		must(t, err)
		sent := h.mailsTo(addr)
		code := h.mailCode(t, addr, sent-1).Code()
		_, err = h.svc.Verify(ctx, addr, code)
		wantCode(t, err, apperr.CodeTooManyRequest)
		if n := count(t, h.db, `SELECT max(tries) FROM code_tries`); n != account.MaxCodeTriesPerDay {
			t.Fatalf("stored tries %d, want %d", n, account.MaxCodeTriesPerDay)
		}

		// The next UTC day the owner gets in, and a right code costs nothing.
		h.clock.Add(24 * time.Hour)
		_, err = h.svc.Recall(ctx, addr)
		must(t, err)
		code = h.mailCode(t, addr, sent).Code()
		_, err = h.svc.Verify(ctx, addr, wrongOf(code))
		wantCode(t, err, apperr.VerificationNotFound)
		_, err = h.svc.Verify(ctx, addr, code)
		must(t, err)
		day := h.clock.Now().UTC().Format(time.DateOnly)
		if n := count(t, h.db, `SELECT tries FROM code_tries WHERE day = $1`, day); n != 1 {
			t.Fatalf("today's tries %d, want 1 (the wrong one)", n)
		}
		// Days before yesterday are gone.
		if n := count(t, h.db, `SELECT count(*) FROM code_tries WHERE day < $1`, h.clock.Now().AddDate(0, 0, -1).Format(time.DateOnly)); n != 0 {
			t.Fatalf("%d stale rows kept", n)
		}
	})
}
