// Package mqttctl is the MQTT adapter of the station controller port
// (hardware.Controller): lockerd publishes commands to lockers/{station}/cmd
// and takes what stations report from lockers/+/evt, /status and /telemetry
// (the protocol is package wire). It speaks MQTT 5 through eclipse/paho.golang's
// autopaho, which reconnects by itself.
package mqttctl

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"github.com/eclipse/paho.golang/autopaho"
	"github.com/eclipse/paho.golang/paho"
	"github.com/google/uuid"
	"golang.org/x/time/rate"

	"lockers/internal/adapters/mqttctl/wire"
	"lockers/internal/hardware"
)

// Options configures the controller. URL and Keys are required.
type Options struct {
	URL string // the broker: mqtt://host:1883, mqtts://, ws://, wss://, with user:password@ for its login
	// Keys are the key generations a station may sign with now, the one
	// lockerd signs its commands with first (hardware.Keyring.Keys):
	// hardware.ErrRevoked cuts the station off, hardware.ErrNotFound is a
	// station lockerd does not know. Cached for a few seconds (Forget drops
	// a station's).
	Keys func(ctx context.Context, station string) ([]hardware.MACKey, error)
	// StationRate and StationBurst are each station's budget of messages
	// (per second, and at once): what a station sends beyond it is dropped
	// and the station flagged, so one station cannot crowd out the others.
	// Default 5 a second with a burst of 60 (a station's normal traffic is a
	// heartbeat every 10 s, temperatures every minute and its doors' events).
	StationRate  float64
	StationBurst int
	ClientID     string // stable per lockerd instance so the broker keeps its session across restarts; default "lockerd-" + host name
	Logger       *slog.Logger

	// ShareGroup: events and telemetry are taken through the shared
	// subscription $share/{ShareGroup}/..., so several lockerd instances split
	// them instead of each handling all. Default "lockerd"; "-" subscribes
	// without sharing. Status is never shared: every instance must know which
	// stations are online, and shared subscriptions get no retained messages.
	ShareGroup string
	// DedupSize is how many recent message ids are remembered to drop repeats
	// (default 65,536: about nine minutes of 1,000 stations' traffic).
	DedupSize int
	// KeepAlive (default 30 s) bounds how long a dead connection goes unnoticed.
	KeepAlive time.Duration
	// SessionExpiry (default 1 h): how long the broker keeps this client's
	// subscriptions and queued QoS 1 events while it is away.
	SessionExpiry time.Duration
	// MaxBackoff caps the wait between reconnection attempts (default 5 s).
	MaxBackoff time.Duration
	// SinkAttempts: a sink error is retried this many times in all (default 3,
	// 50 ms apart, doubling) before the message is logged and dropped.
	SinkAttempts int
	// DefaultDeadline applies to an OpenCommand without a Deadline (default 10 s).
	DefaultDeadline time.Duration
	// StaleAfter: a station that sent nothing (no heartbeat, no event) for this
	// long counts as offline for Open even if its last status said online —
	// a broker restarted without persistence forgets the Last Will of a station
	// that died meanwhile. Default 35 s (three 10-second heartbeats and a margin).
	StaleAfter time.Duration
}

// Controller is the MQTT station controller. Run owns the broker connection;
// Open waits for it (until its context or the command's deadline ends).
type Controller struct {
	opts   Options
	log    *slog.Logger
	broker BrokerURL
	recent *recentIDs
	trust  *trust
	warned sync.Map // station + reason → last warning time (drops are logged once a minute)

	running atomic.Bool

	mu     sync.Mutex
	cm     *autopaho.ConnectionManager
	ready  chan struct{} // closed once connected and subscribed; replaced when the connection drops
	isUp   bool
	online map[string]stationSeen // absent = unknown
}

// stationSeen is what the controller knows of a station's connection.
type stationSeen struct {
	online bool      // its last status (retained, or its Last Will)
	seen   time.Time // when any valid message of it last arrived
}

var _ hardware.Controller = (*Controller)(nil)

