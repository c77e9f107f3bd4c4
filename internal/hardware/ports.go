package hardware

import (
	"context"
	"errors"
	"time"
)

// Errors of the store port.
var (
	ErrNotFound  = errors.New("hardware: not found")
	ErrCodeTaken = errors.New("hardware: code is live at the station already")
	ErrLastCode  = errors.New("hardware: the last code of its kind")
	ErrAmbiguous = errors.New("hardware: two running rentals share the code")
)

// CodeKind says which side of a rental a code is for.
type CodeKind string

const (
	Delivery CodeKind = "delivery" // the courier's: booked → delivered
	Picking  CodeKind = "picking"  // the recipient's: → picked
)

// Valid reports whether k is one of the two kinds.
func (k CodeKind) Valid() bool { return k == Delivery || k == Picking }

// Target is an order locker with what opening its door needs to know.
type Target struct {
	OrderID       string
	OrderLockerID string
	UserID        string
	OrderStatus   string // the order's status (booked, active, unpaid, ...)
	Status        string // the order locker's: booked, delivered, picked
	StationID     string
	LockerID      string
	Label         string // the door, e.g. "A12"
	Start, End    time.Time
	OpenedAt      *time.Time
	StationOnline bool // the station's controller is reachable (link state)
}

// Code is one keypad code of an order locker.
type Code struct {
	ID            string
	OrderLockerID string
	StationID     string
	Kind          CodeKind
	Code          string // six digits; never logged
	CreatedAt     time.Time
	LastUsedAt    *time.Time
}

// Command is an open command as the store keeps it.
type Command struct {
	OpenCommand
	LockerID      string
	OrderLockerID string // empty for an operator's command
	CodeID        string // the code typed, if any
	CodeKind      CodeKind
}

// Outcome is what applying one event did.
type Outcome struct {
	Duplicate bool    // the event id was handled before: nothing changed
	Opened    string  // the command the door opened for
	Rejected  string  // the command the station refused
	Alarm     *Raised // an unexpected opening recorded with the event
}

// Store keeps codes, commands and what stations report.
type Store interface {
	// Target reads one order locker (ErrNotFound when unknown).
	Target(ctx context.Context, orderLockerID string) (Target, error)
	// CodeAt finds the code at a station whose order locker is live and
	// running at now (ErrNotFound; ErrAmbiguous when two rentals share it).
	CodeAt(ctx context.Context, stationID, code string, now time.Time) (Code, error)
	// Codes lists an order locker's codes that are not removed, oldest first.
	Codes(ctx context.Context, orderLockerID string) ([]Code, error)
	// AddCode stores c, ErrCodeTaken when the station has it live already.
	// With replaces set it removes that code in the same transaction.
	AddCode(ctx context.Context, c Code, replaces string, now time.Time) error
	// RemoveCode removes one code (ErrNotFound, ErrLastCode).
	RemoveCode(ctx context.Context, orderLockerID, codeID string, now time.Time) error
	// InsertCommand records a command before it is sent.
	InsertCommand(ctx context.Context, c Command) error
	// CommandOpened reports whether the door opened for a command.
	CommandOpened(ctx context.Context, id string) (bool, error)
	// MarkBroken puts a locker out of service and records an issue for operators.
	MarkBroken(ctx context.Context, lockerID, orderLockerID, issueID string, now time.Time) error
	// Apply records ev once, by its id, and applies it (see Service.Handle).
	Apply(ctx context.Context, ev Event, now time.Time) (Outcome, error)
	// MoveToFree moves an order locker whose compartment is out of service
	// to a free compartment of the same kind at its station (ErrNotFound when
	// its compartment is in service, ErrNoneFree when none is free).
	MoveToFree(ctx context.Context, orderLockerID string) error
	GuestStore
	IntentStore
	TemperatureStore
	AlarmStore
	OperatorStore
}
