package api

import (
	"time"

	"lockers/internal/account"
	"lockers/internal/identity"
)

// DeviceInfo is what a client says about itself (spec §3).
type DeviceInfo struct {
	AppVersion     string  `json:"appVersion"`
	DeviceName     string  `json:"deviceName"`
	Platform       string  `json:"platform"`
	Model          string  `json:"model"`
	OSVersion      string  `json:"osVersion"`
	WebViewVersion *string `json:"webViewVersion"`
}

func (d DeviceInfo) domain() account.DeviceInfo {
	info := account.DeviceInfo{
		AppVersion: d.AppVersion, DeviceName: d.DeviceName, Platform: d.Platform,
		Model: d.Model, OSVersion: d.OSVersion,
	}
	if d.WebViewVersion != nil {
		info.WebViewVersion = *d.WebViewVersion
	}
	return info
}

// UserView is the signed-in user as the client sees it.
type UserView struct {
	ID               string      `json:"id"`
	Email            string      `json:"email"`
	FirstName        string      `json:"firstName"`
	LastName         string      `json:"lastName"`
	PhonePrefix      string      `json:"phonePrefix"`
	Phone            string      `json:"phone"`
	PhoneVerified    bool        `json:"phoneVerified"`
	Language         string      `json:"language" ts:"'en' | 'et'"`
	DefaultStationID *string     `json:"defaultStationId"`
	Roles            []RoleEntry `json:"roles"`
	IsAdmin          bool        `json:"isAdmin"`
	IsManager        bool        `json:"isManager"`
	CreatedAt        string      `json:"createdAt"`
}

func userView(u account.User) *UserView {
	v := &UserView{
		ID: u.ID, Email: u.Email, FirstName: u.FirstName, LastName: u.LastName,
		PhonePrefix: u.PhonePrefix, Phone: u.Phone, PhoneVerified: !u.PhoneVerifiedAt.IsZero(),
		Language: string(u.Language), Roles: make([]RoleEntry, 0, len(u.Roles)), CreatedAt: rfc3339(u.CreatedAt),
	}
	if v.Language == "" {
		v.Language = string(account.English)
	}
	for _, code := range u.Roles {
		v.Roles = append(v.Roles, RoleEntry{Role: Role{Code: code}})
	}
	p := identity.Principal{Roles: u.Roles}
	v.IsAdmin, v.IsManager = p.IsAdmin(), p.Has(identity.RoleManager)
	if u.DefaultStationID != "" {
		id := u.DefaultStationID
		v.DefaultStationID = &id
	}
	return v
}

// RoleEntry is one role of a user in the shape of spec §3: {role: {code}}.
type RoleEntry struct {
	Role Role `json:"role"`
}

// Role is a role code: ADMIN or MANAGER.
type Role struct {
	Code string `json:"code"`
}

// AuthResponse answers auth.authorize, auth.login, auth.setPassword and
// auth.update (spec §3). Token and user are null for a caller without a session.
type AuthResponse struct {
	Token        *string   `json:"token"`
	ShouldUpdate bool      `json:"shouldUpdate"`
	Message      string    `json:"message"`
	User         *UserView `json:"user"`
}

func authResponse(a account.Auth) AuthResponse {
	token := a.Token
	return AuthResponse{Token: &token, ShouldUpdate: a.ShouldUpdate, Message: a.Message, User: userView(a.User)}
}

// LoginInput is auth.login's input.
type LoginInput struct {
	Email    string     `json:"email"`
	Password string     `json:"password"`
	Device   DeviceInfo `json:"device"`
}

// RegisterInput is auth.register's input; language is the app's current one.
type RegisterInput struct {
	Email       string `json:"email"`
	AcceptTerms bool   `json:"acceptTerms"`
	Language    string `json:"language"`
}

// EmailInput is the input of auth.recall and auth.reset.
type EmailInput struct {
	Email string `json:"email"`
}

// UnlockInput is auth.unlock's input: the token of an e-mailed unlock link.
type UnlockInput struct {
	Token string `json:"token"`
}

// CodeSent says where a code went and when a new one may be asked for.
type CodeSent struct {
	Email     string `json:"email"`
	ExpiresAt string `json:"expiresAt"`
	ResendAt  string `json:"resendAt"`
}

// VerifyInput is auth.verify's input: the e-mailed code.
type VerifyInput struct {
	Email string `json:"email"`
	Code  string `json:"code"`
}

// Verified carries the short-lived token of the password step.
type Verified struct {
	VerificationToken string `json:"verificationToken"`
	ExpiresAt         string `json:"expiresAt"`
}

// SetPasswordInput is auth.setPassword's input.
type SetPasswordInput struct {
	VerificationToken string     `json:"verificationToken"`
	Password          string     `json:"password"`
	PasswordRepeat    string     `json:"passwordRepeat"`
	Device            DeviceInfo `json:"device"`
}

// UpdateInput is auth.update's input: an omitted field stays as it is; an empty
// defaultStationId clears the default station.
type UpdateInput struct {
	FirstName        *string     `json:"firstName,omitempty"`
	LastName         *string     `json:"lastName,omitempty"`
	Language         *string     `json:"language,omitempty" ts:"'en' | 'et'"`
	DefaultStationID *string     `json:"defaultStationId,omitempty" input:"uuid"`
	Device           *DeviceInfo `json:"device,omitempty"`
}

// PhoneInput is the input of auth.requestPhone.
type PhoneInput struct {
	Prefix string `json:"prefix"`
	Phone  string `json:"phone"`
}

// PhoneVerifyInput is the input of auth.verifyPhone.
type PhoneVerifyInput struct {
	Prefix string `json:"prefix"`
	Phone  string `json:"phone"`
	Code   string `json:"code"`
}

// PhoneCodeSent says which number a code was texted to.
type PhoneCodeSent struct {
	Prefix    string `json:"prefix"`
	Phone     string `json:"phone"`
	ExpiresAt string `json:"expiresAt"`
	ResendAt  string `json:"resendAt"`
}

// RemoveInput is auth.remove's input: why the user leaves.
type RemoveInput struct {
	Reason string `json:"reason" input:"text"`
}

// DeviceTokenInput is auth.deviceToken's input: a push token of the device.
type DeviceTokenInput struct {
	Type  string `json:"type"`
	Token string `json:"token" input:"max=4096"`
}

// TrackInput is event.track's input.
type TrackInput struct {
	Type     string `json:"type"`
	Source   string `json:"source,omitempty"`
	Campaign string `json:"campaign,omitempty"`
}

// Done is the answer of a mutation that has nothing else to say.
type Done struct {
	OK bool `json:"ok" ts:"true"`
}

func rfc3339(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}
