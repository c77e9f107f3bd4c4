package config

import (
	"errors"
	"fmt"
	"net/url"
	"time"
)

// stationVars choose the station controller: the built-in simulator or MQTT.
var stationVars = []Var{
	{
		Name: "CONTROLLER", Default: "sim",
		Description: "Station controller: sim (built in: simulated cabinets in the process) or mqtt (real cabinets through the broker at MQTT_URL).",
		parse: func(c *Config, raw string) error {
			if raw != "sim" && raw != "mqtt" {
				return fmt.Errorf("want sim or mqtt")
			}
			c.Controller = raw
			return nil
		},
		format: func(c *Config) string { return c.Controller },
	},
	{
		Name: "MQTT_URL", Default: "",
		Description: "MQTT broker of the station controllers (mqtt://host:1883, mqtts://..., with user:password@ if needed); required with CONTROLLER=mqtt.",
		parse:       func(c *Config, raw string) error { c.MQTTURL = raw; return nil },
		validate:    func(c *Config) error { return checkMQTTURL(c) },
		format:      func(c *Config) string { return c.MQTTURL },
		mask:        MaskDatabaseURL,
	},
	{
		Name: "SIM_DOOR_OPEN_FOR", Default: "1m",
		Description: "With CONTROLLER=sim: how long a simulated door stays open before it closes by itself.",
		parse: func(c *Config, raw string) error {
			d, err := time.ParseDuration(raw)
			if err != nil || d <= 0 || d > time.Hour {
				return fmt.Errorf("want a duration such as 1m (at most 1h)")
			}
			c.SimDoorOpenFor = d
			return nil
		},
		format: func(c *Config) string { return c.SimDoorOpenFor.String() },
	},
	{
		Name: "DOOR_INTENT_TTL", Default: "20s",
		Description: "How long a door confirmation (locker.openIntent, stations.openDoorIntent) stays good: an open that reaches the server later is refused with CANT_OPEN and nothing opens (Go duration, 2s to 2m).",
		parse: func(c *Config, raw string) error {
			d, err := time.ParseDuration(raw)
			if err != nil {
				return fmt.Errorf("want a duration such as 20s")
			}
			c.DoorIntentTTL = d
			return nil
		},
		validate: func(c *Config) error { return checkBetween(c.DoorIntentTTL, 2*time.Second, 2*time.Minute) },
		format:   func(c *Config) string { return c.DoorIntentTTL.String() },
	},
	{
		Name: "STATION_SECRET", Default: "", Secret: true,
		Description: "Secret (at least 32 characters) from which each station's keys are derived: its offline-PIN key (HMAC-SHA256 of the station id), and its signing key and broker password of each generation (docs/station-protocol.md); the cabinets hold their own. Required with CONTROLLER=mqtt; empty picks a random one per start (enough for CONTROLLER=sim).",
		parse:       func(c *Config, raw string) error { c.StationSecret = raw; return nil },
		validate: func(c *Config) error {
			if c.StationSecret == "" && c.Controller == "mqtt" {
				return errors.New("required with CONTROLLER=mqtt: the stations' keys are derived from it")
			}
			if c.StationSecret != "" && len(c.StationSecret) < 32 {
				return errors.New("must be at least 32 characters")
			}
			return nil
		},
		format: func(c *Config) string { return c.StationSecret },
	},
	{
		Name: "BOOK_AHEAD", Default: "8760h",
		Description: "How far ahead of now a booking or an extension may end (Go duration, 24h to 87600h; 8760h is a year).",
		parse: func(c *Config, raw string) error {
			d, err := time.ParseDuration(raw)
			if err != nil || d < 24*time.Hour || d > 87600*time.Hour {
				return fmt.Errorf("want a duration from 24h to 87600h")
			}
			c.BookAhead = d
			return nil
		},
		format: func(c *Config) string { return c.BookAhead.String() },
	},
}

func init() { Vars = append(Vars, stationVars...) }

func checkMQTTURL(c *Config) error {
	if c.MQTTURL == "" {
		if c.Controller == "mqtt" {
			return errors.New("required with CONTROLLER=mqtt")
		}
		return nil
	}
	u, err := url.Parse(c.MQTTURL)
	if err != nil || u.Host == "" {
		return errors.New("want mqtt://host:port")
	}
	switch u.Scheme {
	case "mqtt", "mqtts", "tcp", "ssl", "ws", "wss":
		return nil
	}
	return errors.New("want a mqtt://, mqtts://, ws:// or wss:// URL")
}
