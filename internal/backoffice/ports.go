package backoffice

import (
	"context"
	"time"

	"lockers/internal/account"
	"lockers/internal/audit"
	"lockers/internal/hardware"
	"lockers/internal/issue"
	"lockers/internal/order"
	"lockers/internal/promo"
	"lockers/internal/station"
	"lockers/internal/txn"
)

// Reads is the back office's read model (officesql): lists, searches, detail
// pages, statistics and the audit log, read across every domain's tables. It
// changes nothing of theirs; the statistics keep their own summary tables.
type Reads interface {
	Users(ctx context.Context, f UserFilter) (UserPage, error)
	User(ctx context.Context, id string) (UserDetail, error)
	Orders(ctx context.Context, f OrderFilter) (OrderPage, error)
	Order(ctx context.Context, id string) (OrderDetail, error)
	Live(ctx context.Context, f LiveFilter) (LivePage, error)
	Packs(ctx context.Context) ([]PackRow, error)
	Stations(ctx context.Context, query, cursor string, limit int) (StationPage, error)
	Compartments(ctx context.Context, stationID string) (StationRow, []CompartmentRow, error)
	Prices(ctx context.Context, stationID string) (StationPrices, error)
	Issues(ctx context.Context, f IssueFilter) (IssuePage, error)
	Issue(ctx context.Context, id string) (IssueDetail, error)
	Events(ctx context.Context, f EventFilter) (EventPage, error)
	Activity(ctx context.Context, f ActivityFilter) (ActivityPage, error)
	Money(ctx context.Context, f MoneyFilter) (MoneyPage, error)
	// MoneyDocs lists the payments paid and refunds succeeded in [from, to)
	// with the invoice or credit note of each (the reconciliation).
	MoneyDocs(ctx context.Context, from, to time.Time) ([]MoneyDocs, error)
	Audit(ctx context.Context, f AuditFilter) (AuditPage, error)
	Dashboard(ctx context.Context) (Dashboard, error)
	// The bookings of a compartment and a free one of its kind (CompartmentEffects).
	effectReads
	NetworkReads
	Statistics(ctx context.Context, f StatsFilter) ([]StatsRow, error)
	// RollUp sums the statistics' daily and monthly summary over [from, to).
	RollUp(ctx context.Context, from, to time.Time) error
	// OrderRow reads one order (ORDER_NOT_FOUND).
	OrderRow(ctx context.Context, id string) (OrderRow, error)
	// RequestMade reports whether (and when) an operator's request key was
	// claimed (AuditLog.ClaimRequest) for this action and target.
	RequestMade(ctx context.Context, key, action, targetID string) (at time.Time, made bool, err error)
}

// TxReads is what a write reads inside its transaction (it sees the write):
// the rows its audit entry records before and after, and what it checks.
type TxReads interface {
	// UserRow reads a user, deleted ones too (USER_NOT_FOUND).
	UserRow(ctx context.Context, id string) (UserRow, error)
	// LiveUser reads a user an operator may still change (USER_NOT_FOUND for
	// a deleted one).
	LiveUser(ctx context.Context, id string) (UserRow, error)
	OrderRow(ctx context.Context, id string) (OrderRow, error)
	IssueDetail(ctx context.Context, id string) (IssueDetail, error)
	// StationRow reads a station (STATION_NOT_FOUND).
	StationRow(ctx context.Context, id string) (StationRow, error)
	Prices(ctx context.Context, stationID string) (StationPrices, error)
	// Compartment reads a station's compartment (LOCKER_NOT_FOUND).
	Compartment(ctx context.Context, stationID, id string) (station.CompartmentFields, error)
	// Door reads a compartment's label and door state (LOCKER_NOT_FOUND).
	Door(ctx context.Context, stationID, lockerID string) (label, door string, err error)
	effectReads
	// Lock holds key until the transaction ends (PostgreSQL's transaction
	// advisory lock; SQLite's writer transaction is exclusive already).
	Lock(ctx context.Context, key string) error
}

// AuditLog records admin writes (auditsql), in the write's transaction.
type AuditLog interface {
	Record(ctx context.Context, e audit.Entry) error
	// ClaimRequest records an operator's request key; audit.ErrRepeated when
	// it was claimed before.
	ClaimRequest(ctx context.Context, key, action, targetID string, at time.Time) error
}

// Tx is one admin write's transaction (a unit of work, Store.InTx): the read
// model and every owning domain's steps, bound to it, and the audit log, so
// the change and its audit row commit together or not at all. Each table is
// still written only by its owner's store. The orders', stations' and
// promotions' steps are handed to their domain's functions, which hold the
// rules (order.DeleteByOperator, station.SaveCompartment, promo.GrantPack,
// ...): the back office calls none of their writes itself.
type Tx struct {
	Read     TxReads
	Users    account.Users
	Sessions account.Sessions
	Coupons  promo.AdminSteps
	Orders   order.OperatorSteps
	Stations station.AdminSteps
	Tariffs  station.TariffSteps
	Issues   issue.Steps
	Audit    AuditLog
	// Credentials are the stations' credential numbers (hardwaresql's).
	Credentials hardware.CredentialStore
	// Txn is the transaction itself, for a hook that joins it (Deps.Answered).
	Txn txn.Tx
}

// Store is the back office's storage: the read model and the unit of work.
type Store interface {
	Reads
	// Now is the store's clock (a write's time; the default of Deps.Now).
	Now() time.Time
	// InTx runs fn in one transaction: committed when fn returns nil.
	InTx(ctx context.Context, fn func(Tx) error) error
}
