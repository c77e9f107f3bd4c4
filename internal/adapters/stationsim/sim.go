// Package stationsim is the in-process station controller (CONTROLLER=sim,
// the default): simulated cabinets whose doors open on command, report their
// sensor, close by themselves after about a minute, and whose controllers send
// heartbeats and whose cooled and warmed compartments report drifting
// temperatures. It lets `make run`, the kiosk page and the tests work without
// any hardware or broker, through the same hardware.Controller port as MQTT.
package stationsim

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"github.com/google/uuid"

	"lockers/internal/hardware"
)

// Options tune the simulation.
type Options struct {
	// CloseAfter is how long a door stays open before it closes by itself
	// (default hardware.DoorOpenFor, about a minute; tests use milliseconds).
	CloseAfter time.Duration
	// HeartbeatEvery is the controllers' heartbeat interval (default 10 s).
	HeartbeatEvery time.Duration
	// Stations lists the stations that send heartbeats (read at each beat).
	Stations func(ctx context.Context) ([]string, error)
	// TemperatureEvery is how often cooled and warmed compartments report
	// (default 1 m); Compartments lists them (read at each report).
	TemperatureEvery time.Duration
	Compartments     func(ctx context.Context) ([]Compartment, error)
	// StationKey is a station's offline-PIN key and Windows the rentals it
	// knows: an offline station checks typed codes as offline PINs by itself.
	StationKey func(stationID string) []byte
	Windows    func(ctx context.Context, stationID string) ([]Window, error)
	Logger     *slog.Logger
	Now        func() time.Time
	// Timers drive the doors' closing and the periodic reports (default: the
	// wall clock's).
	Timers Timers
}

// Sim is a set of simulated stations. Safe for concurrent use.
type Sim struct {
	opts   Options
	events chan hardware.Event

	mu      sync.Mutex
	open    map[door]func() bool // doors open now, with their closing timer's stop
	jammed  map[door]bool        // doors that never open
	offline map[string]bool      // stations whose controller is unreachable
	celsius map[door]float64     // the last temperature of each reporting compartment
}

type door struct{ station, compartment string }

// New builds a simulator.
func New(o Options) *Sim {
	if o.CloseAfter <= 0 {
		o.CloseAfter = hardware.DoorOpenFor
	}
	if o.HeartbeatEvery <= 0 {
		o.HeartbeatEvery = 10 * time.Second
	}
	if o.TemperatureEvery <= 0 {
		o.TemperatureEvery = time.Minute
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Timers == nil {
		o.Timers = wallTimers{}
	}
	return &Sim{opts: o, events: make(chan hardware.Event, 4096),
		open: map[door]func() bool{}, jammed: map[door]bool{}, offline: map[string]bool{}, celsius: map[door]float64{}}
}

var _ hardware.Controller = (*Sim)(nil)

// Open acts like a cabinet: the controller accepts the command, and unless
// the door is jammed its sensor reports it open; it closes CloseAfter later.
// A command past its deadline is dropped, as a real station drops one.
func (s *Sim) Open(ctx context.Context, cmd hardware.OpenCommand) error {
	d := door{cmd.StationID, cmd.Compartment}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.offline[cmd.StationID] {
		return hardware.ErrStationOffline
	}
	if !cmd.Deadline.IsZero() && s.opts.Now().After(cmd.Deadline) {
		return nil
	}
	s.emit(hardware.Event{StationID: cmd.StationID, Kind: hardware.EventAccepted, CommandID: cmd.ID, Compartment: cmd.Compartment})
	if s.jammed[d] {
		return nil
	}
	if stop, ok := s.open[d]; ok {
		stop() // open already: it stays open a while longer
	}
	s.emit(hardware.Event{StationID: cmd.StationID, Kind: hardware.EventDoor, CommandID: cmd.ID,
		Compartment: cmd.Compartment, Door: hardware.DoorOpen})
	s.open[d] = s.opts.Timers.AfterFunc(s.opts.CloseAfter, func() { s.close(d, cmd.ID) })
	return nil
}

func (s *Sim) close(d door, commandID string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.open, d)
	s.emit(hardware.Event{StationID: d.station, Kind: hardware.EventDoor, CommandID: commandID,
		Compartment: d.compartment, Door: hardware.DoorClosed})
}

// emit queues an event (s.mu held, so events of one door keep their order).
// When nobody reads (Run not started) the oldest are dropped, as a broker
// without a subscriber would.
func (s *Sim) emit(ev hardware.Event) {
	ev.ID = uuid.Must(uuid.NewV7()).String()
	ev.At = s.opts.Now()
	for {
		select {
		case s.events <- ev:
			return
		default:
			select {
			case <-s.events:
			default:
			}
		}
	}
}

// Run delivers the simulated stations' events to sink and sends heartbeats
// until ctx ends.
func (s *Sim) Run(ctx context.Context, sink hardware.Sink) error {
	beat, stopBeat := s.opts.Timers.Tick(s.opts.HeartbeatEvery)
	defer stopBeat()
	temp, stopTemp := s.opts.Timers.Tick(s.opts.TemperatureEvery)
	defer stopTemp()
	s.heartbeats(ctx)
	s.temperatures(ctx)
	for {
		select {
		case <-ctx.Done():
			return nil
		case ev := <-s.events:
			if err := sink.Handle(ctx, ev); err != nil && ctx.Err() == nil {
				s.opts.Logger.Error("station event not handled", "kind", ev.Kind, "station", ev.StationID, "err", err)
			}
		case <-beat:
			s.heartbeats(ctx)
		case <-temp:
			s.temperatures(ctx)
		}
	}
}

func (s *Sim) heartbeats(ctx context.Context) {
	if s.opts.Stations == nil {
		return
	}
	ids, err := s.opts.Stations(ctx)
	if err != nil {
		s.opts.Logger.Warn("simulated stations: cannot list stations", "err", err)
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, id := range ids {
		if !s.offline[id] {
			s.emit(hardware.Event{StationID: id, Kind: hardware.EventHeartbeat})
		}
	}
}

// Jam makes a door never open (or, jam false, work again): the "door that
// does not open" path for demos and tests.
func (s *Sim) Jam(stationID, compartment string, jam bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.jammed[door{stationID, compartment}] = jam
}

// SetOnline takes a station's controller off the network (its broker would
// announce it offline) or brings it back.
func (s *Sim) SetOnline(stationID string, online bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.offline[stationID] = !online
	s.emit(hardware.Event{StationID: stationID, Kind: hardware.EventStatus, Online: online})
}

// Type is a code typed on a station's own keypad: online, the server checks
// it (a code event); offline, the cabinet checks it as an offline PIN itself.
func (s *Sim) Type(ctx context.Context, stationID, code string) {
	s.mu.Lock()
	offline := s.offline[stationID]
	if !offline {
		s.emit(hardware.Event{StationID: stationID, Kind: hardware.EventCode, Code: code})
	}
	s.mu.Unlock()
	if offline {
		s.checkOffline(ctx, stationID, code)
	}
}
