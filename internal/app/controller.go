package app

import (
	"log/slog"

	"lockers/internal/adapters/mqttctl"
	"lockers/internal/config"
	"lockers/internal/hardware"
)

// newMQTTController is CONTROLLER=mqtt: the MQTT adapter on MQTT_URL. Its
// client id defaults to one per host, so several lockerd processes share the
// event stream (a shared subscription) instead of taking each other's session.
// Every station's messages are verified, and its commands signed, with the
// keys the keyring derives from STATION_SECRET (docs/station-protocol.md).
func newMQTTController(cfg config.Config, keyring *hardware.Keyring, log *slog.Logger) (*mqttctl.Controller, error) {
	return mqttctl.New(mqttctl.Options{URL: cfg.MQTTURL, Logger: log, Keys: keyring.Keys})
}
