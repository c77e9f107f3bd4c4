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

var phonePurposes = []Purpose{PurposePhone}

// PhoneCodeSent is the answer of a phone verification request.
type PhoneCodeSent struct {
	Prefix    string
	Phone     string
	ExpiresAt time.Time
	ResendAt  time.Time
}

// RequestPhone texts a code to a new phone number of the caller. The number only
// becomes the user's once verified, so nobody can hold a number they do not have.
func (s *Service) RequestPhone(ctx context.Context, prefixIn, phoneIn string) (PhoneCodeSent, error) {
	p, err := caller(ctx)
	if err != nil {
		return PhoneCodeSent{}, err
	}
	prefix, phone, e164, err := normalizePhone(prefixIn, phoneIn)
	if err != nil {
		return PhoneCodeSent{}, err
	}
	if err := s.allow(ctx, "phone", p.UserID); err != nil {
		return PhoneCodeSent{}, err
	}
	u, err := s.currentUser(ctx, p)
	if err != nil {
		return PhoneCodeSent{}, err
	}
	if err := phoneFree(ctx, s.users, u, prefix, phone); err != nil {
		return PhoneCodeSent{}, err
	}
	v, code, err := s.issueCode(ctx, phonePurposes, PurposePhone, e164, u.ID)
	if err != nil {
		return PhoneCodeSent{}, err
	}
	if err := s.sms.SendSMS(ctx, e164, buildCodeSMS(u.Language, code, int(CodeTTL/time.Minute))); err != nil {
		s.log.WarnContext(ctx, "verification SMS not sent", "verification", v.ID, "err", err)
		if derr := s.verifications.DeleteVerification(ctx, v.ID); derr != nil {
			s.log.ErrorContext(ctx, "dropping unsent verification", "verification", v.ID, "err", derr)
		}
		return PhoneCodeSent{}, apperr.New(apperr.CantSendSMS, "Can't send SMS")
	}
	return PhoneCodeSent{Prefix: prefix, Phone: phone, ExpiresAt: v.ExpiresAt, ResendAt: v.SentAt.Add(ResendAfter)}, nil
}

// phoneFree answers PHONE_VERIFIED when the number is already the caller's and
// PHONE_EXISTIS when another account verified it.
func phoneFree(ctx context.Context, users Users, u User, prefix, phone string) error {
	if u.Phone != "" && u.PhonePrefix+u.Phone == prefix+phone { // the same E.164 number
		return apperr.New(apperr.PhoneVerified, "Phone already verified")
	}
	owner, err := users.UserIDByPhone(ctx, prefix, phone)
	switch {
	case errors.Is(err, ErrNotFound):
		return nil
	case err != nil:
		return internal("phone", err)
	case owner != u.ID:
		return apperr.New(apperr.PhoneExists, "Phone Exists")
	}
	return nil
}

// VerifyPhone checks the texted code and makes the number the caller's verified
// phone.
func (s *Service) VerifyPhone(ctx context.Context, prefixIn, phoneIn, codeIn string) (User, error) {
	p, err := caller(ctx)
	if err != nil {
		return User{}, err
	}
	prefix, phone, e164, err := normalizePhone(prefixIn, phoneIn)
	if err != nil {
		return User{}, err
	}
	code, err := checkCode(codeIn)
	if err != nil {
		return User{}, err
	}
	if err := s.allow(ctx, "phone-verify", p.UserID); err != nil {
		return User{}, err
	}
	v, err := s.verifications.OpenVerification(ctx, phonePurposes, e164, p.UserID)
	if errors.Is(err, ErrNotFound) {
		return User{}, notFound()
	}
	if err != nil {
		return User{}, internal("phoneVerify", err)
	}
	now := s.now()
	if err := s.redeemCode(ctx, v, code, now); err != nil {
		return User{}, err
	}
	var u User
	err = s.tx.InTx(ctx, func(tx Tx) error {
		ok, err := tx.Verifications.UseVerification(ctx, v.ID, now)
		if err != nil {
			return err
		}
		if !ok {
			return notFound()
		}
		if u, err = tx.Users.UserByID(ctx, p.UserID); err != nil {
			return err
		}
		if err := phoneFree(ctx, tx.Users, u, prefix, phone); err != nil {
			return err
		}
		u.PhonePrefix, u.Phone, u.PhoneVerifiedAt = prefix, phone, now
		if err := tx.Users.UpdateProfile(ctx, u); err != nil {
			return err
		}
		// One first-orders-free pack per verified phone as well as per address
		// (product.md "Free orders"): a second account on the same phone loses it.
		_, err = tx.Coupons.BindCouponPhone(ctx, u.ID, promo.FirstOrdersFree, phoneSubject(e164))
		return err
	})
	if errors.Is(err, ErrConflict) {
		return User{}, apperr.New(apperr.PhoneExists, "Phone Exists")
	}
	if _, ok := apperr.As(err); ok {
		return User{}, err
	}
	if err != nil {
		return User{}, internal("phoneVerify", err)
	}
	return u, nil
}

// phoneSubject is how the once-per-phone coupon rule remembers a number without
// keeping it after the account is deleted.
func phoneSubject(e164 string) string {
	sum := sha256.Sum256([]byte("phone:" + e164))
	return hex.EncodeToString(sum[:])
}
