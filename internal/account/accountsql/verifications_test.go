package accountsql_test

import (
	"context"
	"testing"
	"time"

	"lockers/internal/account"
	"lockers/internal/store"
)

var emailPurposes = []account.Purpose{account.PurposeRegister, account.PurposeReset}

func verification(id string, p account.Purpose, target, userID string, sent time.Time) account.Verification {
	return account.Verification{ID: id, Purpose: p, Target: target, UserID: userID, CodeHash: "code-" + id[:4],
		SentAt: sent, ExpiresAt: sent.Add(15 * time.Minute)}
}

func TestOpenVerificationFiltersByPurposeAndUser(t *testing.T) {
	each(t, func(t *testing.T, ctx context.Context, s account.Storage, db *store.DB) {
		u := newUser(t, ctx, s, "v@example.ee")
		other := newUser(t, ctx, s, "w@example.ee")
		used := verification("a1a1a1a1-0000-4000-8000-000000000001", account.PurposeRegister, "v@example.ee", u.ID, t0)
		open := verification("a1a1a1a1-0000-4000-8000-000000000002", account.PurposeReset, "v@example.ee", "", t0.Add(time.Minute))
		phone := verification("a1a1a1a1-0000-4000-8000-000000000003", account.PurposePhone, "+3725551234", u.ID, t0.Add(2*time.Minute))
		otherPhone := verification("a1a1a1a1-0000-4000-8000-000000000004", account.PurposePhone, "+3725551234", other.ID, t0)

		must(t, s.Verifications.InsertVerification(ctx, used))
		ok, err := s.Verifications.UseVerification(ctx, used.ID, t0)
		must(t, err)
		if !ok {
			t.Fatal("first use refused")
		}
		ok, err = s.Verifications.UseVerification(ctx, used.ID, t0)
		must(t, err)
		if ok {
			t.Fatal("a used verification was used again")
		}
		_, err = s.Verifications.OpenVerification(ctx, emailPurposes, "v@example.ee", "")
		wantErr(t, err, account.ErrNotFound)
		for _, v := range []account.Verification{open, phone, otherPhone} {
			must(t, s.Verifications.InsertVerification(ctx, v))
		}

		got, err := s.Verifications.OpenVerification(ctx, emailPurposes, "v@example.ee", "")
		must(t, err)
		if got.ID != open.ID || got.UserID != "" || got.Purpose != account.PurposeReset || !got.SentAt.Equal(open.SentAt) ||
			!got.ExpiresAt.Equal(open.ExpiresAt) || got.CodeHash != open.CodeHash || got.Attempts != 0 {
			t.Fatalf("open verification %+v, want %+v", got, open)
		}
		_, err = s.Verifications.OpenVerification(ctx, emailPurposes, "v@example.ee", u.ID) // the open one has no user
		wantErr(t, err, account.ErrNotFound)
		phonePurpose := []account.Purpose{account.PurposePhone}
		for user, want := range map[string]string{u.ID: phone.ID, other.ID: otherPhone.ID} {
			got, err = s.Verifications.OpenVerification(ctx, phonePurpose, "+3725551234", user)
			must(t, err)
			if got.ID != want {
				t.Fatalf("phone code of %s: got %s, want %s", user, got.ID, want)
			}
		}
		_, err = s.Verifications.OpenVerification(ctx, emailPurposes, "+3725551234", "")
		wantErr(t, err, account.ErrNotFound)

		// One open code per address and per phone and user.
		second := verification("a1a1a1a1-0000-4000-8000-000000000005", account.PurposeRegister, "v@example.ee", u.ID, t0)
		wantErr(t, s.Verifications.InsertVerification(ctx, second), account.ErrConflict)
		second = verification("a1a1a1a1-0000-4000-8000-000000000006", account.PurposePhone, "+3725551234", u.ID, t0)
		wantErr(t, s.Verifications.InsertVerification(ctx, second), account.ErrConflict)

		must(t, s.Verifications.DeleteVerification(ctx, open.ID))
		_, err = s.Verifications.OpenVerification(ctx, emailPurposes, "v@example.ee", "")
		wantErr(t, err, account.ErrNotFound)
	})
}

