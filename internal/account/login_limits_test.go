package account_test

import (
	"context"
	"fmt"
	"regexp"
	"testing"
	"time"

	"lockers/internal/account"
	"lockers/internal/apperr"
	"lockers/internal/ratelimit"
)

// The sign-in limits of docs/security.md, small enough for a test: 3 failures
// per account and client in 15 minutes, a ceiling of 6 per account in an hour.
const (
	pairMax    = 3
	ceilingMax = 6
)

func loginLimits(d *account.Deps) {
	d.PublicURL = "https://lockers.example"
	d.Limits.LoginClient = ratelimit.NewLockout(pairMax, 15*time.Minute, 15*time.Minute, d.Now)
	d.Limits.LoginAccount = ratelimit.NewLockout(ceilingMax, time.Hour, time.Hour, d.Now)
}

// owner is where the owner signed up (harness.signUp) and signs in from.
const owner = "203.0.113.5"

func login(h *harness, ip, email, password string) error {
	_, err := h.svc.Login(anon(ip), account.LoginInput{Email: email, Password: password, Device: device})
	return err
}

// attack fails n sign-ins to email, each from a client address of its own
// (a botnet: no per-client limit is ever reached).
func attack(t *testing.T, h *harness, email string, from, n int) {
	t.Helper()
	for i := range n {
		wantCode(t, login(h, fmt.Sprintf("198.51.100.%d", from+i), email, "wrong-password"), apperr.MissingOrInvalidPassword)
	}
}

var unlockLink = regexp.MustCompile(`https://lockers\.example/login/unlock#([A-Za-z0-9_-]{43})`)

// unlockToken waits for the unlock e-mail to addr after skip earlier e-mails.
func (h *harness) unlockToken(t *testing.T, addr string, skip int) string {
	t.Helper()
	h.svc.Wait()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	m, err := h.mail.WaitFor(ctx, addr, skip)
	if err != nil {
		t.Fatal(err)
	}
	got := unlockLink.FindStringSubmatch(m.Text)
	if got == nil || !unlockLink.MatchString(m.HTML) {
		t.Fatalf("no unlock link in both parts of %q: %s", m.Subject, m.Text)
	}
	return got[1]
}

func TestStrangersCannotLockTheOwnerOut(t *testing.T) {
	eachDB(t, func(t *testing.T, h *harness) {
		const addr = "owner@example.ee"
		h.signUp(t, addr, "secret-1")
		attack(t, h, addr, 1, ceilingMax) // the ceiling is reached
		for _, ip := range []string{"198.51.100.200", "192.0.2.99"} {
			// Strangers are refused before any password is checked, the right one included.
			wantCode(t, login(h, ip, addr, "secret-1"), apperr.CodeTooManyRequest)
		}
		// The owner's client is known to the account: it signs in all the same.
		must(t, login(h, owner, addr, "secret-1"))
		// And a slow attacker (one try every 20 s, the old lock-out) changes nothing.
		for i := range 10 {
			h.clock.Add(20 * time.Second)
			wantCode(t, login(h, fmt.Sprintf("198.51.100.%d", 100+i), addr, "wrong-password"), apperr.CodeTooManyRequest)
			must(t, login(h, owner, addr, "secret-1"))
		}
		// A known client still has only its own few tries at a wrong password.
		for range pairMax {
			wantCode(t, login(h, owner, addr, "guess"), apperr.MissingOrInvalidPassword)
		}
		wantCode(t, login(h, owner, addr, "secret-1"), apperr.CodeTooManyRequest)
	}, loginLimits)
}

func TestPerAccountAndClientLimit(t *testing.T) {
	eachDB(t, func(t *testing.T, h *harness) {
		const addr = "pair@example.ee"
		h.signUp(t, addr, "secret-1")
		h.signUp(t, "neighbour@example.ee", "secret-2")
		const ip = "198.51.100.7"
		for range pairMax {
			wantCode(t, login(h, ip, addr, "wrong-password"), apperr.MissingOrInvalidPassword)
		}
		// This client is locked out of this account, even with the right password...
		wantCode(t, login(h, ip, addr, "secret-1"), apperr.CodeTooManyRequest)
		// ...but not out of another account, and the owner elsewhere is not affected.
		must(t, login(h, ip, "neighbour@example.ee", "secret-2"))
		must(t, login(h, owner, addr, "secret-1"))
		must(t, login(h, "192.0.2.44", addr, "secret-1")) // below the ceiling a new client signs in too
		// The lock lasts its time, then the client may try again.
		h.clock.Add(15*time.Minute - time.Second)
		wantCode(t, login(h, ip, addr, "secret-1"), apperr.CodeTooManyRequest)
		h.clock.Add(time.Second)
		must(t, login(h, ip, addr, "secret-1"))
		// A success forgets the client's earlier failures.
		for range pairMax - 1 {
			wantCode(t, login(h, ip, addr, "wrong-password"), apperr.MissingOrInvalidPassword)
		}
		must(t, login(h, ip, addr, "secret-1"))
		for range pairMax - 1 {
			wantCode(t, login(h, ip, addr, "wrong-password"), apperr.MissingOrInvalidPassword)
		}
		must(t, login(h, ip, addr, "secret-1"))
	}, loginLimits)
}

