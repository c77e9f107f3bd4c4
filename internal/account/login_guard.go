package account

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"

	"lockers/internal/apperr"
)

// Failed sign-ins are limited the way the OWASP Authentication Cheat Sheet
// describes (docs/security.md, "Sign-in limits"): tightly per account and client
// address together, loosely per account (a ceiling), and the ceiling never keeps
// the owner out: a client that signed in to the account before passes it, and
// the owner is e-mailed a single-use unlock link that lifts it.
const (
	// KnownClientFor is how long a sign-in (or an opened unlock link) keeps a
	// client known to the account.
	KnownClientFor = 90 * 24 * time.Hour
	// UnlockTTL is how long an e-mailed unlock link works.
	UnlockTTL = 24 * time.Hour
)

// loginGate is one login attempt's place in the limits.
type loginGate struct {
	email, client string
	ceiling       bool // the account's ceiling was locked when the attempt came
}

func (g loginGate) pairKey() string { return g.email + "|" + g.client }

// clientHash is how a client address is remembered for an account: hashed with
// the user, so the table holds no addresses.
func clientHash(userID, client string) string { return tokenHash("client:" + userID + "|" + client) }

// admitLogin decides, before any password is hashed, whether the attempt may be
// made: not while this client is locked out of this account, and not while the
// account's ceiling is locked unless the client is known to it. u is the
// account (the zero User when the address has none: it is refused alike).
func (s *Service) admitLogin(ctx context.Context, email string, u User) (loginGate, error) {
	g := loginGate{email: email, client: RequestFrom(ctx).addressKey()}
	if s.limits.LoginClient != nil && s.limits.LoginClient.Locked(g.pairKey()) > 0 {
		return g, tooManyLogins()
	}
	if s.limits.LoginAccount == nil || s.limits.LoginAccount.Locked(email) == 0 {
		return g, nil
	}
	g.ceiling = true
	userID := u.ID
	if userID == "" {
		userID = uuid.Nil.String() // the same query for an unknown address
	}
	known, err := s.logins.KnownClient(ctx, userID, clientHash(userID, g.client), s.now().Add(-KnownClientFor))
	if err != nil {
		return g, internal("login", err)
	}
	if !known {
		return g, tooManyLogins()
	}
	return g, nil
}

// loginFailed counts a wrong password (or an unknown address) against both
// limits; when it trips the account's ceiling, the owner gets an unlock link.
func (s *Service) loginFailed(ctx context.Context, g loginGate, u User) {
	if s.limits.LoginClient != nil {
		s.limits.LoginClient.Fail(g.pairKey())
	}
	if s.limits.LoginAccount == nil || s.limits.LoginAccount.Fail(g.email) == 0 || g.ceiling {
		return
	}
	if u.Active() && u.BlockedAt.IsZero() {
		s.mailUnlock(ctx, u)
	}
}

// loginSucceeded forgets this client's failures and remembers it as known.
func (s *Service) loginSucceeded(ctx context.Context, g loginGate, userID string) {
	if s.limits.LoginClient != nil {
		s.limits.LoginClient.Clear(g.pairKey())
	}
	s.rememberClient(ctx, userID, g.client)
}

func (s *Service) rememberClient(ctx context.Context, userID, client string) {
	if err := s.logins.RememberClient(ctx, userID, clientHash(userID, client), s.now()); err != nil {
		// The sign-in itself succeeded; the client is merely not known next time.
		s.log.ErrorContext(ctx, "remembering a client", "user", userID, "err", err)
	}
}

// tooManyLogins answers a refused attempt the same way whether or not the
// address has an account, and whichever limit refused it.
func tooManyLogins() error {
	return apperr.New(apperr.CodeTooManyRequest, "Too many failed sign-ins: try again later, or open the unlock link we e-mailed to the account's owner")
}

// mailUnlock e-mails the owner a single-use unlock link, off the request path
// (the attempt that tripped the ceiling answers as fast as for an unknown address).
func (s *Service) mailUnlock(ctx context.Context, u User) {
	token := newToken()
	now := s.now()
	s.background(ctx, func(ctx context.Context) {
		if err := s.logins.InsertUnlock(ctx, tokenHash(token), u.ID, now, now.Add(UnlockTTL)); err != nil {
			s.log.ErrorContext(ctx, "storing an unlock link", "user", u.ID, "err", err)
			return
		}
		m := buildUnlockMail(u.Language, s.publicURL+"/login/unlock#"+token, int(UnlockTTL/time.Hour))
		if err := s.mailer.SendMail(ctx, u.Email, m.Subject, m.Text, m.HTML); err != nil {
			s.log.ErrorContext(ctx, "unlock e-mail not sent", "user", u.ID, "err", err)
		}
	})
}

// Unlock spends an e-mailed unlock link: it lifts the account's ceiling and this
// client's lock, and makes this client known to the account, so the owner can
// sign in even while strangers keep failing. It signs nobody in: the password is
// still needed. An unknown, used or expired link reads VERIFICATION_NOT_FOUND.
func (s *Service) Unlock(ctx context.Context, token string) error {
	if token == "" {
		return apperr.Field(apperr.MissingVerificationToken, "token", "Missing verification token")
	}
	if err := s.allow(ctx, "unlock", ""); err != nil {
		return err
	}
	if len(token) > 100 {
		return notFound()
	}
	userID, err := s.logins.UseUnlock(ctx, tokenHash(token), s.now())
	if errors.Is(err, ErrNotFound) {
		return notFound()
	}
	if err != nil {
		return internal("unlock", err)
	}
	u, err := s.users.UserByID(ctx, userID)
	if errors.Is(err, ErrNotFound) || (err == nil && !u.Active()) {
		return notFound()
	}
	if err != nil {
		return internal("unlock", err)
	}
	g := loginGate{email: u.Email, client: RequestFrom(ctx).addressKey()}
	if s.limits.LoginAccount != nil {
		s.limits.LoginAccount.Clear(g.email)
	}
	s.loginSucceeded(ctx, g, u.ID)
	return nil
}
