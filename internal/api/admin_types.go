package api

import (
	"encoding/json"
	"time"

	"lockers/internal/apperr"
	"lockers/internal/backoffice"
)

// Every admin list takes cursor, the "next" of the page before ("" for the
// first page), and limit, 1-200 (default 50). They are spelled out in each
// input: the TypeScript generator does not flatten embedded structs.

// AdminUserListInput is users.list's input: query matches e-mail, name or phone.
type AdminUserListInput struct {
	Cursor string `json:"cursor,omitempty"`
	Limit  int    `json:"limit,omitempty"`
	Query  string `json:"query,omitempty"`
}

// AdminUserInput names one user.
type AdminUserInput struct {
	UserUUID string `json:"userUuid" input:"uuid=USER_NOT_FOUND"`
}

// Validate requires the user id.
func (in AdminUserInput) Validate() error {
	if in.UserUUID == "" {
		return apperr.Field(apperr.MissingParams, "userUuid", "user is required")
	}
	return nil
}

// AdminRoleInput is users.grantRole's and users.revokeRole's input.
type AdminRoleInput struct {
	UserUUID string `json:"userUuid" input:"uuid=USER_NOT_FOUND"`
	Role     string `json:"role" ts:"'ADMIN' | 'MANAGER'"`
	// Version is the user's version the screen started from (a colleague's
	// change in between: CANT_CHANGE on field version).
	Version string `json:"version"`
}

// AdminBlockInput is users.block's and users.unblock's input: the user's
// version the screen started from and, to block, the reason (MISSING_NOTE).
type AdminBlockInput struct {
	UserUUID string `json:"userUuid" input:"uuid=USER_NOT_FOUND"`
	Version  string `json:"version"`
	Reason   string `json:"reason,omitempty" input:"text"`
}

// Validate requires the user id.
func (in AdminBlockInput) Validate() error { return AdminUserInput{UserUUID: in.UserUUID}.Validate() }

// Validate requires the user id.
func (in AdminRoleInput) Validate() error { return AdminUserInput{UserUUID: in.UserUUID}.Validate() }

// AdminUserDeleteInput is users.delete's input; the reason is required (MISSING_NOTE).
type AdminUserDeleteInput struct {
	UserUUID string `json:"userUuid" input:"uuid=USER_NOT_FOUND"`
	Reason   string `json:"reason" input:"text"`
}

// Validate requires the user id.
func (in AdminUserDeleteInput) Validate() error {
	return AdminUserInput{UserUUID: in.UserUUID}.Validate()
}

// AdminUser is a user as the back office shows them. Times are RFC 3339 UTC,
// "" when not set.
type AdminUser struct {
	UUID       string   `json:"uuid"`
	Email      string   `json:"email"`
	FirstName  string   `json:"firstName"`
	LastName   string   `json:"lastName"`
	Phone      string   `json:"phone"`
	Roles      []string `json:"roles"`
	CreatedAt  string   `json:"createdAt"`
	VerifiedAt string   `json:"verifiedAt"`
	BlockedAt  string   `json:"blockedAt"`
	DeletedAt  string   `json:"deletedAt"`
	// Version is what a change of roles or blocking names as its start.
	Version string `json:"version"`
}

// AdminUserPage is one page of users.
type AdminUserPage struct {
	Items []AdminUser `json:"items"`
	Next  string      `json:"next"`
}

func adminUser(u backoffice.UserRow) AdminUser {
	roles := u.Roles
	if roles == nil {
		roles = []string{}
	}
	return AdminUser{UUID: u.ID, Email: u.Email, FirstName: u.FirstName, LastName: u.LastName, Phone: u.Phone,
		Roles: roles, CreatedAt: rfc3339(u.CreatedAt), VerifiedAt: rfc3339(u.VerifiedAt), BlockedAt: rfc3339(u.BlockedAt),
		DeletedAt: rfc3339(u.DeletedAt), Version: u.Version}
}

// AdminOrderListInput is orders.list's input; from and to (RFC 3339) bound the
// creation time, [from, to).
type AdminOrderListInput struct {
	Cursor string `json:"cursor,omitempty"`
	Limit  int    `json:"limit,omitempty"`
	// Query finds orders by id (whole or its first characters) or by a
	// compartment's label.
	Query       string `json:"query,omitempty"`
	Status      string `json:"status,omitempty"`
	StationUUID string `json:"stationUuid,omitempty" input:"uuid"`
	UserUUID    string `json:"userUuid,omitempty" input:"uuid"`
	From        string `json:"from,omitempty"`
	To          string `json:"to,omitempty"`
}

// AdminOrderInput names one order of any user.
type AdminOrderInput struct {
	OrderUUID string `json:"orderUuid" input:"uuid=ORDER_NOT_FOUND"`
}

// Validate requires the order id.
func (in AdminOrderInput) Validate() error { return OrderInput(in).Validate() }

// AdminNoteInput names an order and says why (refund, free a hold).
type AdminNoteInput struct {
	OrderUUID string `json:"orderUuid" input:"uuid=ORDER_NOT_FOUND"`
	Note      string `json:"note" input:"text"`
}

// Validate requires the order id.
func (in AdminNoteInput) Validate() error { return OrderInput{OrderUUID: in.OrderUUID}.Validate() }

