package hardware

import (
	"context"
	"time"

	"lockers/internal/issue"
)

// Issue is a kind of locker issue the hardware raises: something an operator
// must look at. The issue domain names every kind (issue.Kind*) and keeps the
// issues.
type Issue string

const (
	IssueDoorDidNotOpen Issue = issue.KindDoorDidNotOpen // a command's door never reported open
	IssueDoorLeftOpen   Issue = issue.KindDoorLeftOpen   // open longer than DoorOpenLimit
	IssueTemperature    Issue = issue.KindTemperature    // out of Range for TemperatureGrace
	IssueOffline        Issue = issue.KindStationOffline // the controller is offline or silent for OfflineAfter
	// IssueUnexpectedOpen: a door reported open with no command of the
	// server's in flight for it and no offline PIN of the station's own.
	IssueUnexpectedOpen Issue = issue.KindUnexpectedOpen
)

// Alarm limits (docs/decisions/046-alarms-and-telemetry.md).
const (
	// DoorOpenLimit: a door closes by itself after about a minute; one still
	// open after five is held open or broken.
	DoorOpenLimit = 5 * time.Minute
	// TemperatureGrace: out of range this long (by the station's readings)
	// raises the alarm and gives the rental's user a free order.
	TemperatureGrace = 10 * time.Minute
	// OfflineAfter: a station that said it went offline, or whose last
	// heartbeat (stored at most once a HeartbeatWrite) is older than this.
	OfflineAfter = 2 * time.Minute
	// AlarmCheckEvery is how often the service looks for doors left open and
	// silent stations.
	AlarmCheckEvery = 30 * time.Second
	// TemperatureCoupon is the pack a temperature alarm grants, once per rental.
	TemperatureCoupon = "TEMPERATURE"
)

// Raised is one alarm the store recorded (for the log).
type Raised struct {
	At            time.Time // when it happened (the event's time); zero: when recorded
	Issue         Issue
	StationID     string
	LockerID      string // empty for a station's alarm
	Label         string
	OrderLockerID string // the rental running in the compartment, if any
	Coupon        bool   // the rental's user was given a free order
}

// AlarmStore records alarms as locker issues (part of Store).
type AlarmStore interface {
	// CheckAlarms records door_left_open for each door open since before
	// doorBefore and station_offline for each active station heard of that is
	// offline or silent since before seenBefore, unless such an issue is open
	// already; it resolves the open ones whose condition is over. It returns
	// the issues it recorded.
	CheckAlarms(ctx context.Context, doorBefore, seenBefore, now time.Time) ([]Raised, error)
	// RaiseTemperature records a temperature alarm of a compartment (unless one
	// is open) and gives the user of its running paid rental a free order
	// (TemperatureCoupon, once per rental). ok is false when one was open.
	RaiseTemperature(ctx context.Context, stationID, label string, now time.Time) (r Raised, ok bool, err error)
	// RecordAlarm records an alarm a station raised by itself for one of its
	// compartments (door left open, temperature), unless one is open; ok is
	// false then, or when the compartment is unknown.
	RecordAlarm(ctx context.Context, issue Issue, stationID, label string, now time.Time) (r Raised, ok bool, err error)
	// EndTemperature resolves a compartment's open temperature alarm.
	EndTemperature(ctx context.Context, stationID, label string, now time.Time) error
	// CompartmentClass is a compartment's temperature class (cool, warm,
	// neutral); ErrNotFound for an unknown one.
	CompartmentClass(ctx context.Context, stationID, label string) (string, error)
	// Prune deletes handled-event ids received before eventsBefore and
	// temperature readings taken before readingsBefore.
	Prune(ctx context.Context, eventsBefore, readingsBefore time.Time) error
}

// CheckAlarms looks for doors left open and stations gone offline at the
// service's clock, records them for operators and logs each one as an alarm.
func (s *Service) CheckAlarms(ctx context.Context) error {
	now := s.now()
	raised, err := s.store.CheckAlarms(ctx, now.Add(-DoorOpenLimit), now.Add(-OfflineAfter), now)
	for _, r := range raised {
		s.logAlarm(ctx, r)
	}
	return err
}

func (s *Service) logAlarm(ctx context.Context, r Raised) {
	s.log.Warn("station alarm", "alarm", true, "issue", string(r.Issue), "station", r.StationID,
		"compartment", r.Label, "orderLocker", r.OrderLockerID, "coupon", r.Coupon)
	if s.onAlarm != nil {
		s.onAlarm(ctx, r)
	}
}

// How long handled-event ids and temperature readings are kept: a repeat
// (QoS 1) arrives within seconds; a rental's chart reads its own timeframe.
const (
	KeepEvents   = 24 * time.Hour
	KeepReadings = 90 * 24 * time.Hour
	PruneEvery   = time.Hour
)

// Prune deletes old handled-event ids, temperature readings and door
// intents no open can use any more.
func (s *Service) Prune(ctx context.Context) error {
	now := s.now()
	if err := s.store.PruneIntents(ctx, now.Add(-KeepIntents)); err != nil {
		return err
	}
	return s.store.Prune(ctx, now.Add(-KeepEvents), now.Add(-KeepReadings))
}

// watch runs the alarm check and the pruning until ctx ends.
func (s *Service) watch(ctx context.Context) {
	check := time.NewTicker(AlarmCheckEvery)
	defer check.Stop()
	prune := time.NewTicker(PruneEvery)
	defer prune.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-check.C:
			if err := s.CheckAlarms(ctx); err != nil && ctx.Err() == nil {
				s.log.Error("alarm check failed", "err", err)
			}
		case <-prune.C:
			if err := s.Prune(ctx); err != nil && ctx.Err() == nil {
				s.log.Error("pruning station events failed", "err", err)
			}
		}
	}
}

// stationAlarm records an alarm a station raised by itself (EventAlarm) as a
// locker issue. A temperature alarm from the station gives no coupon: the
// server's own 10-minute rule (temperature) does.
func (s *Service) stationAlarm(ctx context.Context, ev Event) error {
	issue := IssueDoorLeftOpen
	if ev.Alarm == AlarmTemperature {
		issue = IssueTemperature
	} else if ev.Alarm != AlarmDoorLeftOpen {
		s.log.Warn("station alarm", "alarm", true, "station", ev.StationID, "compartment", ev.Compartment, "kind", string(ev.Alarm))
		return nil
	}
	r, ok, err := s.store.RecordAlarm(ctx, issue, ev.StationID, ev.Compartment, ev.At)
	if err != nil {
		return err
	}
	if ok {
		s.logAlarm(ctx, r)
	}
	return nil
}
