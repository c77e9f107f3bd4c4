package app

import (
	"context"
	"crypto/rand"
	"fmt"
	"log/slog"
	"time"

	"lockers/internal/adapters/mqttctl"
	"lockers/internal/adapters/stationsim"
	"lockers/internal/clock"
	"lockers/internal/config"
	"lockers/internal/hardware"
	"lockers/internal/hardware/hardwaresql"
	"lockers/internal/ratelimit"
	"lockers/internal/store"
)

// stationsController is the running controller and the service on it; sim
// is set when it is the simulator (demo pages and tests reach into it).
type stationsController struct {
	service *hardware.Service
	sim     *stationsim.Sim
	mqtt    *mqttctl.Controller // CONTROLLER=mqtt
	keyring *hardware.Keyring
}

// forget makes the MQTT controller drop a station's cached keys after its
// credentials changed in this process (other processes: within seconds).
func (h *stationsController) forget(stationID string) {
	if h.mqtt != nil {
		h.mqtt.Forget(stationID)
	}
}

// newHardware builds the station controller CONTROLLER names and the
// hardware service on it.
func newHardware(cfg config.Config, db *store.DB, limits *ratelimit.Shared, onAlarm func(context.Context, hardware.Raised),
	log *slog.Logger) (*stationsController, error) {
	secret := []byte(cfg.StationSecret)
	if len(secret) == 0 {
		secret = make([]byte, 32)
		if _, err := rand.Read(secret); err != nil {
			return nil, err
		}
	}
	stationKey := func(stationID string) []byte { return hardware.StationKey(secret, stationID) }
	keyring := &hardware.Keyring{Store: hardwaresql.New(db), Secret: secret, Now: clock.Now}
	var ctrl hardware.Controller
	var sim *stationsim.Sim
	var mq *mqttctl.Controller
	var poll time.Duration
	switch cfg.Controller {
	case "mqtt":
		// The broker splits door events between the processes (mqttctl.Options.ShareGroup).
		poll = 200 * time.Millisecond
		c, err := newMQTTController(cfg, keyring, log)
		if err != nil {
			return nil, fmt.Errorf("station controller: %w", err)
		}
		ctrl, mq = c, c
	default:
		sim = stationsim.New(stationsim.Options{
			CloseAfter:   cfg.SimDoorOpenFor,
			Stations:     func(ctx context.Context) ([]string, error) { return activeStations(ctx, db) },
			Compartments: func(ctx context.Context) ([]stationsim.Compartment, error) { return heatedOrCooled(ctx, db) },
			StationKey:   stationKey,
			Windows: func(ctx context.Context, id string) ([]stationsim.Window, error) {
				return hardwaresql.New(db).PaidWindows(ctx, id, clock.Now())
			},
			Now:    clock.Now,
			Logger: log,
		})
		ctrl = sim
	}
	svc := hardware.NewService(hardware.Deps{
		Store: hardwaresql.New(db), Controller: ctrl, Now: clock.Now, Logger: log, IntentTTL: cfg.DoorIntentTTL,
		PerClient:  limits.NewLockout("keypad-client", hardware.ClientFailures, hardware.FailureWindow, hardware.LockoutFor, nil),
		PerStation: limits.NewLockout("keypad-station", hardware.StationFailures, hardware.FailureWindow, hardware.LockoutFor, nil),
		StationKey: stationKey,
		Scheduled:  true, // services.periodic
		PollEvery:  poll,
		OnAlarm:    onAlarm,
	})
	return &stationsController{service: svc, sim: sim, mqtt: mq, keyring: keyring}, nil
}

// activeStations lists the stations the simulator plays.
func activeStations(ctx context.Context, db *store.DB) ([]string, error) {
	rows, err := db.QueryContext(ctx, `SELECT id FROM stations WHERE active`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

// heatedOrCooled lists the compartments whose temperature the simulator reports.
func heatedOrCooled(ctx context.Context, db *store.DB) ([]stationsim.Compartment, error) {
	rows, err := db.QueryContext(ctx, `SELECT l.station_id, l.label, l.temperature FROM lockers l
		JOIN stations s ON s.id = l.station_id WHERE s.active AND l.temperature <> 'neutral'`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []stationsim.Compartment
	for rows.Next() {
		var c stationsim.Compartment
		if err := rows.Scan(&c.StationID, &c.Label, &c.Temperature); err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, rows.Err()
}
