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
// left (the try is spent before comparing, so parallel guesses cannot exceed the
// limit) and equal in constant time. Every failure reads VERIFICATION_NOT_FOUND.
func (s *Service) redeemCode(ctx context.Context, v Verification, code string, now time.Time) error {
	if !now.Before(v.ExpiresAt) || !v.VerifiedAt.IsZero() || !v.UsedAt.IsZero() {
		return notFound()
	}
	ok, err := s.verifications.SpendAttempt(ctx, v.ID, MaxCodeAttempts)
	if err != nil {
		return internal("verify", err)
	}
	if !ok || !equalHash(codeHash(v.ID, code), v.CodeHash) {
		return notFound()
	}
	return nil
}
