package stationprog

import (
	"context"
	"crypto/tls"
	"errors"
	"log/slog"
	"math/rand/v2"
	"net"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/eclipse/paho.golang/autopaho"
	"github.com/eclipse/paho.golang/packets"
	"github.com/eclipse/paho.golang/paho"
	"github.com/google/uuid"

	"lockers/internal/adapters/mqttctl"
	"lockers/internal/adapters/mqttctl/wire"
)

// Station is one simulated cabinet controller with its own MQTT connection.
type Station struct {
	id     string
	cfg    *Config
	broker mqttctl.BrokerURL
	log    *slog.Logger

	cm *autopaho.ConnectionManager

	mu        sync.Mutex
	conn      net.Conn // the current socket, cut by Unplug
	unplugged bool
	up        bool
	upC       chan struct{} // closed while connected and subscribed
	seenCmds  *recent
	doors     map[string]*door
	windows   []wire.Window
	temps     []float64 // per cfg.Compartments
	keypad    keypadGuard
	rng       *rand.Rand
	keys      keys
	connID    string // the current connection's id: its online status and Last Will carry it

	refusals     int // refusals reported since refusalsFrom
	refusalsFrom time.Time

	opens, late, repeated, refused atomic.Int64
}

type door struct {
	open      bool
	jammed    bool
	commandID string
	timer     *time.Timer
}

func newStation(id string, cfg *Config, broker mqttctl.BrokerURL) *Station {
	s := &Station{
		id: id, cfg: cfg, broker: broker,
		log:      cfg.Logger.With("station", id),
		upC:      make(chan struct{}),
		seenCmds: newRecent(1024),
		doors:    map[string]*door{},
		rng:      rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64())),
	}
	if cfg.Credentials != nil {
		s.keys.cur = cfg.Credentials(id)
	}
	s.temps = make([]float64, len(cfg.Compartments))
	for i := range s.temps {
		s.temps[i] = baseCelsius(i)
	}
	return s
}

// ID is the station id.
func (s *Station) ID() string { return s.id }

func (s *Station) upCh() <-chan struct{} {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.upC
}

// Connected reports whether the station is connected and subscribed now.
func (s *Station) Connected() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.up
}

func (s *Station) connect(ctx context.Context) error {
	minDelay := 50 * time.Millisecond
	if s.cfg.MaxBackoff <= minDelay {
		minDelay = s.cfg.MaxBackoff / 2
	}
	cfg := autopaho.ClientConfig{
		ServerUrls:                    []*url.URL{s.broker.URL},
		ConnectUsername:               s.broker.Username,
		ConnectPassword:               s.broker.Password,
		KeepAlive:                     30,
		CleanStartOnInitialConnection: false,
		// The broker keeps the session (and queues commands) for an hour: a
		// command that arrives after its deadline is dropped by the station.
		SessionExpiryInterval: 3600,
		ReconnectBackoff:      autopaho.NewExponentialBackoff(minDelay, s.cfg.MaxBackoff, minDelay, 2),
		ConnectTimeout:        5 * time.Second,
		AttemptConnection:     s.dial,
		// A new Last Will for each connection, with an id of its own, so the
		// receiver's duplicate filter never mistakes one offline for another,
		// signed now and bound to this connection (conn): lockerd believes it
		// only for the connection whose online status carried the same conn.
		// The login is the station's own, read at every connection, so new
		// credentials take effect at the next one.
		ConnectPacketBuilder: func(cp *paho.Connect, _ *url.URL) (*paho.Connect, error) {
			conn := newID()
			s.mu.Lock()
			s.connID = conn
			password := s.keys.cur.BrokerPassword
			s.mu.Unlock()
			if password != "" {
				cp.Username, cp.UsernameFlag = s.id, true
				cp.Password, cp.PasswordFlag = []byte(password), true
			}
			payload, err := s.seal(wire.KindStatus, wire.Message{ID: newID(), Type: wire.TypeStatus, State: wire.StateOffline, Conn: conn})
			if err != nil {
				return nil, err
			}
			cp.WillMessage = &paho.WillMessage{Retain: true, QoS: 1, Topic: wire.Topic(s.id, wire.KindStatus), Payload: payload}
			cp.WillProperties = &paho.WillProperties{}
			return cp, nil
		},
		OnConnectionUp: func(cm *autopaho.ConnectionManager, _ *paho.Connack) {
			go s.connectionUp(ctx, cm)
		},
		OnConnectionDown: func() bool {
			s.setDown()
			return true
		},
		OnConnectError: func(err error) { s.log.Debug("stationprog: connect failed", "err", err) },
		ClientConfig: paho.ClientConfig{
			ClientID: s.cfg.ClientIDPrefix + s.id,
			OnPublishReceived: []func(paho.PublishReceived) (bool, error){
				func(pr paho.PublishReceived) (bool, error) {
					s.handleCommand(pr.Packet.Payload)
					return true, nil
				},
			},
		},
	}
	cm, err := autopaho.NewConnection(ctx, cfg)
	if err != nil {
		return err
	}
	s.mu.Lock()
	s.cm = cm
	s.mu.Unlock()
	return nil
}