// New checks opts and fills in defaults; it does not connect (Run does).
func New(opts Options) (*Controller, error) {
	if opts.URL == "" {
		return nil, errors.New("mqttctl: no broker URL")
	}
	if opts.Keys == nil {
		return nil, errors.New("mqttctl: no station keys")
	}
	if opts.StationRate <= 0 {
		opts.StationRate = 5
	}
	if opts.StationBurst <= 0 {
		opts.StationBurst = 60
	}
	broker, err := ParseBrokerURL(opts.URL)
	if err != nil {
		return nil, fmt.Errorf("mqttctl: %w", err)
	}
	if opts.ClientID == "" {
		host, _ := os.Hostname()
		if host == "" {
			host = "local"
		}
		opts.ClientID = "lockerd-" + host
	}
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	if opts.ShareGroup == "" {
		opts.ShareGroup = "lockerd"
	}
	if opts.DedupSize <= 0 {
		opts.DedupSize = 1 << 16
	}
	if opts.KeepAlive <= 0 {
		opts.KeepAlive = 30 * time.Second
	}
	if opts.SessionExpiry <= 0 {
		opts.SessionExpiry = time.Hour
	}
	if opts.MaxBackoff <= 0 {
		opts.MaxBackoff = 5 * time.Second
	}
	if opts.SinkAttempts <= 0 {
		opts.SinkAttempts = 3
	}
	if opts.DefaultDeadline <= 0 {
		opts.DefaultDeadline = 10 * time.Second
	}
	if opts.StaleAfter <= 0 {
		opts.StaleAfter = 35 * time.Second
	}
	return &Controller{
		opts:   opts,
		log:    opts.Logger.With("component", "mqttctl"),
		broker: broker,
		recent: newRecentIDs(opts.DedupSize),
		trust:  newTrust(opts.Keys, rate.Limit(opts.StationRate), opts.StationBurst),
		ready:  make(chan struct{}),
		online: map[string]stationSeen{},
	}, nil
}

// Run connects, subscribes and hands every station event to sink until ctx
// ends, reconnecting (and resubscribing) whenever the connection drops.
func (c *Controller) Run(ctx context.Context, sink hardware.Sink) error {
	if !c.running.CompareAndSwap(false, true) {
		return errors.New("mqttctl: Run is already running")
	}
	defer c.running.Store(false)

	// The connection lives in its own context so that, when ctx ends, it is
	// closed with a DISCONNECT (the broker keeps the session) rather than cut.
	connCtx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cfg := autopaho.ClientConfig{
		ServerUrls:                    []*url.URL{c.broker.URL},
		ConnectUsername:               c.broker.Username,
		ConnectPassword:               c.broker.Password,
		KeepAlive:                     uint16(c.opts.KeepAlive / time.Second),
		CleanStartOnInitialConnection: false,
		SessionExpiryInterval:         uint32(c.opts.SessionExpiry / time.Second),
		ReconnectBackoff:              backoff(c.opts.MaxBackoff),
		ConnectTimeout:                5 * time.Second,
		OnConnectionUp: func(cm *autopaho.ConnectionManager, _ *paho.Connack) {
			go c.subscribe(connCtx, cm)
		},
		OnConnectionDown: func() bool {
			c.setDown()
			c.log.Warn("mqttctl: connection to the broker lost; reconnecting")
			return true
		},
		OnConnectError: func(err error) {
			c.log.Warn("mqttctl: cannot connect to the broker", "err", err)
		},
		ClientConfig: paho.ClientConfig{
			ClientID: c.opts.ClientID,
			OnPublishReceived: []func(paho.PublishReceived) (bool, error){
				func(pr paho.PublishReceived) (bool, error) {
					c.receive(ctx, sink, pr.Packet.Topic, pr.Packet.Payload)
					return true, nil
				},
			},
			OnClientError: func(err error) { c.log.Debug("mqttctl: client error", "err", err) },
		},
	}
	cm, err := autopaho.NewConnection(connCtx, cfg)
	if err != nil {
		return fmt.Errorf("mqttctl: %w", err)
	}

	<-ctx.Done()
	dctx, dcancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer dcancel()
	_ = cm.Disconnect(dctx)
	c.setDown()
	c.mu.Lock()
	c.cm = nil
	c.mu.Unlock()
	return nil
}

