// Package stationprog is the station program: it plays one or many locker
// cabinets over MQTT as real controllers would (package wire is the protocol),
// for demos, tests and load runs (`lockerd station-sim`). Each station has its
// own connection, so the broker's Last Will marks exactly that station offline
// when its connection dies.
package stationprog

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"time"

	"lockers/internal/adapters/mqttctl"
	"lockers/internal/adapters/mqttctl/wire"
)

// Config describes the stations to play. URL and StationIDs are required.
type Config struct {
	URL        string
	StationIDs []string
	// Compartments are the door labels each station reports temperatures for
	// (default A01…A24). A command for another label opens a door of that
	// label too: the program does not know the server's lockers.
	Compartments []string
	// DoorOpenFor: a door closes by itself this long after it opened (default 60 s).
	DoorOpenFor time.Duration
	// HeartbeatEvery (default 10 s) and TemperatureEvery (default 1 min) pace
	// telemetry; each station starts at a random phase so a thousand do not beat together.
	HeartbeatEvery   time.Duration
	TemperatureEvery time.Duration
	// Credentials gives a station's signing key and broker password
	// (required: lockerd believes nothing unsigned, and a station runs no
	// command that lockerd did not sign with its key).
	Credentials func(stationID string) Credentials
	// Secret gives a station's offline-PIN secret (shared with the server);
	// nil, or an empty secret, means the station accepts no offline PIN.
	Secret func(stationID string) []byte
	// ClientIDPrefix + station id is each connection's MQTT client id (default "station-").
	ClientIDPrefix string
	// MaxBackoff caps the wait between reconnection attempts (default 5 s).
	MaxBackoff time.Duration
	// ConnectParallel bounds simultaneous connection attempts at start (default 50).
	ConnectParallel int
	Logger          *slog.Logger
}

// Program is a set of running stations.
type Program struct {
	stations []*Station
	byID     map[string]*Station
	cancel   context.CancelFunc
	wg       sync.WaitGroup
}

// DefaultCompartments is A01…A{n}.
func DefaultCompartments(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("A%02d", i+1)
	}
	return out
}

// Start connects every station (in the background) and starts their
// telemetry; WaitConnected tells when all are online.
func Start(ctx context.Context, cfg Config) (*Program, error) {
	broker, err := mqttctl.ParseBrokerURL(cfg.URL)
	if err != nil {
		return nil, fmt.Errorf("stationprog: %w", err)
	}
	switch strings.ToLower(broker.URL.Scheme) {
	case "ws", "wss":
		return nil, errors.New("stationprog: stations connect over TCP or TLS (mqtt://, mqtts://), not websockets")
	}
	if len(cfg.StationIDs) == 0 {
		return nil, errors.New("stationprog: no stations")
	}
	if cfg.Credentials == nil {
		return nil, errors.New("stationprog: no station credentials (the signing keys)")
	}
	if cfg.Compartments == nil {
		cfg.Compartments = DefaultCompartments(24)
	}
	if cfg.DoorOpenFor <= 0 {
		cfg.DoorOpenFor = time.Minute
	}
	if cfg.HeartbeatEvery <= 0 {
		cfg.HeartbeatEvery = 10 * time.Second
	}
	if cfg.TemperatureEvery <= 0 {
		cfg.TemperatureEvery = time.Minute
	}
	if cfg.ClientIDPrefix == "" {
		cfg.ClientIDPrefix = "station-"
	}
	if cfg.MaxBackoff <= 0 {
		cfg.MaxBackoff = 5 * time.Second
	}
	if cfg.ConnectParallel <= 0 {
		cfg.ConnectParallel = 50
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	p := &Program{byID: make(map[string]*Station, len(cfg.StationIDs))}
	for _, id := range cfg.StationIDs {
		if !wire.ValidStationID(id) {
			return nil, fmt.Errorf("stationprog: station id %q cannot be an MQTT topic level", id)
		}
		if p.byID[id] != nil {
			return nil, fmt.Errorf("stationprog: station id %q given twice", id)
		}
		s := newStation(id, &cfg, broker)
		p.stations = append(p.stations, s)
		p.byID[id] = s
	}
	runCtx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	p.cancel = cancel
	sem := make(chan struct{}, cfg.ConnectParallel)
	for _, s := range p.stations {
		p.wg.Add(1)
		go func() {
			defer p.wg.Done()
			sem <- struct{}{}
			err := s.connect(runCtx)
			// Hold the slot until this station's first connection settles, so a
			// thousand stations do not open a thousand sockets at once.
			if err == nil {
				select {
				case <-s.upCh():
				case <-time.After(5 * time.Second):
				case <-runCtx.Done():
				}
			}
			<-sem
			if err != nil {
				cfg.Logger.Error("stationprog: station not started", "station", s.id, "err", err)
				return
			}
			s.telemetry(runCtx)
		}()
	}
	return p, nil
}

// Station returns the station with this id, or nil.
func (p *Program) Station(id string) *Station { return p.byID[id] }

// Stations returns every station, in the order given.
func (p *Program) Stations() []*Station { return p.stations }

// WaitConnected waits until every station is connected and subscribed.
func (p *Program) WaitConnected(ctx context.Context) error {
	for _, s := range p.stations {
		select {
		case <-s.upCh():
		case <-ctx.Done():
			return fmt.Errorf("stationprog: station %s not connected: %w", s.id, ctx.Err())
		}
	}
	return nil
}

// Stop says goodbye (each station publishes its offline status) and disconnects.
func (p *Program) Stop() {
	var wg sync.WaitGroup
	for _, s := range p.stations {
		wg.Add(1)
		go func() { defer wg.Done(); s.stop() }()
	}
	wg.Wait()
	p.cancel()
	p.wg.Wait()
}