// dial opens the socket, unless the station is unplugged.
func (s *Station) dial(ctx context.Context, _ autopaho.ClientConfig, u *url.URL) (net.Conn, error) {
	s.mu.Lock()
	unplugged := s.unplugged
	s.mu.Unlock()
	if unplugged {
		return nil, errors.New("station unplugged")
	}
	var conn net.Conn
	var err error
	switch strings.ToLower(u.Scheme) {
	case "mqtts", "ssl", "tls":
		conn, err = (&tls.Dialer{}).DialContext(ctx, "tcp", u.Host)
	default:
		conn, err = (&net.Dialer{}).DialContext(ctx, "tcp", u.Host)
	}
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.unplugged {
		conn.Close()
		return nil, errors.New("station unplugged")
	}
	s.conn = conn
	// autopaho writes from several goroutines; a TLS connection needs the lock.
	return packets.NewThreadSafeConn(conn), nil
}

// connectionUp subscribes to the station's commands and says it is online.
func (s *Station) connectionUp(ctx context.Context, cm *autopaho.ConnectionManager) {
	sctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if _, err := cm.Subscribe(sctx, &paho.Subscribe{Subscriptions: []paho.SubscribeOptions{
		{Topic: wire.Topic(s.id, wire.KindCmd), QoS: 1},
	}}); err != nil {
		s.log.Warn("stationprog: subscribe failed", "err", err)
		return
	}
	if err := s.publishStatus(sctx, cm, wire.StateOnline); err != nil {
		s.log.Warn("stationprog: online status not published", "err", err)
		return
	}
	s.mu.Lock()
	if !s.up {
		s.up = true
		close(s.upC)
	}
	s.mu.Unlock()
}

func (s *Station) setDown() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.up {
		s.up = false
		s.upC = make(chan struct{})
	}
}

func (s *Station) publishStatus(ctx context.Context, cm *autopaho.ConnectionManager, state string) error {
	s.mu.Lock()
	conn := s.connID
	s.mu.Unlock()
	payload, err := s.seal(wire.KindStatus, wire.Message{ID: newID(), Type: wire.TypeStatus, State: state, Conn: conn})
	if err != nil {
		return err
	}
	_, err = cm.Publish(ctx, &paho.Publish{QoS: 1, Retain: true, Topic: wire.Topic(s.id, wire.KindStatus), Payload: payload})
	return err
}

// Unplug cuts the station's connection abruptly (no DISCONNECT, so the broker
// publishes its Last Will) and keeps it off until Plug.
func (s *Station) Unplug() {
	s.mu.Lock()
	s.unplugged = true
	conn := s.conn
	s.mu.Unlock()
	if conn != nil {
		conn.Close()
	}
	s.setDown()
}

// Plug lets the station reconnect.
func (s *Station) Plug() {
	s.mu.Lock()
	s.unplugged = false
	s.mu.Unlock()
}

// WaitConnected waits until the station is connected and subscribed.
func (s *Station) WaitConnected(ctx context.Context) error {
	select {
	case <-s.upCh():
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// stop publishes offline and disconnects cleanly.
func (s *Station) stop() {
	s.mu.Lock()
	cm := s.cm
	for _, d := range s.doors {
		if d.timer != nil {
			d.timer.Stop()
		}
	}
	s.mu.Unlock()
	if cm == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if s.Connected() {
		_ = s.publishStatus(ctx, cm, wire.StateOffline)
	}
	_ = cm.Disconnect(ctx)
}

// publishEvent queues an event for the broker: it is sent now when connected,
// or after the reconnection (door events of an offline opening are kept).
func (s *Station) publishEvent(m wire.Message) {
	m.ID = newID()
	payload, err := s.seal(wire.KindEvt, m)
	if err != nil {
		s.log.Error("stationprog: encode event", "err", err)
		return
	}
	s.mu.Lock()
	cm := s.cm
	s.mu.Unlock()
	if cm == nil {
		return
	}
	if err := cm.PublishViaQueue(context.Background(), &autopaho.QueuePublish{Publish: &paho.Publish{
		QoS: 1, Topic: wire.Topic(s.id, wire.KindEvt), Payload: payload,
	}}); err != nil {
		s.log.Error("stationprog: event not queued", "type", m.Type, "err", err)
	}
}

func newID() string {
	id, err := uuid.NewV7()
	if err != nil {
		return uuid.NewString()
	}
	return id.String()
}
