package stationsim

import "time"

// Timers is where the simulator's time comes from: a door closing by itself,
// the heartbeats and the temperature reports. The wall clock's by default;
// tests pass their own and fire the timers and ticks themselves.
type Timers interface {
	// AfterFunc runs f after d, unless stop is called first.
	AfterFunc(d time.Duration, f func()) (stop func() bool)
	// Tick delivers on c every d until stop.
	Tick(d time.Duration) (c <-chan time.Time, stop func())
}

type wallTimers struct{}

func (wallTimers) AfterFunc(d time.Duration, f func()) func() bool { return time.AfterFunc(d, f).Stop }

func (wallTimers) Tick(d time.Duration) (<-chan time.Time, func()) {
	t := time.NewTicker(d)
	return t.C, t.Stop
}