// subscribe (re)establishes the subscriptions of a new connection; only then
// is the controller ready for Open.
func (c *Controller) subscribe(ctx context.Context, cm *autopaho.ConnectionManager) {
	share := func(filter string) string {
		if c.opts.ShareGroup == "-" {
			return filter
		}
		return "$share/" + c.opts.ShareGroup + "/" + filter
	}
	sctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if _, err := cm.Subscribe(sctx, &paho.Subscribe{Subscriptions: []paho.SubscribeOptions{
		{Topic: wire.AllStations(wire.KindStatus), QoS: 1},
		{Topic: share(wire.AllStations(wire.KindEvt)), QoS: 1},
		{Topic: share(wire.AllStations(wire.KindTelemetry)), QoS: 1},
	}}); err != nil {
		// The connection is probably going down; the next OnConnectionUp retries.
		c.log.Warn("mqttctl: subscribe failed", "err", err)
		return
	}
	c.mu.Lock()
	c.cm = cm
	if !c.isUp {
		c.isUp = true
		close(c.ready)
	}
	c.mu.Unlock()
	c.log.Info("mqttctl: connected and subscribed", "broker", c.broker.URL.Host)
}

func (c *Controller) setDown() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.isUp {
		c.isUp = false
		c.ready = make(chan struct{})
	}
}

// receive verifies one station message (trust.check) and delivers its
// events. What is not believed is counted by reason and dropped (logged
// without its payload: it may hold a code); repeats are dropped by id.
func (c *Controller) receive(ctx context.Context, sink hardware.Sink, topic string, payload []byte) {
	station, kind, ok := wire.ParseTopic(topic)
	if !ok || kind == wire.KindCmd {
		c.trust.countDrop(DropMalformed)
		c.log.Debug("mqttctl: message on an unexpected topic dropped", "topic_len", len(topic))
		return
	}
	v, reason := c.trust.check(ctx, station, kind, payload)
	if reason != "" {
		c.trust.countDrop(reason)
		c.warnDrop(station, kind, reason)
		return
	}
	m := v.msg
	now := time.Now()
	if v.will {
		m.At = now // its own time is its connection's start
	}
	if m.Type == wire.TypeRefused {
		c.trust.countRefused(refusalLabel(m.Detail))
		c.log.Warn("mqttctl: a station refused a command", "station", station, "reason", refusalLabel(m.Detail))
		return
	}
	key := station + "/" + m.ID
	duplicate := c.recent.seen(key)
	c.mu.Lock()
	st, known := c.online[station]
	st.seen = now
	if !duplicate {
		switch m.Type {
		case wire.TypeStatus:
			st.online = m.State == wire.StateOnline
			known = true
		case wire.TypeHeartbeat:
			st.online = true // a station that beats is connected
			known = true
		}
	}
	if known {
		c.online[station] = st
	}
	c.mu.Unlock()
	if duplicate {
		return
	}
	for _, ev := range toEvents(station, m, now) {
		if err := c.deliver(ctx, sink, ev); err != nil {
			// Not remembered as seen: a redelivery of the message is handled again
			// (the sink drops the events it already took by Event.ID).
			c.log.Error("mqttctl: station event not taken by the service; dropped", "station", station, "kind", ev.Kind, "err", err)
			return
		}
	}
	c.recent.add(key)
}

// warnDrop logs a dropped message, once a minute per station and reason
// (a flood of forged messages must not become a flood of log lines).
func (c *Controller) warnDrop(station, kind, reason string) {
	k := station + "/" + reason
	now := time.Now()
	if last, ok := c.warned.Load(k); ok && now.Sub(last.(time.Time)) < time.Minute {
		return
	}
	c.warned.Store(k, now)
	c.log.Warn("mqttctl: station message not believed; dropped", "station", station, "topic", kind, "reason", reason)
}

// refusalLabel keeps the metric's label values to the protocol's refusals.
func refusalLabel(detail string) string {
	switch detail {
	case wire.RefusedUnsigned, wire.RefusedBadMAC, wire.RefusedOtherStation, wire.RefusedExpired,
		wire.RefusedReplayed, wire.RefusedMalformed:
		return detail
	}
	return "other"
}

// Stats are the controller's counts since it started.
type Stats struct {
	Dropped map[string]int64 // station messages not believed, by reason (Drop*)
	Refused map[string]int64 // commands stations reported refusing, by refusal (wire.Refused*)
}

// Stats returns the counts so far.
func (c *Controller) Stats() Stats {
	return Stats{Dropped: snapshot(&c.trust.drops), Refused: snapshot(&c.trust.refused)}
}

// Flagged lists the stations that went over their message budget since the time.
func (c *Controller) Flagged(since time.Time) []string { return c.trust.flagged(since) }

// Forget drops a station's cached keys, so a rotation or revocation made in
// this process applies at once (other processes: within a few seconds).
func (c *Controller) Forget(station string) { c.trust.forget(station) }