func TestRotateVerificationHonoursTheResendTime(t *testing.T) {
	each(t, func(t *testing.T, ctx context.Context, s account.Storage, db *store.DB) {
		u := newUser(t, ctx, s, "r@example.ee")
		v := verification("b2b2b2b2-0000-4000-8000-000000000001", account.PurposeRegister, "r@example.ee", u.ID, t0)
		must(t, s.Verifications.InsertVerification(ctx, v))
		ok, err := s.Verifications.SpendAttempt(ctx, v.ID, 5)
		must(t, err)
		if !ok {
			t.Fatal("first attempt refused")
		}
		must(t, s.Verifications.MarkVerified(ctx, v.ID, hash64('t'), t0.Add(time.Hour), t0))

		next := v
		next.Purpose, next.CodeHash, next.SentAt, next.ExpiresAt = account.PurposeReset, "new-code", t0.Add(30*time.Second), t0.Add(16*time.Minute)
		ok, err = s.Verifications.RotateVerification(ctx, next, t0.Add(-30*time.Second)) // sent 30 s ago: too soon
		must(t, err)
		if ok {
			t.Fatal("rotated a code sent too recently")
		}
		next.SentAt = t0.Add(time.Minute)
		ok, err = s.Verifications.RotateVerification(ctx, next, t0) // exactly 60 s later: allowed
		must(t, err)
		if !ok {
			t.Fatal("rotation after the resend time refused")
		}
		got, err := s.Verifications.OpenVerification(ctx, emailPurposes, "r@example.ee", "")
		must(t, err)
		if got.CodeHash != "new-code" || got.Purpose != account.PurposeReset || got.Attempts != 0 ||
			!got.VerifiedAt.IsZero() || got.TokenHash != "" || !got.SentAt.Equal(next.SentAt) {
			t.Fatalf("rotated verification %+v", got)
		}
		_, err = s.Verifications.VerificationByToken(ctx, hash64('t'))
		wantErr(t, err, account.ErrNotFound)
	})
}

func TestAttemptsAreCappedAndTokensFound(t *testing.T) {
	each(t, func(t *testing.T, ctx context.Context, s account.Storage, db *store.DB) {
		u := newUser(t, ctx, s, "c@example.ee")
		v := verification("c3c3c3c3-0000-4000-8000-000000000001", account.PurposeRegister, "c@example.ee", u.ID, t0)
		must(t, s.Verifications.InsertVerification(ctx, v))
		for i := range 3 {
			ok, err := s.Verifications.SpendAttempt(ctx, v.ID, 3)
			must(t, err)
			if !ok {
				t.Fatalf("attempt %d refused", i+1)
			}
		}
		ok, err := s.Verifications.SpendAttempt(ctx, v.ID, 3)
		must(t, err)
		if ok {
			t.Fatal("a fourth attempt of three was allowed")
		}

		must(t, s.Verifications.MarkVerified(ctx, v.ID, hash64('k'), t0.Add(15*time.Minute), t0))
		got, err := s.Verifications.VerificationByToken(ctx, hash64('k'))
		must(t, err)
		if got.ID != v.ID || got.Attempts != 3 || !got.VerifiedAt.Equal(t0) || !got.TokenExpiresAt.Equal(t0.Add(15*time.Minute)) ||
			got.UserID != u.ID {
			t.Fatalf("by token %+v", got)
		}
		_, err = s.Verifications.VerificationByToken(ctx, "")
		wantErr(t, err, account.ErrNotFound)
		wantErr(t, s.Verifications.MarkVerified(ctx, "c3c3c3c3-0000-4000-8000-00000000000f", hash64('z'), t0, t0), account.ErrNotFound)
	})
}
