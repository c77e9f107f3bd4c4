package hardware

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"time"

	"github.com/google/uuid"
)

// Service is the station-hardware domain: it opens doors through the
// Controller, waits for their sensors, keeps the order lockers' status in step
// with door events and manages the keypad codes.
type Service struct {
	store Store
	ctrl  Controller
	now   func() time.Time
	log   *slog.Logger

	openTimeout time.Duration
	intentTTL   time.Duration
	perClient   Lockout
	perStation  Lockout
	key         func(stationID string) []byte
	onAlarm     func(ctx context.Context, r Raised)

	mu      sync.Mutex
	waiters map[string]waiter // command id → told true (opened) or false (rejected)

	tele      *telemetry
	scheduled bool
	pollEvery time.Duration
}

// Deps is what a Service needs.
type Deps struct {
	Store      Store
	Controller Controller
	Now        func() time.Time
	Logger     *slog.Logger
	// OpenTimeout is how long a command waits for its door to report open
	// before it is sent once more (and then given up). Default 5 s.
	OpenTimeout time.Duration
	// IntentTTL is how long after OpenIntent (or OperatorOpenIntent) its
	// open is still obeyed (DOOR_INTENT_TTL). Default DefaultIntentTTL.
	IntentTTL time.Duration
	// Wrong keypad codes: PerClient (a browser or device) and PerStation (all
	// callers at one station together). Nil: no limit.
	PerClient  Lockout
	PerStation Lockout
	// StationKey is a station's offline-PIN key (StationKey of the server's
	// secret); nil shows no offline PINs.
	StationKey func(stationID string) []byte
	// PollEvery: while a command waits for its door, the database is asked
	// this often whether another process heard it open (0: only at the
	// timeout). Set it when several lockerd processes share the events.
	PollEvery time.Duration
	// Scheduled: the caller runs CheckAlarms every AlarmCheckEvery and Prune
	// every PruneEvery on its job queue (once among all lockerd processes),
	// so Run does not.
	Scheduled bool
	// OnAlarm, when set, hears every alarm recorded (after it is stored and
	// logged): notifications tell the renter of a door left open.
	OnAlarm func(ctx context.Context, r Raised)
}

// Wrong keypad codes allowed (product.md "Stations and hardware"): 5 a minute
// per client, then a minute's lock-out; 30 a minute per station, so one person
// cannot lock a station for everybody at once yet the space still cannot be
// walked from many addresses.
const (
	ClientFailures  = 5
	StationFailures = 30
	FailureWindow   = time.Minute
	LockoutFor      = time.Minute
)

// Lockout counts a key's wrong tries and locks it out after too many
// (ratelimit.Lockout: in this process, the database or Redis).
type Lockout interface {
	// Locked is how long key stays locked out (0: not locked).
	Locked(key string) time.Duration
	// Fail counts one wrong try and answers how long key is locked out now.
	Fail(key string) time.Duration
	// Left is how many more wrong tries key may make.
	Left(key string) int
}

// noLockout is no limit (Deps without one).
type noLockout struct{}

func (noLockout) Locked(string) time.Duration { return 0 }
func (noLockout) Fail(string) time.Duration   { return 0 }
func (noLockout) Left(string) int             { return 1 << 30 }

// NewService builds a Service.
func NewService(d Deps) *Service {
	if d.Now == nil {
		d.Now = time.Now
	}
	if d.Logger == nil {
		d.Logger = slog.New(slog.DiscardHandler)
	}
	if d.OpenTimeout <= 0 {
		d.OpenTimeout = 5 * time.Second
	}
	if d.IntentTTL <= 0 {
		d.IntentTTL = DefaultIntentTTL
	}
	if d.PerClient == nil {
		d.PerClient = noLockout{}
	}
	if d.PerStation == nil {
		d.PerStation = noLockout{}
	}
	return &Service{store: d.Store, ctrl: d.Controller, now: d.Now, log: d.Logger, openTimeout: d.OpenTimeout, intentTTL: d.IntentTTL,
		perClient: d.PerClient, perStation: d.PerStation, key: d.StationKey, onAlarm: d.OnAlarm, waiters: map[string]waiter{},
		tele: newTelemetry(), scheduled: d.Scheduled, pollEvery: d.PollEvery}
}

