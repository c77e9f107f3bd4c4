package mqttctl

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/eclipse/paho.golang/paho"

	"lockers/internal/adapters/mqttctl/wire"
	"lockers/internal/hardware"
)

// Window is a compartment's rental window: while it lasts, the station opens
// the compartment for the window's offline PIN by itself.
type Window struct {
	Compartment string
	From, To    time.Time
}

// windowsDeadline: every command lives at most wire.MaxCommandLife, windows
// too (a captured list must not be replayable later); the sender sends them
// again when a station missed them.
const windowsDeadline = wire.MaxCommandLife

// SendWindows replaces the rental windows a station checks offline PINs
// against (a `windows` command, QoS 1). The list carries no PIN: the station
// derives each from the secret it shares with the server. It is not part of
// hardware.Controller yet: the hardware service calls it through a type
// assertion (or the port grows a SetWindows) when a station's bookings change
// and when it comes online.
func (c *Controller) SendWindows(ctx context.Context, station string, windows []Window) error {
	if !wire.ValidStationID(station) {
		return errors.New("mqttctl: windows need a station id")
	}
	now := time.Now()
	cmd := wire.Command{ID: newCommandID(), Type: wire.CmdWindows, At: now.UTC(), Deadline: now.Add(windowsDeadline).UTC(),
		Windows: make([]wire.Window, 0, len(windows))}
	for _, w := range windows {
		cmd.Windows = append(cmd.Windows, wire.Window{Compartment: w.Compartment, From: w.From.UTC(), To: w.To.UTC()})
	}
	wctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	payload, err := c.seal(wctx, station, cmd)
	if err != nil {
		return err
	}
	cm, err := c.awaitReady(wctx)
	if err != nil {
		return fmt.Errorf("%w (not connected to the broker)", hardware.ErrStationOffline)
	}
	if _, err := cm.Publish(wctx, &paho.Publish{QoS: 1, Topic: wire.Topic(station, wire.KindCmd), Payload: payload}); err != nil {
		return fmt.Errorf("mqttctl: publish windows: %w", err)
	}
	return nil
}
