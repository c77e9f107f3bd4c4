// Package notify tells users what happened to their rentals (issue 16): a
// notification is stored as its kind and parameters (issue 28), worded in the
// reader's language when read (the web app) or sent (push, e-mail, SMS), listed
// in the app (notification.list, unread until read) and delivered by push,
// e-mail and SMS as the user chose (notification.settings). Notifications and
// their delivery jobs are inserted in the transaction of the event they report,
// and the reminders of a rental are River jobs scheduled when it is booked,
// moved when it is extended and cancelled with it
// (docs/decisions/053-reminders-and-delivery.md).
package notify

import (
	"context"
	"errors"
	"time"

	"lockers/internal/txn"
)

// Kind is what a notification is about.
type Kind string

// The kinds of issue 16.
const (
	BookingConfirmed Kind = "booking_confirmed"
	PaymentFailed    Kind = "payment_failed"
	StartsSoon       Kind = "starts_soon" // the rental starts in an hour
	EndsSoon         Kind = "ends_soon"   // the rental ends in an hour
	Ended            Kind = "ended"
	DoorLeftOpen     Kind = "door_left_open"
	RefundMade       Kind = "refund_made"
	IssueAnswered    Kind = "issue_answered"
	// LockerMoved: an operator took the booked compartment out of service and
	// the booking moved to another one of the same kind (issue 30), or, with
	// no locker in its params, none was free and the free booking ended.
	LockerMoved Kind = "locker_moved"
	// UnexpectedDoorOpening: the door of the renter's compartment opened
	// with no order of the server's (docs/station-protocol.md "Unexpected openings").
	UnexpectedDoorOpening Kind = "unexpected_door_opening"
	// OrderDeleted: an operator deleted the booking (issue 42).
	OrderDeleted Kind = "order_deleted"
	// ExtensionOffered: an operator extended the rental and the extension
	// waits for the customer's payment until it lapses (issue 42).
	ExtensionOffered Kind = "extension_offered"
	// PaymentReturned: money came for an order that no longer waited for it
	// (a stale payment link paid after a card) and was refunded (issue 42).
	PaymentReturned Kind = "payment_returned"
	// ExtensionPaid: the customer paid for a later end, which is now theirs
	// (issue 46): what it cost and until when.
	ExtensionPaid Kind = "extension_paid"
)

// Kinds is every kind, in the order of issue 16.
var Kinds = []Kind{BookingConfirmed, PaymentFailed, StartsSoon, EndsSoon, Ended, DoorLeftOpen, RefundMade, IssueAnswered,
	LockerMoved, UnexpectedDoorOpening, OrderDeleted, ExtensionOffered, PaymentReturned, ExtensionPaid}

// OrderChangeKinds are what an order's page keeps of it (issue 42): the
// changes to the customer's money or booking that were not the customer's own
// doing at the moment (an operator's delete, extension, refund or move; an
// extension's lapse; money returned).
var OrderChangeKinds = []Kind{OrderDeleted, ExtensionOffered, RefundMade, LockerMoved, PaymentReturned}

// Language is an account's language.
type Language string

// The languages of spec §9.
const (
	English  Language = "en"
	Estonian Language = "et"
)

// Notification is one message to one user.
type Notification struct {
	ID, UserID string
	Kind       Kind
	OrderID    string // "" when it is about no order
	// Params are what its text says, kept so that it is worded when read
	// (in the reader's language then); zero for notifications written before.
	Params Params
	// Title and Body are the text in the recipient's language when it was written.
	Title     string
	Body      string
	CreatedAt time.Time
	ReadAt    *time.Time
}

// Settings are a user's delivery channels; the in-app list always has everything.
type Settings struct {
	Push, Email, SMS bool
}

// DefaultSettings apply until the user changes them: push and e-mail on; SMS
// off, as a text costs money and most of these messages are not urgent.
var DefaultSettings = Settings{Push: true, Email: true}

// Recipient is who a notification goes to and how they can be reached.
type Recipient struct {
	UserID   string
	Language Language
	Email    string // "" for none (a deleted account)
	Phone    string // E.164; "" unless verified
	Settings Settings
}

