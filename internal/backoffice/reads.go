package backoffice

import (
	"context"
	"time"

	"lockers/internal/order"
)

// The reads below answer from the read model (Reads); they change nothing.

// Users searches users, newest first, paged by key.
func (s *Service) Users(ctx context.Context, f UserFilter) (UserPage, error) {
	p, err := s.store.Users(ctx, f)
	for i := range p.Users {
		p.Users[i] = p.Users[i].versioned()
	}
	return p, err
}

// User is a user's page: who they are and their newest records.
func (s *Service) User(ctx context.Context, id string) (UserDetail, error) {
	d, err := s.store.User(ctx, id)
	d.User = d.User.versioned()
	return d, err
}

// Orders lists orders, newest first, filtered and paged by key.
func (s *Service) Orders(ctx context.Context, f OrderFilter) (OrderPage, error) {
	return s.store.Orders(ctx, f)
}

// Order is an order's page: price lines, lockers, payments, refunds, invoices
// and door commands, and the actions the orders domain would accept now.
func (s *Service) Order(ctx context.Context, id string) (OrderDetail, error) {
	d, err := s.store.Order(ctx, id)
	d.Actions = order.ActionsFor(d.standing())
	return d, err
}

// Live lists holds and running rentals with the time they have left.
func (s *Service) Live(ctx context.Context, f LiveFilter) (LivePage, error) {
	return s.store.Live(ctx, f)
}

// Packs lists every coupon pack with its usage, by code.
func (s *Service) Packs(ctx context.Context) ([]PackRow, error) { return s.store.Packs(ctx) }

// Stations lists stations newest first, searched by name or city, paged by key.
func (s *Service) Stations(ctx context.Context, query, cursor string, limit int) (StationPage, error) {
	p, err := s.store.Stations(ctx, query, cursor, limit)
	for i := range p.Stations {
		p.Stations[i] = p.Stations[i].versioned()
	}
	return p, err
}

// Compartments lists a station's compartments by label.
func (s *Service) Compartments(ctx context.Context, stationID string) (StationRow, []CompartmentRow, error) {
	st, cs, err := s.store.Compartments(ctx, stationID)
	for i := range cs {
		cs[i] = cs[i].versioned()
	}
	return st.versioned(), cs, err
}

// Prices reads a station's prices: its own where it set one, the default otherwise.
func (s *Service) Prices(ctx context.Context, stationID string) (StationPrices, error) {
	p, err := s.store.Prices(ctx, stationID)
	return p.versioned(), err
}

// Issues lists issues newest first, filtered and paged by key.
func (s *Service) Issues(ctx context.Context, f IssueFilter) (IssuePage, error) {
	return s.store.Issues(ctx, f)
}

// Issue reads one issue with its notes.
func (s *Service) Issue(ctx context.Context, id string) (IssueDetail, error) {
	return s.store.Issue(ctx, id)
}

// Events lists client events, newest first, filtered and paged by key.
func (s *Service) Events(ctx context.Context, f EventFilter) (EventPage, error) {
	return s.store.Events(ctx, f)
}

// Activity lists the server's log newest first, merged over its sources.
func (s *Service) Activity(ctx context.Context, f ActivityFilter) (ActivityPage, error) {
	return s.store.Activity(ctx, f)
}

// Audit lists the audit log, newest first, filtered and paged by key.
func (s *Service) Audit(ctx context.Context, f AuditFilter) (AuditPage, error) {
	return s.store.Audit(ctx, f)
}

// Dashboard counts today's and the service's figures.
// Its offline count is the network view's (one rule: hardware.LinkState).
func (s *Service) Dashboard(ctx context.Context) (Dashboard, error) {
	d, err := s.store.Dashboard(ctx)
	if err != nil {
		return d, err
	}
	n, err := s.network(ctx, true)
	d.StationsOffline = n.Offline
	return d, err
}

// Statistics sums bookings, hours, occupancy and money by period and station.
func (s *Service) Statistics(ctx context.Context, f StatsFilter) ([]StatsRow, error) {
	return s.store.Statistics(ctx, f)
}

// RollUp sums the statistics' summary over [from, to) ahead of time (lockerd
// seed-load does after loading years of orders).
func (s *Service) RollUp(ctx context.Context, from, to time.Time) error {
	return s.store.RollUp(ctx, from, to)
}