// AdminRefundInput is orders.refund's input: the note is required
// (MISSING_NOTE); amountCents, when given, refunds that much (at most what is
// left to refund), otherwise everything that is left.
type AdminRefundInput struct {
	OrderUUID   string `json:"orderUuid" input:"uuid=ORDER_NOT_FOUND"`
	Note        string `json:"note" input:"text"`
	AmountCents int64  `json:"amountCents,omitempty"`
	// RequestUUID is the screen's key for one confirmed refund: the same key
	// again refunds nothing more (a double-click, a retry).
	RequestUUID string `json:"requestUuid,omitempty" input:"uuid"`
}

// Validate requires the order id.
func (in AdminRefundInput) Validate() error { return OrderInput{OrderUUID: in.OrderUUID}.Validate() }

// AdminOrder is an order as the back office lists it.
type AdminOrder struct {
	UUID          string `json:"uuid"`
	UserUUID      string `json:"userUuid"`
	UserEmail     string `json:"userEmail"`
	StationUUID   string `json:"stationUuid"`
	StationName   string `json:"stationName"`
	TimeZone      string `json:"timeZone"` // the station's (IANA): its times are shown in it, labelled
	Status        string `json:"status"`
	PaymentState  string `json:"paymentState"`
	Height        string `json:"height"`
	Temperature   string `json:"temperature"`
	Start         string `json:"start"`
	End           string `json:"end"`
	ReservedUntil string `json:"reservedUntil"`
	PaidCents     int64  `json:"paidCents"`
	RefundedCents int64  `json:"refundedCents"`
	CreatedAt     string `json:"createdAt"`
}

func adminOrder(o backoffice.OrderRow) AdminOrder {
	return AdminOrder{UUID: o.ID, UserUUID: o.UserID, UserEmail: o.UserEmail, StationUUID: o.StationID,
		StationName: o.StationName, TimeZone: o.TimeZone, Status: o.Status, PaymentState: o.PaymentState, Height: o.Height,
		Temperature: o.Temperature, Start: rfc3339(o.StartsAt), End: rfc3339(o.EndsAt),
		ReservedUntil: rfc3339(o.ReservedUntil), PaidCents: o.PaidCents, RefundedCents: o.RefundedCents,
		CreatedAt: rfc3339(o.CreatedAt)}
}

// AdminOrderPage is one page of orders.
type AdminOrderPage struct {
	Items []AdminOrder `json:"items"`
	Next  string       `json:"next"`
}

// AdminLiveListInput is reserved.list's input.
type AdminLiveListInput struct {
	Cursor      string `json:"cursor,omitempty"`
	Limit       int    `json:"limit,omitempty"`
	StationUUID string `json:"stationUuid,omitempty" input:"uuid"`
	Kind        string `json:"kind,omitempty" ts:"'hold' | 'rental'"`
}

// AdminLive is a hold or a running rental with its time left (seconds;
// negative when overdue).
type AdminLive struct {
	Order    AdminOrder `json:"order"`
	Kind     string     `json:"kind" ts:"'hold' | 'rental'"`
	LeftSecs int64      `json:"leftSecs"`
}

// AdminLivePage is one page of holds and rentals.
type AdminLivePage struct {
	Items []AdminLive `json:"items"`
	Next  string      `json:"next"`
}

// AdminAuditListInput is events.audit's input; every filter is optional.
type AdminAuditListInput struct {
	Cursor     string `json:"cursor,omitempty"`
	Limit      int    `json:"limit,omitempty"`
	ActorUUID  string `json:"actorUuid,omitempty" input:"uuid"`
	Action     string `json:"action,omitempty"`
	TargetType string `json:"targetType,omitempty"`
	TargetID   string `json:"targetId,omitempty"`
	From       string `json:"from,omitempty"`
	To         string `json:"to,omitempty"`
}

// AdminAudit is one audit entry: the values before and after are JSON objects
// (serialised, so the wire type stays simple).
type AdminAudit struct {
	UUID       string `json:"uuid"`
	ActorUUID  string `json:"actorUuid"`
	ActorEmail string `json:"actorEmail"`
	Action     string `json:"action"`
	TargetType string `json:"targetType"`
	TargetID   string `json:"targetId"`
	Before     string `json:"before"`
	After      string `json:"after"`
	Note       string `json:"note"`
	CreatedAt  string `json:"createdAt"`
}

// AdminAuditPage is one page of the audit log.
type AdminAuditPage struct {
	Items []AdminAudit `json:"items"`
	Next  string       `json:"next"`
}

func adminAudit(e backoffice.AuditEntry) AdminAudit {
	return AdminAudit{UUID: e.ID, ActorUUID: e.ActorID, ActorEmail: e.ActorEmail, Action: e.Action,
		TargetType: e.TargetType, TargetID: e.TargetID, Before: raw(e.Before), After: raw(e.After), Note: e.Note,
		CreatedAt: rfc3339(e.CreatedAt)}
}

func raw(m json.RawMessage) string {
	if len(m) == 0 {
		return "{}"
	}
	return string(m)
}

// timeBound parses an optional RFC 3339 filter bound ("" is no bound).
func timeBound(field, s string) (time.Time, error) {
	if s == "" {
		return time.Time{}, nil
	}
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		return time.Time{}, apperr.Field(apperr.BadInput, field, field+" must be an RFC 3339 time")
	}
	// SQLite's time text sorts only with four-digit years
	// (docs/decisions/075-time-bounds.md); an offset can push 9999-12-31 into
	// year 10000.
	if y := t.UTC().Year(); y < 1 || y > 9999 {
		return time.Time{}, apperr.Field(apperr.BadInput, field, field+" is out of range")
	}
	return t.UTC(), nil
}
