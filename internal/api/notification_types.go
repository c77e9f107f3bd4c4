package api

import (
	"encoding/base64"
	"strconv"
	"strings"
	"time"

	"lockers/internal/apperr"
	"lockers/internal/notify"
)

// NotificationListInput pages notification.list: Cursor is the previous
// page's nextCursor ("" or absent for the newest), Limit 1-100 (default 20).
type NotificationListInput struct {
	Cursor string `json:"cursor,omitempty"`
	Limit  int    `json:"limit,omitempty"`
}

// Validate bounds the limit and checks the cursor.
func (in NotificationListInput) Validate() error {
	if in.Limit < 0 || in.Limit > notify.MaxPage {
		return apperr.Field(apperr.BadInput, "limit", "limit is 1 to 100")
	}
	if _, err := decodeCursor(in.Cursor); err != nil {
		return err
	}
	return nil
}

// NotificationIDInput names one of the caller's notifications.
type NotificationIDInput struct {
	ID string `json:"id" input:"uuid=NOTIFICATION_NOT_FOUND"`
}

// Validate requires the id.
func (in NotificationIDInput) Validate() error {
	if in.ID == "" {
		return apperr.Field(apperr.MissingParams, "id", "id is required")
	}
	return nil
}

// NotificationView is one notification: its kind and params, which the app
// words in the reader's language (issue 28), and Title and Body as written in
// the account's language of that moment (what params is null for: those
// written before params were kept).
type NotificationView struct {
	ID     string                  `json:"id"`
	Kind   string                  `json:"kind" ts:"'booking_confirmed' | 'payment_failed' | 'starts_soon' | 'ends_soon' | 'ended' | 'door_left_open' | 'refund_made' | 'issue_answered' | 'locker_moved' | 'order_deleted' | 'extension_offered' | 'payment_returned' | 'unexpected_door_opening' | 'extension_paid'"`
	Params *NotificationParamsView `json:"params"`
	Title  string                  `json:"title"`
	Body   string                  `json:"body"`
	// OrderID is the order it is about, or null.
	OrderID   *string `json:"orderId"`
	CreatedAt string  `json:"createdAt"`
	Read      bool    `json:"read"`
}

// NotificationParamsView is what a notification's text says; empty strings
// and null times are not said.
type NotificationParamsView struct {
	Station     string  `json:"station"`
	Locker      string  `json:"locker"`
	Start       *string `json:"start"`
	End         *string `json:"end"`
	AmountCents int64   `json:"amountCents"`
	Answer      string  `json:"answer"`
	// Until is how long a declined order is held for another try.
	Until *string `json:"until"`
	// Extension: the declined payment was for an extension, which was dropped.
	Extension bool `json:"extension"`
	// TimeZone is the station's IANA zone ("" when not known: Europe/Tallinn).
	TimeZone string `json:"timeZone"`
	// Reason is the reason an operator gave for a refund ("" for none).
	Reason string `json:"reason"`
	// Lapsed: an extension_offered whose extension was not paid in time and
	// lapsed; End is the end the rental keeps.
	Lapsed bool `json:"lapsed"`
}

// NotificationPage is notification.list's answer: newest first; NextCursor
// null on the last page; Unread counts the whole list.
type NotificationPage struct {
	Items      []NotificationView `json:"items"`
	NextCursor *string            `json:"nextCursor"`
	Unread     int                `json:"unread"`
}

// ReadAllResult reports how many notifications were marked read.
type ReadAllResult struct {
	Marked int `json:"marked"`
}

// NotificationSettingsView is the user's delivery channels.
type NotificationSettingsView struct {
	Push  bool `json:"push"`
	Email bool `json:"email"`
	SMS   bool `json:"sms"`
}

func notificationView(n notify.Notification) NotificationView {
	v := NotificationView{ID: n.ID, Kind: string(n.Kind), Title: n.Title, Body: n.Body, CreatedAt: rfc3339(n.CreatedAt),
		Read: n.ReadAt != nil}
	if p := n.Params; p != (notify.Params{}) {
		v.Params = &NotificationParamsView{Station: p.Station, Locker: p.Locker, Start: optionalTime(p.Start),
			End: optionalTime(p.End), AmountCents: p.AmountCents, Answer: p.Answer, Until: optionalTime(p.Until),
			Extension: p.Extension, TimeZone: p.TimeZone, Reason: p.Reason, Lapsed: p.Lapsed}
	}
	if n.OrderID != "" {
		id := n.OrderID
		v.OrderID = &id
	}
	return v
}

// encodeCursor makes a page's position opaque to the client.
func encodeCursor(c *notify.Cursor) *string {
	if c == nil {
		return nil
	}
	s := base64.RawURLEncoding.EncodeToString([]byte(strconv.FormatInt(c.CreatedAt.UnixNano(), 10) + "_" + c.ID))
	return &s
}

func decodeCursor(s string) (notify.Cursor, error) {
	if s == "" {
		return notify.Cursor{}, nil
	}
	bad := apperr.Field(apperr.BadInput, "cursor", "not a cursor of this list")
	raw, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		return notify.Cursor{}, bad
	}
	nanos, id, ok := strings.Cut(string(raw), "_")
	n, err := strconv.ParseInt(nanos, 10, 64)
	if !ok || err != nil || len(id) != 36 {
		return notify.Cursor{}, bad
	}
	return notify.Cursor{CreatedAt: time.Unix(0, n).UTC(), ID: id}, nil
}

// optionalTime is t in RFC 3339, or nil for the zero time.
func optionalTime(t time.Time) *string {
	if t.IsZero() {
		return nil
	}
	s := rfc3339(t)
	return &s
}
