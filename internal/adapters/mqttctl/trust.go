package mqttctl

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/time/rate"

	"lockers/internal/adapters/mqttctl/wire"
	"lockers/internal/hardware"
)

// Why a station message was dropped before it reached the service (the
// reason label of lockerd_station_messages_dropped_total).
const (
	DropUnsigned     = "unsigned"        // not a signed envelope
	DropBadMAC       = "bad_mac"         // does not verify with any key the station may use now
	DropRevoked      = "revoked"         // the station's credentials are revoked
	DropWrongStation = "wrong_station"   // signed, but naming another station than its topic's
	DropFuture       = "future"          // made more than MaxSkew ahead of lockerd's clock
	DropStale        = "stale"           // older than its kind may be
	DropOutOfOrder   = "out_of_order"    // older than the last of its kind from the station
	DropMalformed    = "malformed"       // verified, but not a message of the protocol
	DropThrottled    = "throttled"       // over the station's budget
	DropUnknown      = "unknown_station" // no such station
	DropKeysError    = "keys_error"      // the station's keys could not be read
)

// Time plausibility of what stations report (docs/station-protocol.md
// "What lockerd believes").
const (
	// MaxSkew: a message may be made this far ahead of lockerd's clock.
	MaxSkew = 2 * time.Minute
	// MaxLiveAge: status and telemetry older than this are stale: they say
	// something about now or nothing.
	MaxLiveAge = 5 * time.Minute
	// MaxCodeAge: a code typed at the keypad is answered within this, or not at all.
	MaxCodeAge = 2 * time.Minute
	// MaxEventAge: door, offline_pin and alarm events a station queued
	// while it was offline are taken this late (lockerd keeps their ids as
	// long, so a replay is a duplicate).
	MaxEventAge = hardware.KeepEvents
	// orderSlack: a station's messages of one kind may arrive this much out
	// of order (its clock reads them from several goroutines).
	orderSlack = time.Second
)

// keysTTL: how long a station's keys are cached; a rotation or revocation
// made by another lockerd process reaches this one within it.
const keysTTL = 5 * time.Second

// trust is what the controller knows of each station's credentials and
// message stream.
type trust struct {
	keysOf func(ctx context.Context, station string) ([]hardware.MACKey, error)
	now    func() time.Time
	rate   rate.Limit
	burst  int

	mu       sync.Mutex
	stations map[string]*stationTrust

	drops   sync.Map // reason → *atomic.Int64
	refused sync.Map // refusal → *atomic.Int64
}

type stationTrust struct {
	keys      []hardware.MACKey
	keysErr   error
	keysAt    time.Time
	gen       int                  // the generation it last signed with
	last      map[string]time.Time // kind → latest time of a believed message
	conn      string               // the connection of its last online status
	budget    *rate.Limiter
	flaggedAt time.Time // last time it went over its budget
}

func newTrust(keysOf func(context.Context, string) ([]hardware.MACKey, error), r rate.Limit, burst int) *trust {
	return &trust{keysOf: keysOf, now: time.Now, rate: r, burst: burst, stations: map[string]*stationTrust{}}
}

func (t *trust) station(id string) *stationTrust {
	st := t.stations[id]
	if st == nil {
		st = &stationTrust{last: map[string]time.Time{}, budget: rate.NewLimiter(t.rate, t.burst)}
		t.stations[id] = st
	}
	return st
}

// keys returns the station's keys, from the cache while fresh. A station
// lockerd does not know gets no entry (a flood of made-up station ids grows
// nothing).
func (t *trust) keys(ctx context.Context, station string) ([]hardware.MACKey, error) {
	now := t.now()
	t.mu.Lock()
	if st := t.stations[station]; st != nil && !st.keysAt.IsZero() && now.Sub(st.keysAt) < keysTTL {
		keys, err := st.keys, st.keysErr
		t.mu.Unlock()
		return keys, err
	}
	t.mu.Unlock()
	keys, err := t.keysOf(ctx, station)
	if err == nil || errors.Is(err, hardware.ErrRevoked) {
		t.mu.Lock()
		st := t.station(station)
		st.keys, st.keysErr, st.keysAt = keys, err, now
		t.mu.Unlock()
	}
	return keys, err
}

// forget drops a station's cached keys (after a rotation or revocation here).
func (t *trust) forget(station string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if st := t.stations[station]; st != nil {
		st.keysAt = time.Time{}
	}
}