func TestAccountCeilingHoldsAndLooksTheSameForUnknownAddresses(t *testing.T) {
	eachDB(t, func(t *testing.T, h *harness) {
		const addr, unknown = "ceiling@example.ee", "nobody@example.ee"
		h.signUp(t, addr, "secret-1")
		mails := h.mailsTo(addr)
		for _, email := range []string{addr, unknown} {
			attack(t, h, email, 1, ceilingMax-1)
			must(t, login(h, "198.51.100.250", addr, "secret-1")) // one below the ceiling: a new client still gets in
			attack(t, h, email, 100, 1)
			for _, ip := range []string{"198.51.100.251", "192.0.2.200"} {
				wantCode(t, login(h, ip, email, "secret-1"), apperr.CodeTooManyRequest)
			}
		}
		// Only the real owner is mailed, once per lock; the unknown address gets nothing.
		if got := h.mailsTo(addr) - mails; got != 1 {
			t.Fatalf("%d unlock e-mails to the owner, want 1", got)
		}
		if got := h.mailsTo(unknown); got != 0 {
			t.Fatalf("%d e-mails to an address without an account", got)
		}
		// The ceiling lasts its hour for strangers.
		h.clock.Add(time.Hour - time.Second)
		wantCode(t, login(h, "192.0.2.201", addr, "secret-1"), apperr.CodeTooManyRequest)
		h.clock.Add(time.Second)
		must(t, login(h, "192.0.2.201", addr, "secret-1"))
	}, loginLimits)
}

func TestUnlockLinkWorksOnce(t *testing.T) {
	eachDB(t, func(t *testing.T, h *harness) {
		const addr = "unlock@example.ee"
		h.signUp(t, addr, "secret-1")
		mails := h.mailsTo(addr)
		attack(t, h, addr, 1, ceilingMax)
		token := h.unlockToken(t, addr, mails)
		const travelling = "192.0.2.150" // the owner, on a client the account does not know
		wantCode(t, login(h, travelling, addr, "secret-1"), apperr.CodeTooManyRequest)

		must(t, h.svc.Unlock(anon(travelling), token))
		must(t, login(h, travelling, addr, "secret-1"))
		// The opened link made the client known: the attack resuming changes nothing for it.
		attack(t, h, addr, 50, ceilingMax)
		wantCode(t, login(h, "198.51.100.240", addr, "secret-1"), apperr.CodeTooManyRequest)
		must(t, login(h, travelling, addr, "secret-1"))

		// Single use: the link does not work twice, from anywhere.
		wantCode(t, h.svc.Unlock(anon(travelling), token), apperr.VerificationNotFound)
		wantCode(t, h.svc.Unlock(anon("192.0.2.151"), token), apperr.VerificationNotFound)
		// Nor does a made-up or missing token; and only the token's hash is stored.
		wantCode(t, h.svc.Unlock(anon(travelling), "made-up"), apperr.VerificationNotFound)
		wantCode(t, h.svc.Unlock(anon(travelling), ""), apperr.MissingVerificationToken)
		if n := count(t, h.db, `SELECT count(*) FROM login_unlocks WHERE token_hash = $1 AND used_at IS NOT NULL`, tokenHashOf(token)); n != 1 {
			t.Fatalf("%d spent rows with the token's hash", n)
		}

		// A link expires: the second lock's link, opened after a day, is refused.
		second := h.unlockToken(t, addr, mails+1)
		h.clock.Add(account.UnlockTTL)
		wantCode(t, h.svc.Unlock(anon("192.0.2.152"), second), apperr.VerificationNotFound)
	}, loginLimits)
}

// Login must check the password before it tells anything about the account
// (issue 18): an unfinished registration and a wrong password read the same
// as an unknown address; NOT_VERIFIED only to the holder of the password.
func TestLoginRevealsNothingWithoutThePassword(t *testing.T) {
	eachDB(t, func(t *testing.T, h *harness) {
		ctx := anon("203.0.113.30")
		const pending, unknown = "pending@example.ee", "ghost@example.ee"
		_, err := h.svc.Register(ctx, account.RegisterInput{Email: pending, AcceptTerms: true})
		must(t, err)
		for _, email := range []string{pending, unknown} {
			wantCode(t, login(h, "203.0.113.30", email, "secret-1"), apperr.MissingOrInvalidPassword)
			wantCode(t, login(h, "203.0.113.30", email, ""), apperr.MissingOrInvalidPassword)
		}
		// A pending account that somehow holds a password (none of today's paths
		// store one before the code): NOT_VERIFIED only with the right password.
		u, err := h.store.Users.UserByEmail(context.Background(), pending)
		must(t, err)
		must(t, h.store.Users.SetPassword(context.Background(), u.ID, account.HashPassword("secret-1", fastHash), time.Time{}))
		wantCode(t, login(h, "203.0.113.30", pending, "secret-2"), apperr.MissingOrInvalidPassword)
		wantCode(t, login(h, "203.0.113.30", pending, "secret-1"), apperr.NotVerified)
	})
}