// Channel is one way of delivering a notification outside the app.
type Channel string

// The channels.
const (
	Push  Channel = "push"
	Email Channel = "email"
	SMS   Channel = "sms"
)

// PushToken is a device's push token as auth.deviceToken stored it.
type PushToken struct {
	Type  string // fcm or apns
	Token string
}

// OrderFacts are what reminders need of an order.
type OrderFacts struct {
	ID, UserID    string
	Status        string
	Start, End    time.Time
	StationName   string
	StationZone   string // IANA
	PaymentState  string
	RefundedCents int64
}

// OrderState is what notifications last saw of an order, and its reminder jobs.
type OrderState struct {
	OrderID       string
	Status        string
	End           time.Time
	PaymentState  string
	RefundedCents int64
	StartJob      int64 // 0 for none
	EndJob        int64
	EndedJob      int64
}

// ErrNotFound is a notification, user or order that does not exist (or is another user's).
var ErrNotFound = errors.New("notify: not found")

// Store keeps notifications, settings and the order states. Methods with a
// tx run in that transaction: the caller's (an order's save, an operator's
// answer) or one of InTx's.
type Store interface {
	InTx(ctx context.Context, fn func(tx txn.Tx) error) error
	Recipient(ctx context.Context, tx txn.Tx, userID string) (Recipient, error)
	// Insert adds n; false when a notification with its id exists already.
	Insert(ctx context.Context, tx txn.Tx, n Notification) (bool, error)
	OrderState(ctx context.Context, tx txn.Tx, orderID string) (OrderState, bool, error)
	SaveOrderState(ctx context.Context, tx txn.Tx, s OrderState) error
	OrderFacts(ctx context.Context, tx txn.Tx, orderID string) (OrderFacts, error)
	// OrderFactsMany reads many orders at once, by id; missing ones are left out.
	OrderFactsMany(ctx context.Context, tx txn.Tx, orderIDs []string) (map[string]OrderFacts, error)
	// InsertMany adds the notifications whose ids do not exist yet and
	// returns those ids.
	InsertMany(ctx context.Context, tx txn.Tx, ns []Notification) ([]string, error)
	// RentalOf reads the order an order locker belongs to.
	RentalOf(ctx context.Context, tx txn.Tx, orderLockerID string) (OrderFacts, error)

	// List returns the user's notifications older than the cursor (all when
	// before is zero), newest first.
	List(ctx context.Context, userID string, before Cursor, limit int) ([]Notification, error)
	Unread(ctx context.Context, userID string) (int, error)
	// OfOrder returns the user's notifications about one order of the given
	// kinds, newest first, at most limit.
	OfOrder(ctx context.Context, userID, orderID string, kinds []Kind, limit int) ([]Notification, error)
	// MarkRead marks one of the user's notifications read (once); ErrNotFound
	// when the user has none with that id.
	MarkRead(ctx context.Context, userID, id string, at time.Time) error
	MarkAllRead(ctx context.Context, userID string, at time.Time) (int, error)
	Settings(ctx context.Context, userID string) (Settings, error)
	SaveSettings(ctx context.Context, userID string, s Settings, at time.Time) error

	// Delivery reads a notification with its recipient, for its delivery jobs.
	Delivery(ctx context.Context, id string) (Notification, Recipient, error)
	// Deliveries reads many notifications with their recipients and the
	// recipients' push tokens, in a few queries; missing ones are left out.
	Deliveries(ctx context.Context, ids []string) ([]Delivery, error)
	PushTokens(ctx context.Context, userID string) ([]PushToken, error)
	// DropPushToken forgets a token the push service reports dead.
	DropPushToken(ctx context.Context, token string) error
}

// Delivery is a notification with what sending it needs.
type Delivery struct {
	Notification Notification
	Recipient    Recipient
	Tokens       []PushToken
}

// Cursor is a position in a user's list: the last notification of a page.
type Cursor struct {
	CreatedAt time.Time
	ID        string
}
