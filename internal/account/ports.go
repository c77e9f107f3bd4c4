package account

import (
	"context"
	"errors"
	"time"
)

// ErrNotFound is returned by the storage ports when the row asked for does not exist.
var ErrNotFound = errors.New("account: not found")

// ErrConflict is returned by the storage ports when a unique rule would be broken: one live
// account per e-mail, one per verified phone, one open verification per target.
var ErrConflict = errors.New("account: conflict")

// The storage ports below are split by the records they keep; each service
// operation uses only the ones it needs. Implementations return ErrNotFound and
// ErrConflict (wrapped or not) for those cases.

// Users keeps the accounts and their back-office roles.
type Users interface {
	UserByID(ctx context.Context, id string) (User, error)
	// UserByEmail finds a user that is not deleted.
	UserByEmail(ctx context.Context, email string) (User, error)
	InsertUser(ctx context.Context, u User) error
	// UpdateProfile writes names, language, default station, phone and terms.
	UpdateProfile(ctx context.Context, u User) error
	// SetPassword stores a password hash; a non-zero verifiedAt also completes a
	// pending registration (it never moves an earlier VerifiedAt).
	SetPassword(ctx context.Context, userID, hash string, verifiedAt time.Time) error
	// UserIDByPhone finds the user whose verified phone this is.
	UserIDByPhone(ctx context.Context, prefix, phone string) (string, error)
	// EraseUser removes personal data and every session, device, verification and
	// role of the user, keeping the row (orders and invoices refer to it).
	EraseUser(ctx context.Context, userID, reason string, at time.Time) error
	GrantRole(ctx context.Context, userID, role string) error
	// RevokeRole takes a role away (nothing happens when the user lacks it).
	RevokeRole(ctx context.Context, userID, role string) error
	// SetBlocked blocks (non-zero at) or unblocks (zero at) a live user; a
	// blocked user cannot sign in. It does not end sessions: the caller does.
	SetBlocked(ctx context.Context, userID string, at time.Time) error
	Roles(ctx context.Context, userID string) ([]string, error)
}

// Sessions keeps sign-ins. Every session opens on a device record of its own.
type Sessions interface {
	// InsertSession stores the session and its new device record d.
	InsertSession(ctx context.Context, s Session, d Device) error
	// SessionWithRoles loads the session of a token hash and its user's roles,
	// sorted. Every API call authenticates with it, so it is one query.
	SessionWithRoles(ctx context.Context, tokenHash string) (Session, []string, error)
	// TouchSession records a fresh device report and extends the session.
	TouchSession(ctx context.Context, sessionID string, info DeviceInfo, seen, expires time.Time) error
	RevokeSession(ctx context.Context, sessionID string, at time.Time) error
	// RevokeUserSessions revokes every live session of the user.
	RevokeUserSessions(ctx context.Context, userID string, at time.Time) error
}

// Devices reads and updates the device record a session is on.
type Devices interface {
	DeviceBySession(ctx context.Context, sessionID string) (Device, error)
	SetPushToken(ctx context.Context, sessionID, kind, token string, at time.Time) error
}

// Verifications keeps the e-mailed and texted codes and their tokens.
type Verifications interface {
	// OpenVerification is the newest unused verification for target with one of
	// the purposes; userID, when not empty, must match too.
	OpenVerification(ctx context.Context, purposes []Purpose, target, userID string) (Verification, error)
	// InsertVerification fails with ErrConflict while target has an open one of
	// the same kind (e-mail, or phone of the same user).
	InsertVerification(ctx context.Context, v Verification) error
	// RotateVerification replaces v's code (hash, purpose, user, sent and expiry
	// times from v; attempts, verification and token cleared) only when it was last
	// sent no later than sentBefore; false means it was sent too recently.
	RotateVerification(ctx context.Context, v Verification, sentBefore time.Time) (bool, error)
	DeleteVerification(ctx context.Context, id string) error
	// SpendAttempt counts one try at the code; false when max tries were used.
	SpendAttempt(ctx context.Context, id string, max int) (bool, error)
	MarkVerified(ctx context.Context, id, tokenHash string, tokenExpires, at time.Time) error
	VerificationByToken(ctx context.Context, tokenHash string) (Verification, error)
	// UseVerification marks it used; false when it already was (a replay).
	UseVerification(ctx context.Context, id string, at time.Time) (bool, error)
}

