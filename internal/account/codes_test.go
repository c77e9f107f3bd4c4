package account_test

import (
	"testing"
	"time"

	"lockers/internal/account"
	"lockers/internal/apperr"
)

func TestRegisterRules(t *testing.T) {
	eachDB(t, func(t *testing.T, h *harness) {
		ctx := anon("203.0.113.9")
		_, err := h.svc.Register(ctx, account.RegisterInput{Email: "", AcceptTerms: true})
		wantCode(t, err, apperr.EmailNotValid)
		_, err = h.svc.Register(ctx, account.RegisterInput{Email: "Mari <mari@example.ee>", AcceptTerms: true})
		wantCode(t, err, apperr.EmailNotValid)
		_, err = h.svc.Register(ctx, account.RegisterInput{Email: "mari@example.ee"})
		wantCode(t, err, apperr.MustAcceptTerms)
		_, err = h.svc.Register(ctx, account.RegisterInput{Email: "mari@example.ee", AcceptTerms: true, Language: "de"})
		wantCode(t, err, apperr.BadInput)
		if n := h.mailsTo("mari@example.ee"); n != 0 {
			t.Fatalf("%d e-mails sent for refused registrations", n)
		}

		// A pending registration gets a new code, but not within 60 seconds.
		_, err = h.svc.Register(ctx, account.RegisterInput{Email: "mari@example.ee", AcceptTerms: true})
		must(t, err)
		firstCode := h.mailCode(t, "mari@example.ee", 0).Code()
		h.clock.Add(59 * time.Second)
		_, err = h.svc.Register(ctx, account.RegisterInput{Email: "mari@example.ee", AcceptTerms: true})
		wantCode(t, err, apperr.VerificationTooSoon)
		_, err = h.svc.Recall(ctx, "mari@example.ee")
		wantCode(t, err, apperr.VerificationTooSoon)
		h.clock.Add(time.Second)
		_, err = h.svc.Recall(ctx, "mari@example.ee")
		must(t, err)
		second := h.mailCode(t, "mari@example.ee", 1).Code()
		if second != firstCode { // a one-in-a-million repeat would make this check meaningless
			_, err = h.svc.Verify(ctx, "mari@example.ee", firstCode)
			wantCode(t, err, apperr.VerificationNotFound)
		}
		_, err = h.svc.Recall(ctx, "nobody@example.ee")
		wantCode(t, err, apperr.VerificationNotFound)
		if n := count(t, h.db, `SELECT count(*) FROM users WHERE email = 'mari@example.ee'`); n != 1 {
			t.Fatalf("%d user rows for one pending address", n)
		}

		// A completed account cannot be registered again.
		h.signUp(t, "jaan@example.ee", "secret-1")
		_, err = h.svc.Register(ctx, account.RegisterInput{Email: "JAAN@example.ee", AcceptTerms: true})
		wantCode(t, err, apperr.UserAlreadyExists)
	})
}

func TestCodeTriesAndLifetime(t *testing.T) {
	eachDB(t, func(t *testing.T, h *harness) {
		ctx := anon("203.0.113.10")
		const addr = "tries@example.ee"
		_, err := h.svc.Register(ctx, account.RegisterInput{Email: addr, AcceptTerms: true})
		must(t, err)
		code := h.mailCode(t, addr, 0).Code()
		_, err = h.svc.Verify(ctx, addr, "")
		wantCode(t, err, apperr.MissingVerificationCode)
		_, err = h.svc.Verify(ctx, addr, "12a456")
		wantCode(t, err, apperr.VerificationNotFound)
		for range account.MaxCodeAttempts {
			_, err = h.svc.Verify(ctx, addr, wrongOf(code))
			wantCode(t, err, apperr.VerificationNotFound)
		}
		_, err = h.svc.Verify(ctx, addr, code) // the right code after five wrong tries
		wantCode(t, err, apperr.VerificationNotFound)

		// A new code starts a fresh count, and it expires after 15 minutes.
		h.clock.Add(time.Minute)
		_, err = h.svc.Recall(ctx, addr)
		must(t, err)
		code = h.mailCode(t, addr, 1).Code()
		h.clock.Add(account.CodeTTL)
		_, err = h.svc.Verify(ctx, addr, code)
		wantCode(t, err, apperr.VerificationNotFound)

		_, err = h.svc.Recall(ctx, addr)
		must(t, err)
		code = h.mailCode(t, addr, 2).Code()
		v, err := h.svc.Verify(ctx, addr, code)
		must(t, err)
		if !v.ExpiresAt.Equal(h.clock.Now().Add(account.TokenTTL)) {
			t.Fatalf("token expires %v", v.ExpiresAt)
		}

		// The verification token expires too, and is single-use.
		h.clock.Add(account.TokenTTL)
		_, err = h.svc.SetPassword(ctx, account.SetPasswordInput{Token: v.Token, Password: "secret-1", PasswordRepeat: "secret-1", Device: device})
		wantCode(t, err, apperr.VerificationNotFound)
		_, err = h.svc.SetPassword(ctx, account.SetPasswordInput{Password: "secret-1", PasswordRepeat: "secret-1", Device: device})
		wantCode(t, err, apperr.MissingVerificationToken)
		_, err = h.svc.SetPassword(ctx, account.SetPasswordInput{Token: "made-up", Password: "secret-1", PasswordRepeat: "secret-1", Device: device})
		wantCode(t, err, apperr.VerificationNotFound)
	})
}

