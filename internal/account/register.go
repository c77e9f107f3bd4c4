package account

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"

	"lockers/internal/apperr"
)

// CodeSent is the answer of auth.register, auth.recall and auth.reset: where the
// code went (as typed), until when it is valid and when a new one may be asked for.
type CodeSent struct {
	Email     string
	ExpiresAt time.Time
	ResendAt  time.Time
}

// RegisterInput is what auth.register takes. Language is the app's current one.
type RegisterInput struct {
	Email       string
	AcceptTerms bool
	Language    string
}

// Register starts a registration: it keeps a pending user for the address and
// e-mails a 6-digit code. An address whose registration was completed answers
// USER_ALREADY_EXISTS; a pending one simply gets a new code.
func (s *Service) Register(ctx context.Context, in RegisterInput) (CodeSent, error) {
	email, err := normalizeEmail(in.Email)
	if err != nil {
		return CodeSent{}, err
	}
	if !in.AcceptTerms {
		return CodeSent{}, apperr.Field(apperr.MustAcceptTerms, "acceptTerms", msgMustAcceptTerms)
	}
	lang := English
	if in.Language != "" {
		if lang, err = parseLanguage(in.Language); err != nil {
			return CodeSent{}, err
		}
	}
	if err := s.allow(ctx, "register", email); err != nil {
		return CodeSent{}, err
	}
	u, err := s.pendingUser(ctx, email, lang)
	if err != nil {
		return CodeSent{}, err
	}
	return s.emailCode(ctx, PurposeRegister, email, &u)
}

// pendingUser returns the not-yet-registered user of email, creating it or
// refreshing its language and terms acceptance.
func (s *Service) pendingUser(ctx context.Context, email string, lang Language) (User, error) {
	now := s.now()
	u, err := s.users.UserByEmail(ctx, email)
	switch {
	case err == nil && u.Active():
		return User{}, apperr.New(apperr.UserAlreadyExists, "User already exists")
	case err == nil:
		u.Language, u.TermsAcceptedAt = lang, now
		if err := s.users.UpdateProfile(ctx, u); err != nil {
			return User{}, internal("register", err)
		}
		return u, nil
	case !errors.Is(err, ErrNotFound):
		return User{}, internal("register", err)
	}
	u = User{ID: uuid.NewString(), Email: email, Language: lang, TermsAcceptedAt: now, CreatedAt: now}
	err = s.users.InsertUser(ctx, u)
	if errors.Is(err, ErrConflict) { // a concurrent register of the same address won
		return s.pendingUser(ctx, email, lang)
	}
	if err != nil {
		return User{}, internal("register", err)
	}
	return u, nil
}

// Recall sends a new code for the open registration or reset of an address.
func (s *Service) Recall(ctx context.Context, emailIn string) (CodeSent, error) {
	email, err := normalizeEmail(emailIn)
	if err != nil {
		return CodeSent{}, err
	}
	if err := s.allow(ctx, "recall", email); err != nil {
		return CodeSent{}, err
	}
	v, err := s.verifications.OpenVerification(ctx, emailPurposes, email, "")
	if errors.Is(err, ErrNotFound) {
		return CodeSent{}, notFound()
	}
	if err != nil {
		return CodeSent{}, internal("recall", err)
	}
	var owner *User
	if v.UserID != "" {
		u, err := s.users.UserByID(ctx, v.UserID)
		if err != nil && !errors.Is(err, ErrNotFound) {
			return CodeSent{}, internal("recall", err)
		}
		if err == nil && u.DeletedAt.IsZero() {
			owner = &u
		}
	}
	return s.emailCode(ctx, v.Purpose, email, owner)
}

// Reset e-mails a code for setting a new password. An unknown address gets the
// same answer: a verification without a user is recorded (so recall and the
// 60-second rule behave alike) but nothing is sent. Reset mail leaves the request
// path, so the answer also takes the same time.
func (s *Service) Reset(ctx context.Context, emailIn string) (CodeSent, error) {
	email, err := normalizeEmail(emailIn)
	if err != nil {
		return CodeSent{}, err
	}
	if err := s.allow(ctx, "reset", email); err != nil {
		return CodeSent{}, err
	}
	u, err := s.users.UserByEmail(ctx, email)
	if errors.Is(err, ErrNotFound) {
		return s.emailCode(ctx, PurposeReset, email, nil)
	}
	if err != nil {
		return CodeSent{}, internal("reset", err)
	}
	return s.emailCode(ctx, PurposeReset, email, &u)
}

// emailCode issues a code for email and mails it to owner (nil: to nobody).
// Registration mail is sent before answering, so a mail failure is reported and
// can be retried at once; reset mail is sent in the background.
func (s *Service) emailCode(ctx context.Context, purpose Purpose, email string, owner *User) (CodeSent, error) {
	userID := ""
	if owner != nil {
		userID = owner.ID
	}
	v, code, err := s.issueCode(ctx, emailPurposes, purpose, email, userID)
	if err != nil {
		return CodeSent{}, err
	}
	sent := CodeSent{Email: email, ExpiresAt: v.ExpiresAt, ResendAt: v.SentAt.Add(ResendAfter)}
	if owner == nil {
		return sent, nil
	}
	m := buildCodeMail(owner.Language, purpose, code, int(CodeTTL/time.Minute))
	send := func(ctx context.Context) error { return s.mailer.SendMail(ctx, email, m.Subject, m.Text, m.HTML) }
	if purpose == PurposeReset {
		s.background(ctx, func(ctx context.Context) {
			if err := send(ctx); err != nil {
				s.log.ErrorContext(ctx, "reset e-mail not sent", "verification", v.ID, "err", err)
			}
		})
		return sent, nil
	}
	if err := send(ctx); err != nil {
		if derr := s.verifications.DeleteVerification(ctx, v.ID); derr != nil {
			s.log.ErrorContext(ctx, "dropping unsent verification", "verification", v.ID, "err", derr)
		}
		return CodeSent{}, internal("register mail", err)
	}
	return sent, nil
}
