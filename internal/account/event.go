package account

import (
	"context"
	"errors"

	"github.com/google/uuid"

	"lockers/internal/apperr"
	"lockers/internal/identity"
)

// EventType is one client event of spec §7. The list is closed: anything else is
// BAD_INPUT, so the events table holds only what analytics expects.
type EventType string

// EventTypes lists every accepted event type, in the spec's order: the account
// actions, then station, locker, order, payment, invoice, guide, coupon and issue.
var EventTypes = []EventType{
	"login", "logout", "sign-up", "verify", "recall", "reset", "set-password", "update", "delete-profile",
	"station.view", "station.select",
	"locker.select", "locker.open",
	"order.create", "order.confirm", "order.extend", "order.cancel", "order.view",
	"payment.method-add", "payment.method-remove", "payment.pay",
	"invoice.view", "invoice.download",
	"guide.view", "guide.complete",
	"coupon.register", "coupon.view",
	"issue.add",
}

var knownEvents = func() map[EventType]bool {
	m := make(map[EventType]bool, len(EventTypes))
	for _, t := range EventTypes {
		m[t] = true
	}
	return m
}()

// TrackInput is what event.track takes. Source and campaign come from the
// client's __SOURCE / __CAMPAIGN (defaults "web" and "default").
type TrackInput struct {
	Type     string
	Source   string
	Campaign string
}

// Track records a client event with the caller's user and device when signed in.
// It is open to anonymous callers (sign-up, verify and reset happen before a
// session exists, logout after it ends) and limited per client address.
func (s *Service) Track(ctx context.Context, in TrackInput) error {
	t := EventType(in.Type)
	if !knownEvents[t] {
		return apperr.Field(apperr.BadInput, "type", "unknown event type")
	}
	source, err := cleanText("source", in.Source, 64)
	if err != nil {
		return err
	}
	campaign, err := cleanText("campaign", in.Campaign, 64)
	if err != nil {
		return err
	}
	if source == "" {
		source = "web"
	}
	if campaign == "" {
		campaign = "default"
	}
	if s.limits.Events != nil && !s.limits.Events.Allow(RequestFrom(ctx).addressKey()) {
		return apperr.New(apperr.CodeTooManyRequest, "Too Many Requests")
	}
	e := Event{ID: uuid.NewString(), Type: t, Source: source, Campaign: campaign, CreatedAt: s.now()}
	if p, ok := identity.From(ctx); ok {
		e.UserID = p.UserID
		d, err := s.devices.DeviceBySession(ctx, p.SessionID)
		if err != nil && !errors.Is(err, ErrNotFound) {
			return internal("track", err)
		}
		e.DeviceID = d.ID
	}
	if err := s.events.InsertEvent(ctx, e); err != nil {
		return internal("track", err)
	}
	return nil
}