func TestVerificationTokenCannotBeReplayed(t *testing.T) {
	eachDB(t, func(t *testing.T, h *harness) {
		ctx := anon("203.0.113.11")
		_, err := h.svc.Register(ctx, account.RegisterInput{Email: "once@example.ee", AcceptTerms: true})
		must(t, err)
		v, err := h.svc.Verify(ctx, "once@example.ee", h.mailCode(t, "once@example.ee", 0).Code())
		must(t, err)
		in := account.SetPasswordInput{Token: v.Token, Password: "secret-1", PasswordRepeat: "secret-1", Device: device}
		a, err := h.svc.SetPassword(ctx, in)
		must(t, err)
		in.Password, in.PasswordRepeat = "hijacked", "hijacked"
		_, err = h.svc.SetPassword(ctx, in)
		wantCode(t, err, apperr.VerificationNotFound)
		h.as(t, a.Token) // the first session is untouched by the refused replay
		_, err = h.svc.Login(ctx, account.LoginInput{Email: "once@example.ee", Password: "hijacked", Device: device})
		wantCode(t, err, apperr.MissingOrInvalidPassword)
		// The spent code cannot be entered again either.
		_, err = h.svc.Verify(ctx, "once@example.ee", h.mailCode(t, "once@example.ee", 0).Code())
		wantCode(t, err, apperr.VerificationNotFound)
	})
}

func TestResetOfAnUnknownAddressLooksTheSame(t *testing.T) {
	eachDB(t, func(t *testing.T, h *harness) {
		ctx := anon("203.0.113.12")
		h.signUp(t, "known@example.ee", "secret-1")
		known, err := h.svc.Reset(ctx, "known@example.ee")
		must(t, err)
		unknown, err := h.svc.Reset(ctx, "unknown@example.ee")
		must(t, err)
		if known.ExpiresAt.Sub(known.ResendAt) != unknown.ExpiresAt.Sub(unknown.ResendAt) {
			t.Fatalf("answers differ: %+v vs %+v", known, unknown)
		}
		if n := h.mailsTo("unknown@example.ee"); n != 0 {
			t.Fatalf("%d e-mails sent to an unknown address", n)
		}
		if h.mailCode(t, "known@example.ee", 1).Subject != "Reset your Lockers password" {
			t.Fatal("no reset e-mail for the known address")
		}
		_, err = h.svc.Reset(ctx, "unknown@example.ee")
		wantCode(t, err, apperr.VerificationTooSoon) // the 60-second rule holds alike
		_, err = h.svc.Reset(ctx, "known@example.ee")
		wantCode(t, err, apperr.VerificationTooSoon)
		// Guessing a code for the unknown address never yields an account.
		for _, c := range []string{"123456", "654321"} {
			v, err := h.svc.Verify(ctx, "unknown@example.ee", c)
			if err == nil {
				_, err = h.svc.SetPassword(ctx, account.SetPasswordInput{Token: v.Token, Password: "secret-1", PasswordRepeat: "secret-1", Device: device})
			}
			wantCode(t, err, apperr.VerificationNotFound)
		}
	})
}

func TestRegistrationMailFailureCanBeRetriedAtOnce(t *testing.T) {
	eachDB(t, func(t *testing.T, h *harness) {
		ctx := anon("203.0.113.13")
		h.mail.FailNext()
		_, err := h.svc.Register(ctx, account.RegisterInput{Email: "retry@example.ee", AcceptTerms: true})
		if err == nil || apperr.CodeOf(err) != apperr.GeneralError {
			t.Fatalf("a refused e-mail answered %v", err)
		}
		_, err = h.svc.Register(ctx, account.RegisterInput{Email: "retry@example.ee", AcceptTerms: true})
		must(t, err) // not VERIFICATION_TOO_SOON: the unsent code was dropped
		h.mailCode(t, "retry@example.ee", 0)
	})
}
