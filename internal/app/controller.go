package app

import (
	"errors"
	"log/slog"

	"lockers/internal/config"
	"lockers/internal/hardware"
)

// newMQTTController is the CONTROLLER=mqtt wiring point: at merge it becomes
//
//	return mqttctl.New(mqttctl.Options{URL: cfg.MQTTURL, ClientID: "lockerd", Logger: log})
//
// Until the MQTT adapter is built in, asking for it is a configuration error
// rather than a silent fallback to the simulator.
func newMQTTController(cfg config.Config, log *slog.Logger) (hardware.Controller, error) {
	_, _ = cfg, log
	return nil, errors.New("CONTROLLER=mqtt is not built in yet")
}
