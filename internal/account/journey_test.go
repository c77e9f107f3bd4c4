package account_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"lockers/internal/account"
	"lockers/internal/apperr"
)

const (
	viru     = "11111111-1111-4111-8111-000000000001"
	addrMari = "mari.maasikas@example.ee"
)

// TestAccountJourney walks one person through every account step the app has,
// in order, on both databases: register, verify, set password, log in, authorize,
// update the profile, verify a phone, log out, reset the password, delete.
func TestAccountJourney(t *testing.T) {
	eachDB(t, func(t *testing.T, h *harness) {
		ctx := anon("203.0.113.5")
		_, err := h.db.ExecContext(ctx, `INSERT INTO stations (id, name, address, city, latitude, longitude)
			VALUES ($1, 'Viru Keskus', 'Viru väljak 4', 'Tallinn', 59.436, 24.755)`, viru)
		must(t, err)

		// Register in Estonian: the address is normalised and the code e-mailed in Estonian.
		sent, err := h.svc.Register(ctx, account.RegisterInput{Email: "  Mari.Maasikas@Example.EE ", AcceptTerms: true, Language: "et"})
		must(t, err)
		now := h.clock.Now()
		if sent.Email != addrMari || !sent.ExpiresAt.Equal(now.Add(15*time.Minute)) || !sent.ResendAt.Equal(now.Add(time.Minute)) {
			t.Fatalf("code sent %+v", sent)
		}
		msg := h.mailCode(t, addrMari, 0)
		if msg.Subject != "Kinnita oma e-posti aadress" || !strings.Contains(msg.Text, "15 minutit") {
			t.Fatalf("registration mail %q: %q", msg.Subject, msg.Text)
		}

		// A wrong code, then the right one.
		wrong := "000000"
		if msg.Code() == wrong {
			wrong = "111111"
		}
		_, err = h.svc.Verify(ctx, addrMari, wrong)
		wantCode(t, err, apperr.VerificationNotFound)
		// Without the password, a pending registration looks like no account (issue 18).
		_, err = h.svc.Login(ctx, account.LoginInput{Email: addrMari, Password: "whatever", Device: device})
		wantCode(t, err, apperr.MissingOrInvalidPassword)
		verified, err := h.svc.Verify(ctx, addrMari, msg.Code())
		must(t, err)

		// The password step: rules first, then the account is complete and signed in.
		_, err = h.svc.SetPassword(ctx, account.SetPasswordInput{Token: verified.Token, Password: "short", PasswordRepeat: "short", Device: device})
		wantCode(t, err, apperr.PasswordTooShort)
		_, err = h.svc.SetPassword(ctx, account.SetPasswordInput{Token: verified.Token, Password: "secret-1", PasswordRepeat: "secret-2", Device: device})
		wantCode(t, err, apperr.PasswordMismatch)
		first, err := h.svc.SetPassword(ctx, account.SetPasswordInput{Token: verified.Token, Password: "secret-1", PasswordRepeat: "secret-1", Device: device})
		must(t, err)
		if first.Token == "" || !first.User.Active() || first.User.Language != account.Estonian || first.ShouldUpdate || first.Message != "Welcome back" {
			t.Fatalf("set password answered %+v", first)
		}
		if n := count(t, h.db, `SELECT count(*) FROM user_coupons WHERE user_id = $1 AND pack_code = 'FIRST3' AND remaining = 3`, first.User.ID); n != 1 {
			t.Fatalf("the new user holds %d first-3-free packs", n)
		}
		if n := count(t, h.db, `SELECT count(*) FROM sessions WHERE token_hash = $1`, first.Token); n != 0 {
			t.Fatal("a bearer token is stored in the clear")
		}

		// Login: wrong password and unknown address answer alike.
		_, err = h.svc.Login(ctx, account.LoginInput{Email: addrMari, Password: "secret-2", Device: device})
		wantCode(t, err, apperr.MissingOrInvalidPassword)
		_, err = h.svc.Login(ctx, account.LoginInput{Email: "nobody@example.ee", Password: "secret-1", Device: device})
		wantCode(t, err, apperr.MissingOrInvalidPassword)
		old := device
		old.AppVersion = "4.9.9"
		login, err := h.svc.Login(ctx, account.LoginInput{Email: "MARI.maasikas@example.ee", Password: "secret-1", Device: old})
		must(t, err)
		if login.Token == first.Token || !login.ShouldUpdate || login.User.ID != first.User.ID {
			t.Fatalf("login answered %+v", login)
		}

		// Authorize keeps the token, records the device and extends the session.
		h.clock.Add(time.Hour)
		me := h.as(t, login.Token)
		auth, err := h.svc.Authorize(me, device)
		must(t, err)
		if auth.Token != login.Token || auth.ShouldUpdate || auth.User.Email != addrMari {
			t.Fatalf("authorize answered %+v", auth)
		}
		sess, _, err := h.store.Sessions.SessionWithRoles(me, tokenHashOf(login.Token))
		must(t, err)
		if !sess.ExpiresAt.Equal(h.clock.Now().Add(account.DefaultSessionTTL)) {
			t.Fatalf("session expires %v, want 90 days from now", sess.ExpiresAt)
		}

		// Profile: names, language and default station; an unknown station is refused.
		first1, last1, lang, station := "Mari", "Maasikas", "en-US", viru
		upd, err := h.svc.Update(me, account.ProfileUpdate{FirstName: &first1, LastName: &last1, Language: &lang, DefaultStationID: &station})
		must(t, err)
		if upd.User.FirstName != "Mari" || upd.User.Language != account.English || upd.User.DefaultStationID != viru || upd.Token != login.Token {
			t.Fatalf("update answered %+v", upd.User)
		}
		missing := "11111111-1111-4111-8111-000000000099"
		_, err = h.svc.Update(me, account.ProfileUpdate{DefaultStationID: &missing})
		wantCode(t, err, apperr.StationNotFound)
		empty := " "
		_, err = h.svc.Update(me, account.ProfileUpdate{FirstName: &empty})
		wantCode(t, err, apperr.MissingParams)

		// Phone: a texted code makes the number the user's.
		ps, err := h.svc.RequestPhone(me, "372", "555 1234")
		must(t, err)
		if ps.Prefix != "+372" || ps.Phone != "5551234" {
			t.Fatalf("phone code sent %+v", ps)
		}
		text, code := h.sms.last(t, "+3725551234")
		if !strings.Contains(text, "Your Lockers code") {
			t.Fatalf("SMS not in the user's language (English now): %q", text)
		}
		_, err = h.svc.VerifyPhone(me, "+372", "5551234", wrongOf(code))
		wantCode(t, err, apperr.VerificationNotFound)
		u, err := h.svc.VerifyPhone(me, "+372", "5551234", code)
		must(t, err)
		if u.PhonePrefix != "+372" || u.Phone != "5551234" || u.PhoneVerifiedAt.IsZero() {
			t.Fatalf("phone not verified: %+v", u)
		}
		_, err = h.svc.VerifyPhone(me, "+372", "5551234", code) // replay
		wantCode(t, err, apperr.VerificationNotFound)

		// Logout revokes exactly the presented token.
		must(t, h.svc.Logout(me))
		_, err = h.svc.Authenticate(ctx, login.Token)
		if !errors.Is(err, account.ErrUnauthenticated) {
			t.Fatalf("token after logout: %v", err)
		}
		h.as(t, first.Token) // the other device stays signed in

		// Reset revokes every session and signs this device in with the new password.
		h.clock.Add(time.Minute)
		_, err = h.svc.Reset(ctx, addrMari)
		must(t, err)
		msg = h.mailCode(t, addrMari, 1)
		if msg.Subject != "Reset your Lockers password" {
			t.Fatalf("reset mail subject %q", msg.Subject)
		}
		verified, err = h.svc.Verify(ctx, addrMari, msg.Code())
		must(t, err)
		reset, err := h.svc.SetPassword(ctx, account.SetPasswordInput{Token: verified.Token, Password: "secret-3", PasswordRepeat: "secret-3", Device: device})
		must(t, err)
		if _, err := h.svc.Authenticate(ctx, first.Token); !errors.Is(err, account.ErrUnauthenticated) {
			t.Fatalf("a session from before the reset still works: %v", err)
		}
		_, err = h.svc.SetPassword(ctx, account.SetPasswordInput{Token: verified.Token, Password: "secret-4", PasswordRepeat: "secret-4", Device: device})
		wantCode(t, err, apperr.VerificationNotFound) // the token is spent
		_, err = h.svc.Login(ctx, account.LoginInput{Email: addrMari, Password: "secret-1", Device: device})
		wantCode(t, err, apperr.MissingOrInvalidPassword)
		if n := count(t, h.db, `SELECT count(*) FROM user_coupons WHERE user_id = $1`, first.User.ID); n != 1 {
			t.Fatalf("a reset granted another pack: %d", n)
		}

		// Delete: a reason is required; afterwards nothing of the person can sign in.
		me = h.as(t, reset.Token)
		wantCode(t, h.svc.Remove(me, "  "), apperr.MissingNote)
		must(t, h.svc.Remove(me, "I moved to Riga"))
		if _, err := h.svc.Authenticate(ctx, reset.Token); !errors.Is(err, account.ErrUnauthenticated) {
			t.Fatalf("token after deletion: %v", err)
		}
		_, err = h.svc.Login(ctx, account.LoginInput{Email: addrMari, Password: "secret-3", Device: device})
		wantCode(t, err, apperr.MissingOrInvalidPassword)

		// The address may register again, but the first-3-free pack is once per address.
		again := h.signUp(t, addrMari, "secret-5")
		if again.User.ID == first.User.ID || again.User.PhonePrefix != "" {
			t.Fatalf("re-registration reused the erased account: %+v", again.User)
		}
		if n := count(t, h.db, `SELECT count(*) FROM user_coupons WHERE user_id = $1`, again.User.ID); n != 0 {
			t.Fatalf("the re-registered address got the first-3-free pack again (%d)", n)
		}
	})
}

// wrongOf returns a 6-digit code different from code.
func wrongOf(code string) string {
	if code == "000000" {
		return "111111"
	}
	return "000000"
}