// signingKey is the key lockerd signs a station's commands with: the
// generation the station last signed with while it is still good (during a
// rotation the cabinet may not have its new key yet), else the newest.
func (t *trust) signingKey(ctx context.Context, station string) (hardware.MACKey, error) {
	keys, err := t.keys(ctx, station)
	if err != nil {
		return hardware.MACKey{}, err
	}
	if len(keys) == 0 {
		return hardware.MACKey{}, hardware.ErrRevoked
	}
	t.mu.Lock()
	gen := t.station(station).gen
	t.mu.Unlock()
	for _, k := range keys {
		if k.Gen == gen {
			return k, nil
		}
	}
	return keys[0], nil
}

// verified is a station message lockerd believes.
type verified struct {
	msg  wire.Message
	will bool // the Last Will of the station's current connection: its time is its connection's start
}

// check verifies one payload from a station's topic; reason is why it was
// dropped ("" when believed).
func (t *trust) check(ctx context.Context, station, kind string, payload []byte) (verified, string) {
	env, err := wire.ParseEnvelope(payload)
	if err != nil {
		return verified{}, DropUnsigned
	}
	keys, err := t.keys(ctx, station)
	switch {
	case errors.Is(err, hardware.ErrRevoked):
		return verified{}, DropRevoked
	case errors.Is(err, hardware.ErrNotFound):
		return verified{}, DropUnknown
	case err != nil:
		return verified{}, DropKeysError
	}
	topic := wire.Topic(station, kind)
	good := false
	for _, k := range keys {
		if k.Gen == env.Gen && env.Verify(k.Key, topic) {
			good = true
			break
		}
	}
	if !good {
		return verified{}, DropBadMAC
	}
	m, err := wire.DecodeMessage(kind, []byte(env.Msg))
	if err != nil {
		return verified{}, DropMalformed
	}
	if m.Station != station {
		return verified{}, DropWrongStation
	}
	now := t.now()
	t.mu.Lock()
	defer t.mu.Unlock()
	st := t.station(station)
	if !st.budget.AllowN(now, 1) {
		st.flaggedAt = now
		return verified{}, DropThrottled
	}
	v := verified{msg: m}
	if m.Type == wire.TypeStatus && m.State == wire.StateOffline && m.Conn != "" && m.Conn == st.conn {
		// The Last Will of the connection lockerd saw come online (or its
		// clean goodbye): believed once, whatever its time.
		st.conn = ""
		v.will = true
		st.gen = env.Gen
		return v, ""
	}
	if reason := plausible(m, kind, now, st.last[kind]); reason != "" {
		return verified{}, reason
	}
	if m.At.After(st.last[kind]) {
		st.last[kind] = m.At
	}
	if m.Type == wire.TypeStatus && m.State == wire.StateOnline {
		st.conn = m.Conn
	}
	st.gen = env.Gen
	return v, ""
}

// plausible checks a message's time against lockerd's clock and the
// station's last message of its kind.
func plausible(m wire.Message, kind string, now, last time.Time) string {
	if m.At.After(now.Add(MaxSkew)) {
		return DropFuture
	}
	maxAge := MaxLiveAge
	if kind == wire.KindEvt {
		maxAge = MaxEventAge
		if m.Type == wire.TypeCode {
			maxAge = MaxCodeAge
		}
	}
	if m.At.Before(now.Add(-maxAge)) {
		return DropStale
	}
	if m.At.Before(last.Add(-orderSlack)) {
		return DropOutOfOrder
	}
	return ""
}

func (t *trust) countDrop(reason string) { counter(&t.drops, reason).Add(1) }

func (t *trust) countRefused(why string) { counter(&t.refused, why).Add(1) }

func counter(m *sync.Map, key string) *atomic.Int64 {
	if c, ok := m.Load(key); ok {
		return c.(*atomic.Int64)
	}
	c, _ := m.LoadOrStore(key, new(atomic.Int64))
	return c.(*atomic.Int64)
}

func snapshot(m *sync.Map) map[string]int64 {
	out := map[string]int64{}
	m.Range(func(k, v any) bool {
		out[k.(string)] = v.(*atomic.Int64).Load()
		return true
	})
	return out
}

// flagged lists the stations that went over their budget since the time.
func (t *trust) flagged(since time.Time) []string {
	t.mu.Lock()
	defer t.mu.Unlock()
	var out []string
	for id, st := range t.stations {
		if !st.flaggedAt.IsZero() && !st.flaggedAt.Before(since) {
			out = append(out, id)
		}
	}
	return out
}
