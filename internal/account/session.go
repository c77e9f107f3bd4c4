package account

import (
	"context"
	"errors"

	"github.com/google/uuid"

	"lockers/internal/apperr"
	"lockers/internal/identity"
)

// ErrUnauthenticated means a bearer token is missing, unknown, revoked or expired.
// The HTTP edge treats it as "nobody signed in", never as a failure of its own.
var ErrUnauthenticated = errors.New("account: no valid session")

// Auth is the answer of auth.authorize, auth.login, auth.setPassword and
// auth.update: the bearer token, whether the client must update, the operator's
// message and the user.
type Auth struct {
	Token        string
	ShouldUpdate bool
	Message      string
	User         User
}

// LoginInput is what auth.login takes.
type LoginInput struct {
	Email    string
	Password string
	Device   DeviceInfo
}

// Login checks an e-mail and password and opens a session on a new device record.
// An unknown e-mail costs the same password hash as a known one and gets the same
// answer, so neither timing nor the code tells which addresses have accounts; an
// unfinished registration (NOT_VERIFIED) and a block are told only to the holder
// of the password. Failures, not attempts, are limited (see admitLogin), so
// nobody can keep the owner out by failing on purpose.
func (s *Service) Login(ctx context.Context, in LoginInput) (Auth, error) {
	email, err := normalizeEmail(in.Email)
	if err != nil {
		return Auth{}, err
	}
	device, err := cleanDevice(in.Device)
	if err != nil {
		return Auth{}, err
	}
	if err := s.allow(ctx, "login", ""); err != nil {
		return Auth{}, err
	}
	u, err := s.users.UserByEmail(ctx, email)
	if err != nil && !errors.Is(err, ErrNotFound) {
		return Auth{}, internal("login", err)
	}
	found := err == nil
	if !found {
		u = User{}
	}
	gate, err := s.admitLogin(ctx, email, u)
	if err != nil {
		return Auth{}, err
	}
	hash := s.dummyHash
	if found && u.PasswordHash != "" {
		hash = u.PasswordHash
	}
	match, herr := checkPassword(in.Password, hash)
	if herr != nil {
		return Auth{}, internal("login", herr)
	}
	switch {
	case !found || !match || in.Password == "" || u.PasswordHash == "":
		s.loginFailed(ctx, gate, u)
		return Auth{}, invalidPassword()
	case !u.Active():
		return Auth{}, apperr.New(apperr.NotVerified, "Registration is not finished: verify your e-mail and set a password")
	case !u.BlockedAt.IsZero():
		return Auth{}, ErrBlocked
	}
	s.loginSucceeded(ctx, gate, u.ID)
	token, err := s.openSession(ctx, s.sessions, u.ID, device)
	if err != nil {
		return Auth{}, internal("login", err)
	}
	return s.answer(token, device, u), nil
}

// ErrBlocked answers the login of a blocked account: FORBIDDEN with the
// catalogue's UNAUTHORIZED (the spec has no code of its own for it), so the
// client shows the sign-in form's error and keeps nothing.
var ErrBlocked = &apperr.Error{Code: apperr.CodeUnauthorized, TRPC: apperr.Forbidden,
	Message: "This account is blocked; please contact our support"}

func invalidPassword() error {
	return apperr.New(apperr.MissingOrInvalidPassword, "Missing or invalid e-mail or password")
}

// Authorize checks the presented session (the edge already resolved it into the
// principal), records the device's fresh report, extends the session and answers
// with the same token.
func (s *Service) Authorize(ctx context.Context, in DeviceInfo) (Auth, error) {
	p, err := caller(ctx)
	if err != nil {
		return Auth{}, err
	}
	device, err := cleanDevice(in)
	if err != nil {
		return Auth{}, err
	}
	u, err := s.currentUser(ctx, p)
	if err != nil {
		return Auth{}, err
	}
	now := s.now()
	if err := s.sessions.TouchSession(ctx, p.SessionID, device, now, now.Add(s.sessionTTL)); err != nil {
		return Auth{}, internal("authorize", err)
	}
	return s.answer(RequestFrom(ctx).Bearer, device, u), nil
}

