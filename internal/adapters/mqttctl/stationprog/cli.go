package stationprog

import (
	"bufio"
	"context"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strings"
	"time"

	"lockers/internal/hardware"
)

// Main is `lockerd station-sim`: it parses flags (with environment defaults),
// plays the stations until ctx ends and returns the exit code. With -keypad,
// lines "STATION CODE" on stdin are typed on that station's keypad.
func Main(ctx context.Context, args []string, stdin io.Reader, stderr io.Writer) int {
	fs := flag.NewFlagSet("station-sim", flag.ContinueOnError)
	fs.SetOutput(stderr)
	brokerURL := fs.String("url", envOr("MQTT_URL", "mqtt://127.0.0.1:1883"), "MQTT broker URL (env MQTT_URL)")
	n := fs.Int("stations", 1, "how many stations to play (ids 00000000-0000-4000-8000-000000000001, ...: lockerd takes UUIDs only)")
	ids := fs.String("station-ids", "", "comma-separated station ids to play instead of -stations (the server's station ids)")
	compartments := fs.Int("compartments", 24, "compartments per station (labels A01, A02, ...)")
	labels := fs.String("labels", "", "comma-separated compartment labels instead of -compartments")
	doorOpen := fs.Duration("door-open", time.Minute, "a door closes by itself after this long")
	heartbeat := fs.Duration("heartbeat", 10*time.Second, "heartbeat period")
	temperature := fs.Duration("temperature", time.Minute, "temperature report period")
	secret := fs.String("station-secret", os.Getenv("STATION_SECRET"), "lockerd's STATION_SECRET: each station derives its own signing key, broker password and offline-PIN key from it, as lockerd does (env STATION_SECRET)")
	generation := fs.Int("generation", 1, "with -station-secret: the key generation of every station (lockerd station-credentials shows it)")
	brokerGeneration := fs.Int("broker-generation", 1, "with -station-secret: the broker password's generation of every station")
	keyHex := fs.String("key", "", "one station's signing key (hex, as lockerd station-credentials shows it) instead of -station-secret; with -generation")
	brokerPassword := fs.String("broker-password", "", "with -key: the station's broker password (the user name is its id)")
	keypad := fs.Bool("keypad", false, "read lines \"STATION CODE\" from stdin and type them on the keypad")
	verbose := fs.Bool("v", false, "debug logging")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: lockerd station-sim [flags]\nplays locker stations over MQTT (topics lockers/{station}/cmd|evt|status|telemetry)")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return 0
		}
		return 2
	}
	stationIDs := splitList(*ids)
	if len(stationIDs) == 0 {
		if *n < 1 {
			fmt.Fprintln(stderr, "station-sim: -stations must be at least 1")
			return 2
		}
		for i := 1; i <= *n; i++ {
			stationIDs = append(stationIDs, SimStationID(i))
		}
	}
	comps := splitList(*labels)
	if len(comps) == 0 {
		if *compartments < 0 {
			fmt.Fprintln(stderr, "station-sim: -compartments must not be negative")
			return 2
		}
		comps = DefaultCompartments(*compartments)
	}
	level := slog.LevelInfo
	if *verbose {
		level = slog.LevelDebug
	}
	log := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: level}))
	cfg := Config{
		URL: *brokerURL, StationIDs: stationIDs, Compartments: comps,
		DoorOpenFor: *doorOpen, HeartbeatEvery: *heartbeat, TemperatureEvery: *temperature,
		Logger: log,
	}
	if *secret != "" {
		// A real cabinet is given only its own key; the simulator plays many.
		cfg.Secret = func(id string) []byte { return hardware.StationKey([]byte(*secret), id) }
	}
	creds, err := credentialsFrom(*secret, *keyHex, *brokerPassword, *generation, *brokerGeneration, len(stationIDs), *brokerURL)
	if err != nil {
		fmt.Fprintln(stderr, "station-sim:", err)
		return 2
	}
	cfg.Credentials = creds
	p, err := Start(ctx, cfg)
	if err != nil {
		fmt.Fprintln(stderr, "station-sim:", err)
		return 2
	}
	log.Info("station-sim: started", "stations", len(stationIDs), "compartments", len(comps), "broker", *brokerURL)
	if *keypad {
		go readKeypad(ctx, p, stdin, log)
	}
	<-ctx.Done()
	p.Stop()
	log.Info("station-sim: stopped")
	return 0
}

func readKeypad(ctx context.Context, p *Program, stdin io.Reader, log *slog.Logger) {
	sc := bufio.NewScanner(stdin)
	for sc.Scan() && ctx.Err() == nil {
		f := strings.Fields(sc.Text())
		if len(f) != 2 {
			log.Warn("station-sim: keypad lines are \"STATION CODE\"")
			continue
		}
		s := p.Station(f[0])
		if s == nil {
			log.Warn("station-sim: no such station", "station", f[0])
			continue
		}
		res, compartment := s.Keypad(f[1])
		switch res {
		case KeypadSent:
			log.Info("station-sim: code sent to the server", "station", f[0])
		case KeypadOpened:
			log.Info("station-sim: offline PIN opened a door", "station", f[0], "compartment", compartment)
		default:
			log.Info("station-sim: code refused (offline)", "station", f[0])
		}
	}
}

func splitList(s string) []string {
	var out []string
	for _, part := range strings.Split(s, ",") {
		if part = strings.TrimSpace(part); part != "" {
			out = append(out, part)
		}
	}
	return out
}

func envOr(key, def string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return def
}

// credentialsFrom picks the stations' credentials: derived from lockerd's
// secret (many stations), or one station's key as provisioned. A broker URL
// with a login of its own keeps that login.
func credentialsFrom(secret, keyHex, password string, gen, brokerGen, stations int, brokerURL string) (func(string) Credentials, error) {
	if gen < 1 || brokerGen < 1 {
		return nil, errors.New("-generation and -broker-generation start at 1")
	}
	urlLogin := strings.Contains(brokerURL, "@")
	switch {
	case keyHex != "":
		key, err := hex.DecodeString(keyHex)
		if err != nil || len(key) != 32 {
			return nil, errors.New("-key must be 64 hex digits")
		}
		if stations != 1 {
			return nil, errors.New("-key is one station's: give one -station-ids")
		}
		return func(string) Credentials { return Credentials{Gen: gen, Key: key, BrokerPassword: password} }, nil
	case secret != "":
		return func(id string) Credentials {
			c := Credentials{Gen: gen, Key: hardware.StationMACKey([]byte(secret), id, gen)}
			if !urlLogin {
				c.BrokerPassword = hardware.BrokerPassword([]byte(secret), id, brokerGen)
			}
			return c
		}, nil
	}
	return nil, errors.New("the stations need their keys: -station-secret (env STATION_SECRET) or -key")
}

// SimStationID is the id of the n-th simulated station when none are given:
// a fixed UUID (lockerd drops events of stations whose id is not a UUID).
func SimStationID(n int) string { return fmt.Sprintf("00000000-0000-4000-8000-%012d", n) }