func (c *Controller) deliver(ctx context.Context, sink hardware.Sink, ev hardware.Event) error {
	wait := 50 * time.Millisecond
	var err error
	for attempt := 1; ; attempt++ {
		if err = sink.Handle(ctx, ev); err == nil || attempt >= c.opts.SinkAttempts {
			return err
		}
		select {
		case <-ctx.Done():
			return err
		case <-time.After(wait):
		}
		wait *= 2
	}
}

// Open publishes an open command (QoS 1) to the station. It returns
// hardware.ErrStationOffline when the broker is unreachable until the
// command's deadline, or the station's retained status is offline or unknown.
// A nil error means the broker took the command; the station answers with
// events (accepted, then the door sensor).
func (c *Controller) Open(ctx context.Context, cmd hardware.OpenCommand) error {
	if !wire.ValidStationID(cmd.StationID) || cmd.Compartment == "" {
		return errors.New("mqttctl: open needs a station id and a compartment")
	}
	now := time.Now()
	if cmd.ID == "" {
		cmd.ID = newCommandID()
	}
	if cmd.IssuedAt.IsZero() {
		cmd.IssuedAt = now
	}
	if cmd.Deadline.IsZero() {
		cmd.Deadline = now.Add(c.opts.DefaultDeadline)
	}
	if !now.Before(cmd.Deadline) {
		return errors.New("mqttctl: open command past its deadline")
	}
	wctx, cancel := context.WithDeadline(ctx, cmd.Deadline)
	defer cancel()
	cm, err := c.awaitReady(wctx)
	if err != nil {
		return fmt.Errorf("%w (not connected to the broker)", hardware.ErrStationOffline)
	}
	if !c.Online(cmd.StationID) {
		return hardware.ErrStationOffline
	}
	if cmd.Deadline.Sub(cmd.IssuedAt) > wire.MaxCommandLife {
		cmd.Deadline = cmd.IssuedAt.Add(wire.MaxCommandLife)
	}
	payload, err := c.seal(wctx, cmd.StationID, toCommand(cmd))
	if err != nil {
		return err
	}
	if _, err := cm.Publish(wctx, &paho.Publish{QoS: 1, Topic: wire.Topic(cmd.StationID, wire.KindCmd), Payload: payload}); err != nil {
		return fmt.Errorf("mqttctl: publish open command: %w", err)
	}
	return nil
}

// seal signs a command with the station's key.
func (c *Controller) seal(ctx context.Context, station string, cmd wire.Command) ([]byte, error) {
	k, err := c.trust.signingKey(ctx, station)
	switch {
	case errors.Is(err, hardware.ErrRevoked):
		return nil, fmt.Errorf("%w (credentials revoked)", hardware.ErrStationOffline)
	case err != nil:
		return nil, fmt.Errorf("mqttctl: station key: %w", err)
	}
	cmd.Station = station
	return wire.SealJSON(k.Key, k.Gen, wire.Topic(station, wire.KindCmd), cmd)
}

// Online reports whether the station's last status said online and it sent
// something within StaleAfter (false when unknown).
func (c *Controller) Online(station string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	st := c.online[station]
	return st.online && time.Since(st.seen) <= c.opts.StaleAfter
}

// WaitReady waits until the controller is connected and subscribed (or ctx
// ends): events published from then on reach the sink.
func (c *Controller) WaitReady(ctx context.Context) error {
	_, err := c.awaitReady(ctx)
	return err
}

// awaitReady waits until the connection is up and subscribed.
func (c *Controller) awaitReady(ctx context.Context) (*autopaho.ConnectionManager, error) {
	for {
		c.mu.Lock()
		cm, up, ready := c.cm, c.isUp, c.ready
		c.mu.Unlock()
		if up && cm != nil {
			return cm, nil
		}
		select {
		case <-ready:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
}

// backoff waits 100 ms, growing to max, between reconnection attempts.
func backoff(max time.Duration) autopaho.Backoff {
	minDelay := 100 * time.Millisecond
	if max <= minDelay {
		return autopaho.NewConstantBackoff(max)
	}
	initial := 500 * time.Millisecond
	if initial > max {
		initial = max
	}
	return autopaho.NewExponentialBackoff(minDelay, max, initial, 2)
}

// newCommandID is a UUIDv7 (time-ordered, so ids also sort by issue time).
func newCommandID() string {
	id, err := uuid.NewV7()
	if err != nil {
		return uuid.NewString()
	}
	return id.String()
}
