// Package account is the accounts domain: registration with an e-mailed code,
// login with opaque bearer tokens tied to a device record, password reset, the
// profile (names, language, default station, an SMS-verified phone), account
// deletion, push tokens and client event tracking (spec §3-§9, product.md
// "Accounts"). It knows no HTTP, SQL driver or vendor SDK: storage, mail, SMS
// and rate limits are ports defined in ports.go.
package account

import "time"

// Language is a user's language: English or Estonian (spec §9).
type Language string

const (
	English  Language = "en"
	Estonian Language = "et"
)

// User is an end user. Empty strings and zero times stand for "not set".
type User struct {
	ID               string
	Email            string // lower-cased; empty once the account is deleted
	FirstName        string
	LastName         string
	PhonePrefix      string // "+372"; set only once the phone is verified
	Phone            string // national digits, "5551234"
	PhoneVerifiedAt  time.Time
	Language         Language
	DefaultStationID string
	PasswordHash     string    // argon2id PHC string; empty until a password is set
	VerifiedAt       time.Time // registration completed (code and password); zero = pending
	TermsAcceptedAt  time.Time
	CreatedAt        time.Time
	DeletedAt        time.Time
	BlockedAt        time.Time // set by the back office; a blocked user cannot sign in
	Roles            []string
}

// Active reports whether registration was completed and the account not deleted.
func (u User) Active() bool { return !u.VerifiedAt.IsZero() && u.DeletedAt.IsZero() }

// DeviceInfo is what a client says about itself with login, authorize and update
// (spec §3). Empty WebViewVersion stands for null.
type DeviceInfo struct {
	AppVersion     string
	DeviceName     string
	Platform       string
	Model          string
	OSVersion      string
	WebViewVersion string
}

// Device is the device record a session belongs to; it also holds the push token.
type Device struct {
	ID        string
	UserID    string
	Info      DeviceInfo
	PushType  string
	PushToken string
	CreatedAt time.Time
	UpdatedAt time.Time
}

// Session is one signed-in device. Only the SHA-256 of its bearer token is kept.
type Session struct {
	ID         string
	UserID     string
	DeviceID   string
	TokenHash  string
	CreatedAt  time.Time
	LastSeenAt time.Time
	ExpiresAt  time.Time
	RevokedAt  time.Time
}

// Live reports whether the session may still authenticate at now.
func (s Session) Live(now time.Time) bool {
	return s.RevokedAt.IsZero() && now.Before(s.ExpiresAt)
}

// Purpose says what a verification code proves.
type Purpose string

const (
	PurposeRegister Purpose = "register" // an e-mail address, to finish registration
	PurposeReset    Purpose = "reset"    // an e-mail address, to set a new password
	PurposePhone    Purpose = "phone"    // a phone number, for the signed-in user
)

// Verification is a code sent to an e-mail address or phone. Once the code is
// entered it yields a short-lived verification token (e-mail purposes) used by
// the password step. Only hashes of the code and token are stored.
type Verification struct {
	ID             string
	Purpose        Purpose
	Target         string // lower-cased e-mail, or an E.164 phone number
	UserID         string // empty for a reset of an unknown address (nothing is sent)
	CodeHash       string
	Attempts       int
	SentAt         time.Time
	ExpiresAt      time.Time
	VerifiedAt     time.Time
	TokenHash      string
	TokenExpiresAt time.Time
	UsedAt         time.Time
}

// Event is one tracked client event (spec §7 event.track).
type Event struct {
	ID        string
	Type      EventType
	UserID    string
	DeviceID  string
	Source    string
	Campaign  string
	CreatedAt time.Time
}
