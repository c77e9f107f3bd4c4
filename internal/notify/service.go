package notify

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"lockers/internal/apperr"
	"lockers/internal/txn"
)

// Queue is what notifications need of the job queue: the txn.Queue port,
// which internal/jobs implements. Its workers call Deliver, Remind and
// PushMany.
type Queue = txn.Queue

// Pusher sends one push message to one device token; ErrDeadToken when the
// push service says the token is no longer valid.
type Pusher interface {
	Push(ctx context.Context, t PushToken, m PushMessage) error
}

// PushMessage is what a push carries: the texts and, for the app, what it is about.
type PushMessage struct {
	Title, Body string
	Data        map[string]string
}

// ErrDeadToken: the token belongs to no installed app any more (FCM's
// UNREGISTERED); it is forgotten.
var ErrDeadToken = errors.New("notify: push token is no longer valid")

// Mailer and Texter are the e-mail and SMS adapters.
type (
	Mailer interface {
		SendMail(ctx context.Context, to, subject, text, html string) error
	}
	Texter interface {
		SendSMS(ctx context.Context, to, text string) error
	}
)

// Deps are a Service's collaborators.
type Deps struct {
	Store  Store
	Push   Pusher
	Mail   Mailer
	SMS    Texter
	Now    func() time.Time
	Logger *slog.Logger
}

// Service answers the notification procedures, publishes notifications and
// works their jobs.
type Service struct {
	store Store
	queue Queue
	push  Pusher
	mail  Mailer
	sms   Texter
	now   func() time.Time
	log   *slog.Logger
}

// NewService returns the service; UseQueue must be called before anything is
// published.
func NewService(d Deps) (*Service, error) {
	if d.Store == nil || d.Push == nil || d.Mail == nil || d.SMS == nil {
		return nil, errors.New("notify: store, push, mail and SMS are required")
	}
	if d.Now == nil {
		d.Now = time.Now
	}
	if d.Logger == nil {
		d.Logger = slog.Default()
	}
	return &Service{store: d.Store, push: d.Push, mail: d.Mail, sms: d.SMS, now: d.Now, log: d.Logger}, nil
}

// UseQueue sets the job queue (made after the service, as it works the
// service's jobs).
func (s *Service) UseQueue(q Queue) { s.queue = q }

// Page limits of notification.list.
const (
	DefaultPage = 20
	MaxPage     = 100
)

// Page is one page of a user's list.
type Page struct {
	Items  []Notification
	Next   *Cursor // nil on the last page
	Unread int     // of the whole list
}

// OrderChanges are the user's notifications of the changes made to one of
// their orders (OrderChangeKinds), newest first: the order page's history.
// Another user's order has none.
func (s *Service) OrderChanges(ctx context.Context, userID, orderID string) ([]Notification, error) {
	ns, err := s.store.OfOrder(ctx, userID, orderID, OrderChangeKinds, MaxPage)
	if err != nil {
		return nil, fmt.Errorf("notify: order changes: %w", err)
	}
	return ns, nil
}

// List returns the user's notifications after the cursor, newest first.
func (s *Service) List(ctx context.Context, userID string, after Cursor, limit int) (Page, error) {
	if limit <= 0 {
		limit = DefaultPage
	}
	limit = min(limit, MaxPage)
	items, err := s.store.List(ctx, userID, after, limit+1)
	if err != nil {
		return Page{}, fmt.Errorf("notify: list: %w", err)
	}
	p := Page{Items: items}
	if len(items) > limit {
		p.Items = items[:limit]
		last := p.Items[limit-1]
		p.Next = &Cursor{CreatedAt: last.CreatedAt, ID: last.ID}
	}
	if p.Unread, err = s.store.Unread(ctx, userID); err != nil {
		return Page{}, fmt.Errorf("notify: unread: %w", err)
	}
	return p, nil
}

// NotFound is the answer for an id that is not one of the caller's notifications.
func NotFound(id string) error {
	return apperr.New(apperr.NotificationNotFound, "no notification %q", id)
}

// Read marks one of the user's notifications read.
func (s *Service) Read(ctx context.Context, userID, id string) error {
	if _, err := uuid.Parse(id); err != nil {
		return NotFound(id) // no notification has such an id
	}
	err := s.store.MarkRead(ctx, userID, id, s.now().UTC())
	if errors.Is(err, ErrNotFound) {
		return NotFound(id)
	}
	if err != nil {
		return fmt.Errorf("notify: read: %w", err)
	}
	return nil
}

// ReadAll marks all the user's notifications read and reports how many were unread.
func (s *Service) ReadAll(ctx context.Context, userID string) (int, error) {
	n, err := s.store.MarkAllRead(ctx, userID, s.now().UTC())
	if err != nil {
		return 0, fmt.Errorf("notify: read all: %w", err)
	}
	return n, nil
}

// Settings returns the user's channels.
func (s *Service) Settings(ctx context.Context, userID string) (Settings, error) {
	st, err := s.store.Settings(ctx, userID)
	if err != nil {
		return Settings{}, fmt.Errorf("notify: settings: %w", err)
	}
	return st, nil
}

// UpdateSettings stores the user's channels. Text messages go to a verified
// phone only: SMS cannot be turned on without one (issue 28), as nothing would
// be sent.
func (s *Service) UpdateSettings(ctx context.Context, userID string, st Settings) (Settings, error) {
	if st.SMS {
		var r Recipient
		err := s.store.InTx(ctx, func(tx txn.Tx) error {
			var err error
			r, err = s.store.Recipient(ctx, tx, userID)
			return err
		})
		if err != nil {
			return Settings{}, fmt.Errorf("notify: recipient: %w", err)
		}
		if r.Phone == "" {
			return Settings{}, apperr.Field(apperr.BadInput, "sms", "text messages need a verified phone number")
		}
	}
	if err := s.store.SaveSettings(ctx, userID, st, s.now().UTC()); err != nil {
		return Settings{}, fmt.Errorf("notify: save settings: %w", err)
	}
	return st, nil
}
