// Package hardware is the station-hardware domain: the cabinets of a station,
// their doors, sensors and keypads, and the controller that speaks to them.
// The door sensor is the source of truth: an order locker is delivered or
// picked because a door event says so, never because a command was sent.
//
// Controller is the port; its adapters are the in-process simulator
// (internal/adapters/stationsim, the default) and MQTT
// (internal/adapters/mqttctl, CONTROLLER=mqtt). Neither imports the other.
package hardware

import (
	"context"
	"errors"
	"time"
)

// ErrStationOffline: the controller cannot reach the station now (no
// heartbeat, no connection). The caller falls back to the offline PIN.
var ErrStationOffline = errors.New("hardware: station is offline")

// Controller sends commands to stations and delivers what they report.
// A command is answered by events (EventAccepted, then EventDoor from the
// sensor), not by the return of Open: a nil error means only that the command
// was handed over for delivery.
type Controller interface {
	// Open asks a station to open one compartment's door.
	Open(ctx context.Context, cmd OpenCommand) error
	// Run delivers every station event to sink until ctx ends; it reconnects
	// by itself. Events arrive at least once: sink drops repeats by Event.ID.
	Run(ctx context.Context, sink Sink) error
}

// Sink takes station events (the hardware service). An error asks for
// redelivery where the transport can redeliver.
type Sink interface {
	Handle(ctx context.Context, ev Event) error
}

// OpenCommand asks for one door to open.
type OpenCommand struct {
	ID          string // UUIDv7; answered events carry it as CommandID
	StationID   string
	Compartment string // the locker's door label at its station, e.g. "A12"
	Reason      Reason
	// Deadline: a station drops a command it receives later, so a command
	// replayed after a broker restart never opens a door late.
	Deadline time.Time
	IssuedAt time.Time
}

// Reason says who asked for a door.
type Reason string

const (
	ReasonApp    Reason = "app"    // the owner in the app
	ReasonKiosk  Reason = "kiosk"  // a code typed on the station's keypad or kiosk page
	ReasonRetry  Reason = "retry"  // the second try of a door that did not open
	ReasonRepair Reason = "repair" // an operator
)

// EventKind is what a station reports.
type EventKind string

const (
	EventAccepted    EventKind = "accepted"    // the controller took command CommandID
	EventRejected    EventKind = "rejected"    // the controller refused command CommandID (Detail says why)
	EventDoor        EventKind = "door"        // the sensor of Compartment: Door is open or closed
	EventCode        EventKind = "code"        // Code typed on the station keypad (never logged)
	EventOfflinePIN  EventKind = "offline_pin" // the station accepted an offline PIN by itself (reported when back)
	EventHeartbeat   EventKind = "heartbeat"   // the controller is alive
	EventStatus      EventKind = "status"      // Online changed (connect, or the broker's last will)
	EventTemperature EventKind = "temperature" // Celsius of Compartment
	EventAlarm       EventKind = "alarm"       // Alarm of Compartment (or the station when empty)
)

// DoorState is what a door sensor says.
type DoorState string

const (
	DoorOpen   DoorState = "open"
	DoorClosed DoorState = "closed"
)

// Alarm is a condition a station raises by itself.
type Alarm string

const (
	AlarmDoorLeftOpen Alarm = "door_left_open"
	AlarmTemperature  Alarm = "temperature"
)

// Event is one report of a station. Only the fields of its Kind are set.
type Event struct {
	ID          string // unique per message; repeats are dropped
	StationID   string
	At          time.Time // when the station made it
	Kind        EventKind
	CommandID   string // EventAccepted, EventRejected, and EventDoor when a command opened it
	Compartment string
	Door        DoorState
	Code        string // EventCode, EventOfflinePIN
	Online      bool   // EventStatus
	Celsius     float64
	Alarm       Alarm
	// Detail: why (a rejected command); on a door that opened with no
	// command, DetailOfflinePIN when the station opened it for an offline PIN.
	Detail string
}

// DetailOfflinePIN marks a door event of a door the station opened by itself
// for a valid offline PIN (no command): not an unexpected opening.
const DetailOfflinePIN = "offline_pin"
