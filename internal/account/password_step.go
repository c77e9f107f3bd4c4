package account

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"time"

	"lockers/internal/apperr"
	"lockers/internal/promo"
)

// Verified is the answer of auth.verify: a token for the password step.
type Verified struct {
	Token     string
	ExpiresAt time.Time
}

// Verify checks the e-mailed code of the open registration or reset of an address
// and hands out a short-lived token for setting the password.
func (s *Service) Verify(ctx context.Context, emailIn, codeIn string) (Verified, error) {
	email, err := normalizeEmail(emailIn)
	if err != nil {
		return Verified{}, err
	}
	code, err := checkCode(codeIn)
	if err != nil {
		return Verified{}, err
	}
	if err := s.allow(ctx, "verify", email); err != nil {
		return Verified{}, err
	}
	v, err := s.verifications.OpenVerification(ctx, emailPurposes, email, "")
	if errors.Is(err, ErrNotFound) {
		return Verified{}, notFound()
	}
	if err != nil {
		return Verified{}, internal("verify", err)
	}
	now := s.now()
	if err := s.redeemCode(ctx, v, code, now); err != nil {
		return Verified{}, err
	}
	token := newToken()
	expires := now.Add(TokenTTL)
	if err := s.verifications.MarkVerified(ctx, v.ID, tokenHash(token), expires, now); err != nil {
		return Verified{}, internal("verify", err)
	}
	return Verified{Token: token, ExpiresAt: expires}, nil
}

// SetPasswordInput is what auth.setPassword takes.
type SetPasswordInput struct {
	Token          string
	Password       string
	PasswordRepeat string
	Device         DeviceInfo
}

// SetPassword spends a verification token: it stores the new password, completes
// a pending registration (granting the first-orders-free pack once per address),
// revokes every session the user had and signs this device in.
func (s *Service) SetPassword(ctx context.Context, in SetPasswordInput) (Auth, error) {
	if in.Token == "" {
		return Auth{}, apperr.Field(apperr.MissingVerificationToken, "verificationToken", "Missing verification token")
	}
	if err := checkNewPassword(in.Password, in.PasswordRepeat); err != nil {
		return Auth{}, err
	}
	device, err := cleanDevice(in.Device)
	if err != nil {
		return Auth{}, err
	}
	now := s.now()
	v, err := s.verifications.VerificationByToken(ctx, tokenHash(in.Token))
	if errors.Is(err, ErrNotFound) {
		return Auth{}, notFound()
	}
	if err != nil {
		return Auth{}, internal("setPassword", err)
	}
	if v.Purpose == PurposePhone || v.UserID == "" || !v.UsedAt.IsZero() || !now.Before(v.TokenExpiresAt) {
		return Auth{}, notFound()
	}
	hash := hashPassword(in.Password, s.password) // slow: outside the transaction
	var token string
	var u User
	err = s.tx.InTx(ctx, func(tx Tx) error {
		ok, err := tx.Verifications.UseVerification(ctx, v.ID, now)
		if err != nil {
			return err
		}
		if !ok { // spent by a concurrent call
			return notFound()
		}
		u, err = tx.Users.UserByID(ctx, v.UserID)
		if errors.Is(err, ErrNotFound) || (err == nil && (!u.DeletedAt.IsZero() || u.Email != v.Target)) {
			return notFound()
		}
		if err != nil {
			return err
		}
		if !u.BlockedAt.IsZero() {
			return ErrBlocked // a reset must not open a session login refuses
		}
		var verifiedAt time.Time
		if !u.Active() {
			verifiedAt = now
		}
		if err := tx.Users.SetPassword(ctx, u.ID, hash, verifiedAt); err != nil {
			return err
		}
		if !verifiedAt.IsZero() {
			if _, err := tx.Coupons.GrantCoupon(ctx, u.ID, promo.FirstOrdersFree, emailSubject(u.Email), now); err != nil {
				return err
			}
		}
		if err := tx.Sessions.RevokeUserSessions(ctx, u.ID, now); err != nil {
			return err
		}
		if token, err = s.openSession(ctx, tx.Sessions, u.ID, device); err != nil {
			return err
		}
		u, err = tx.Users.UserByID(ctx, u.ID)
		return err
	})
	if _, ok := apperr.As(err); ok {
		return Auth{}, err
	}
	if err != nil {
		return Auth{}, internal("setPassword", err)
	}
	// The code proved the address: this client is the owner's.
	s.loginSucceeded(ctx, loginGate{email: u.Email, client: RequestFrom(ctx).addressKey()}, u.ID)
	return s.answer(token, device, u), nil
}

// emailSubject is how the once-per-address coupon rule remembers an address
// without keeping it after the account is deleted.
func emailSubject(email string) string {
	sum := sha256.Sum256([]byte("email:" + email))
	return hex.EncodeToString(sum[:])
}
