package account

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"

	"lockers/internal/apperr"
)

var emailPurposes = []Purpose{PurposeRegister, PurposeReset}

// issueCode creates or re-issues the open verification for target with a fresh
// code. The 60-second resend rule is enforced by the store (one open verification
// per target, and a conditional update), so two concurrent requests cannot both send.
func (s *Service) issueCode(ctx context.Context, purposes []Purpose, purpose Purpose, target, userID string) (Verification, string, error) {
	now := s.now()
	code := newCode()
	v, err := s.verifications.OpenVerification(ctx, purposes, target, userID)
	switch {
	case errors.Is(err, ErrNotFound):
		v = Verification{ID: uuid.NewString(), Purpose: purpose, Target: target, UserID: userID,
			SentAt: now, ExpiresAt: now.Add(CodeTTL)}
		v.CodeHash = codeHash(v.ID, code)
		err := s.verifications.InsertVerification(ctx, v)
		if errors.Is(err, ErrConflict) { // a concurrent request has just issued the first code
			return Verification{}, "", tooSoon()
		}
		if err != nil {
			return Verification{}, "", internal("code", err)
		}
		return v, code, nil
	case err != nil:
		return Verification{}, "", internal("code", err)
	}
	if now.Before(v.SentAt.Add(ResendAfter)) {
		return Verification{}, "", tooSoon()
	}
	v.Purpose, v.UserID, v.SentAt, v.ExpiresAt = purpose, userID, now, now.Add(CodeTTL)
	v.CodeHash = codeHash(v.ID, code)
	ok, err := s.verifications.RotateVerification(ctx, v, now.Add(-ResendAfter))
	if err != nil {
		return Verification{}, "", internal("code", err)
	}
	if !ok {
		return Verification{}, "", tooSoon()
	}
	return v, code, nil
}

func tooSoon() error {
	return apperr.New(apperr.VerificationTooSoon, "Verification Too Soon")
}

func notFound() error {
	return apperr.New(apperr.VerificationNotFound, "Verification not found")
}

// redeemCode checks a code against v: not expired, not already verified, a try
// left at this code and at the subject's daily budget (tries are spent before
// comparing, so parallel guesses cannot exceed either limit) and equal in
// constant time. A failure reads VERIFICATION_NOT_FOUND, a spent daily budget
// TOO_MANY_REQUESTS.
func (s *Service) redeemCode(ctx context.Context, v Verification, code string, now time.Time) error {
	if !now.Before(v.ExpiresAt) || !v.VerifiedAt.IsZero() || !v.UsedAt.IsZero() {
		return notFound()
	}
	ok, err := s.verifications.SpendAttempt(ctx, v.ID, MaxCodeAttempts)
	if err != nil {
		return internal("verify", err)
	}
	if !ok {
		return notFound()
	}
	subject, day := codeSubject(v), now.Format(time.DateOnly)
	if ok, err = s.codeTries.SpendCodeTry(ctx, subject, day, MaxCodeTriesPerDay); err != nil {
		return internal("verify", err)
	}
	if !ok {
		return apperr.New(apperr.CodeTooManyRequest, "Too many wrong codes today: try again tomorrow")
	}
	if !equalHash(codeHash(v.ID, code), v.CodeHash) {
		return notFound()
	}
	// Only wrong codes count against the day.
	if err := s.codeTries.RefundCodeTry(ctx, subject, day); err != nil {
		s.log.ErrorContext(ctx, "refunding a code try", "verification", v.ID, "err", err)
	}
	return nil
}

// codeSubject is whose daily budget a code draws on: the e-mail address (so a
// reset of an unknown address counts alike) or, for a phone, the signed-in user.
func codeSubject(v Verification) string {
	key := "email:" + v.Target
	if v.Purpose == PurposePhone {
		key = "user:" + v.UserID
	}
	return tokenHash(key)
}