// Logout revokes the session that made the call.
func (s *Service) Logout(ctx context.Context) error {
	p, err := caller(ctx)
	if err != nil {
		return err
	}
	if err := s.sessions.RevokeSession(ctx, p.SessionID, s.now()); err != nil {
		return internal("logout", err)
	}
	return nil
}

// Authenticate resolves a bearer token into the caller. It is the hook of the
// HTTP edge (rpc Options.Authenticate) and applies the per-token API limit,
// one token per call the request carries (Request.Calls), before touching
// the store: RATE_LIMIT_EXCEEDED when it is spent,
// ErrUnauthenticated for a token that opens no live session.
func (s *Service) Authenticate(ctx context.Context, bearer string) (identity.Principal, error) {
	if bearer == "" || len(bearer) > 512 {
		return identity.Principal{}, ErrUnauthenticated
	}
	h := tokenHash(bearer)
	if s.limits.Token != nil && !s.limits.Token.AllowN(h, max(1, RequestFrom(ctx).Calls)) {
		return identity.Principal{}, apperr.New(apperr.RateLimitExceeded, "Rate limit exceeded")
	}
	sess, roles, err := s.sessions.SessionWithRoles(ctx, h)
	if errors.Is(err, ErrNotFound) || (err == nil && !sess.Live(s.now())) {
		return identity.Principal{}, ErrUnauthenticated
	}
	if err != nil {
		return identity.Principal{}, internal("authenticate", err)
	}
	return identity.Principal{UserID: sess.UserID, SessionID: sess.ID, Roles: roles}, nil
}

// openSession creates a device record and a session on it and returns the token.
func (s *Service) openSession(ctx context.Context, sessions Sessions, userID string, info DeviceInfo) (string, error) {
	token := newToken()
	now := s.now()
	d := Device{ID: uuid.NewString(), UserID: userID, Info: info, CreatedAt: now, UpdatedAt: now}
	sess := Session{
		ID: uuid.NewString(), UserID: userID, DeviceID: d.ID, TokenHash: tokenHash(token),
		CreatedAt: now, LastSeenAt: now, ExpiresAt: now.Add(s.sessionTTL),
	}
	if err := sessions.InsertSession(ctx, sess, d); err != nil {
		return "", err
	}
	return token, nil
}

// currentUser loads the caller's own user; a vanished user is UNAUTHORIZED.
func (s *Service) currentUser(ctx context.Context, p identity.Principal) (User, error) {
	u, err := s.users.UserByID(ctx, p.UserID)
	if errors.Is(err, ErrNotFound) || (err == nil && !u.DeletedAt.IsZero()) {
		return User{}, apperr.New(apperr.CodeUnauthorized, "Unauthorized")
	}
	if err != nil {
		return User{}, internal("user", err)
	}
	return u, nil
}

func (s *Service) answer(token string, device DeviceInfo, u User) Auth {
	return Auth{Token: token, ShouldUpdate: olderThan(device.AppVersion, s.minVersion), Message: s.message, User: u}
}

// cleanDevice bounds every device field; a missing or odd app version is kept and
// simply makes shouldUpdate true.
func cleanDevice(d DeviceInfo) (DeviceInfo, error) {
	var err error
	fields := []struct {
		name string
		v    *string
	}{
		{"device.appVersion", &d.AppVersion}, {"device.deviceName", &d.DeviceName},
		{"device.platform", &d.Platform}, {"device.model", &d.Model},
		{"device.osVersion", &d.OSVersion}, {"device.webViewVersion", &d.WebViewVersion},
	}
	for _, f := range fields {
		if *f.v, err = cleanText(f.name, *f.v, 100); err != nil {
			return DeviceInfo{}, err
		}
	}
	return d, nil
}