// Run delivers the controller's events to the service until ctx ends, and
// meanwhile checks for alarms and prunes old events (watch).
func (s *Service) Run(ctx context.Context) error {
	if s.scheduled {
		return s.ctrl.Run(ctx, s)
	}
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() { defer close(done); s.watch(ctx) }()
	defer func() { cancel(); <-done }()
	return s.ctrl.Run(ctx, s)
}

// Handle applies one station event. It is idempotent by Event.ID: a repeat
// changes nothing, and an event older than what is known (a late heartbeat, a
// late door state) does not undo newer facts. Keypad codes typed on a station
// are checked in the background, since opening waits for later events that
// arrive through this same method.
func (s *Service) Handle(ctx context.Context, ev Event) error {
	if ev.ID == "" || uuid.Validate(ev.StationID) != nil {
		s.log.Warn("station event dropped: no id or a malformed station", "kind", ev.Kind)
		return nil
	}
	if ev.At.IsZero() {
		ev.At = s.now()
	}
	if ev.Kind == EventAccepted {
		// Nothing waits for it and nothing follows from it that the door event
		// does not say too (which marks the command accepted as well): not
		// storing it saves a commit on every door's way to "open".
		return nil
	}
	switch ev.Kind {
	case EventTemperature:
		return s.temperature(ctx, ev)
	case EventHeartbeat, EventStatus:
		if !s.tele.heartbeat(ev) {
			return nil // the station is online and was seen a moment ago
		}
	}
	if ev.Kind == EventDoor && ev.Door == DoorOpen && ev.CommandID != "" {
		// The sensor has spoken: a code typed at the station is answered now,
		// not after the event's commit (kiosk.enter's p99 was that commit on
		// PostgreSQL); the person is at the door, and nothing reads the
		// rental's state back on that answer. Opening from the app still
		// answers after the commit, so the app sees the locker opened. The
		// event is applied below either way.
		s.tellOpen(ev)
	}
	out, err := s.store.Apply(ctx, ev, s.now())
	if err != nil {
		return err
	}
	if out.Duplicate {
		return nil
	}
	switch {
	case out.Opened != "":
		s.tell(out.Opened, true)
	case out.Rejected != "":
		s.tell(out.Rejected, false)
	}
	if out.Alarm != nil {
		s.logAlarm(ctx, *out.Alarm)
	}
	switch ev.Kind {
	case EventCode:
		go s.keypad(context.WithoutCancel(ctx), ev)
	case EventAlarm:
		return s.stationAlarm(ctx, ev)
	}
	return nil
}

// keypad handles a code typed on a station's own keypad like one typed on
// its kiosk page, limited per station.
func (s *Service) keypad(ctx context.Context, ev Event) {
	if _, err := s.Enter(ctx, ev.StationID, ev.Code, ""); err != nil {
		s.log.Info("keypad code did not open a door", "station", ev.StationID)
	}
}

// waiter is a caller waiting for a command's door: the door it asked for, so
// only that door's sensor can answer it.
type waiter struct {
	ch            chan bool
	station, cmpt string
	early         bool // told on the sensor's event, before its commit (a code typed at the station)
}

// wait registers interest in a command's door before the command is sent, so
// an event that arrives first is not missed.
func (s *Service) wait(cmd OpenCommand, early bool) chan bool {
	ch := make(chan bool, 1)
	s.mu.Lock()
	s.waiters[cmd.ID] = waiter{ch: ch, station: cmd.StationID, cmpt: cmd.Compartment, early: early}
	s.mu.Unlock()
	return ch
}

// tellOpen answers the caller waiting for ev's command when ev is its door.
func (s *Service) tellOpen(ev Event) {
	s.mu.Lock()
	w, ok := s.waiters[ev.CommandID]
	ok = ok && w.early && w.station == ev.StationID && w.cmpt == ev.Compartment
	if ok {
		delete(s.waiters, ev.CommandID)
	}
	s.mu.Unlock()
	if ok {
		w.ch <- true
	}
}

func (s *Service) forget(id string) {
	s.mu.Lock()
	delete(s.waiters, id)
	s.mu.Unlock()
}

func (s *Service) tell(id string, opened bool) {
	s.mu.Lock()
	w, ok := s.waiters[id]
	delete(s.waiters, id)
	s.mu.Unlock()
	if ok {
		w.ch <- opened
	}
}

var errNoAnswer = errors.New("hardware: the door did not report open")

func newID() string { return uuid.Must(uuid.NewV7()).String() }
