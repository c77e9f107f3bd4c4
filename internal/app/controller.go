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
func newMQTTController(cfg config.Config, log *slog.Logger) (hardware.Controller, error) {
	return mqttctl.New(mqttctl.Options{URL: cfg.MQTTURL, Logger: log})
}