// CodeTries counts tries at e-mailed and texted codes per subject (a hash of the
// address or user) and UTC day ("2006-01-02"), across resends.
type CodeTries interface {
	// SpendCodeTry counts one try; false when max tries were counted that day.
	SpendCodeTry(ctx context.Context, subject, day string, max int) (bool, error)
	// RefundCodeTry gives back the try of a code that was right.
	RefundCodeTry(ctx context.Context, subject, day string) error
}

// LoginGuards keeps what lets an account's owner in while strangers' failed
// sign-ins have it locked: the clients known to the account and the e-mailed
// unlock links. Clients and tokens are stored as SHA-256 hashes.
type LoginGuards interface {
	// KnownClient reports whether the client signed in (or unlocked) since then.
	KnownClient(ctx context.Context, userID, clientHash string, since time.Time) (bool, error)
	RememberClient(ctx context.Context, userID, clientHash string, at time.Time) error
	InsertUnlock(ctx context.Context, tokenHash, userID string, created, expires time.Time) error
	// UseUnlock spends a live, unused unlock link and returns its user;
	// ErrNotFound when there is none (unknown, used or expired).
	UseUnlock(ctx context.Context, tokenHash string, at time.Time) (string, error)
}

// Events records client events for analytics.
type Events interface {
	InsertEvent(ctx context.Context, e Event) error
}

// Coupons is what an account transaction does to the promotions' coupons (they
// belong to the promotions domain; see promo.FirstOrdersFree).
type Coupons interface {
	// GrantCoupon gives the user the pack with this code unless subject (a hash of
	// the verified e-mail) already received it; it reports whether it granted.
	GrantCoupon(ctx context.Context, userID, code, subject string, at time.Time) (bool, error)
	// BindCouponPhone records phoneSubject (a hash of a verified phone) on the
	// user's pack with this code, once per pack. When another holder of the pack
	// bound the same phone already, the user's pack is emptied instead and it
	// reports false. A user without the pack is left alone (true).
	BindCouponPhone(ctx context.Context, userID, code, phoneSubject string) (bool, error)
}

// Tx is what one account transaction works on: every call through its ports
// belongs to the same database transaction.
type Tx struct {
	Users         Users
	Sessions      Sessions
	Verifications Verifications
	Coupons       Coupons
}

// Transactor runs fn in one transaction: committed when fn returns nil, rolled
// back when it returns an error.
type Transactor interface {
	InTx(ctx context.Context, fn func(Tx) error) error
}

// Storage is where the accounts domain keeps its records, one port per kind.
// Every field is required.
type Storage struct {
	Users         Users
	Sessions      Sessions
	Devices       Devices
	Verifications Verifications
	Events        Events
	CodeTries     CodeTries
	Logins        LoginGuards
	Tx            Transactor
}

// Mailer delivers one e-mail with a plain-text and an HTML part.
type Mailer interface {
	SendMail(ctx context.Context, to, subject, text, html string) error
}

// SMS delivers one text message to an E.164 number.
type SMS interface {
	SendSMS(ctx context.Context, to, text string) error
}

// Limiter answers whether one more request for a key may proceed now.
// *ratelimit.Keyed implements it.
type Limiter interface {
	Allow(key string) bool
}

// CallLimiter allows a number of calls at once (a batch pays for each of its
// calls); *ratelimit.Keyed implements it.
type CallLimiter interface {
	AllowN(key string, n int) bool
}

// Lockout counts failures per key and locks a key out for a while after too
// many; *ratelimit.Lockout implements it.
type Lockout interface {
	// Locked is how long key stays locked (0: not locked).
	Locked(key string) time.Duration
	// Fail records a failure and returns how long key is locked now.
	Fail(key string) time.Duration
	// Clear forgets key's failures and lifts its lock.
	Clear(key string)
}

// Stations tells whether a station exists, for the default station. Optional;
// the station store (stationsql) implements it.
type Stations interface {
	StationExists(ctx context.Context, id string) (bool, error)
}
