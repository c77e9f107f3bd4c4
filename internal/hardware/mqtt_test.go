package hardware_test

import (
	"context"
	"testing"
	"time"

	"lockers/internal/adapters/mqttctl"
	"lockers/internal/adapters/mqttctl/mqtttest"
	"lockers/internal/adapters/mqttctl/stationprog"
	"lockers/internal/apperr"
	"lockers/internal/demo"
	"lockers/internal/hardware"
	"lockers/internal/hardware/hardwaresql"
	"lockers/internal/store"
	"lockers/internal/store/storetest"
)

// mqttEnv is env with the real controller path: the hardware service on the
// MQTT adapter, a Mosquitto of the test's own and the station program playing
// the first demo station (doors close 100 ms after opening).
type mqttEnv struct {
	*env
	broker  *mqtttest.Broker
	station *stationprog.Station
}

// The door service waits for the station's answer as long as in production
// (5 s): with less, an answer delayed on a busy machine failed an open that the
// station did run (docs/decisions/091-test-lanes.md).
func eachMQTT(t *testing.T, fn func(t *testing.T, e *mqttEnv)) {
	eachMQTTBroker(t, mqtttest.Start, 5*time.Second, fn)
}

// eachMQTTBroker is eachMQTT with the broker start chosen by the test
// (mqtttest.StartOwn for a test that restarts the broker) and the time the door
// service waits for an answer.
func eachMQTTBroker(t *testing.T, start func(testing.TB) *mqtttest.Broker, openTimeout time.Duration, fn func(t *testing.T, e *mqttEnv)) {
	t.Parallel() // each test has a broker of its own
	broker := start(t)
	storetest.Each(t, func(t *testing.T, db *store.DB) { fn(t, newMQTTEnv(t, db, broker, openTimeout)) })
}

// mqttSecret stands for STATION_SECRET: the demo stations are at key generation 1.
var mqttSecret = []byte("hardware test station secret, 32+ chars")

func newMQTTEnv(t *testing.T, db *store.DB, broker *mqtttest.Broker, openTimeout time.Duration) *mqttEnv {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	if err := demo.Seed(ctx, db); err != nil {
		t.Fatal(err)
	}
	keyring := &hardware.Keyring{Store: hardwaresql.New(db), Secret: mqttSecret}
	ctrl, err := mqttctl.New(mqttctl.Options{URL: broker.URL, ClientID: "lockerd-" + t.Name(), ShareGroup: "-", Keys: keyring.Keys})
	if err != nil {
		t.Fatal(err)
	}
	hw := hardware.NewService(hardware.Deps{Store: hardwaresql.New(db), Controller: ctrl, OpenTimeout: openTimeout,
		StationKey: func(id string) []byte { return hardware.StationKey([]byte("test station secret"), id) }})
	done := make(chan struct{})
	go func() { defer close(done); _ = hw.Run(ctx) }()
	prog, err := stationprog.Start(ctx, stationprog.Config{URL: broker.URL, StationIDs: []string{viru},
		DoorOpenFor: 100 * time.Millisecond, HeartbeatEvery: time.Second, TemperatureEvery: time.Minute,
		ClientIDPrefix: "station-" + t.Name() + "-",
		Credentials: func(id string) stationprog.Credentials {
			return stationprog.Credentials{Gen: 1, Key: hardware.StationMACKey(mqttSecret, id, 1)}
		}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { prog.Stop(); cancel(); <-done })
	if err := prog.WaitConnected(ctx); err != nil {
		t.Fatal(err)
	}
	e := &mqttEnv{env: &env{t: t, ctx: ctx, db: db, hw: hw}, broker: broker, station: prog.Station(viru)}
	// The station is online for lockerd once its status reached the adapter.
	e.eventually("the station online", func() bool { return ctrl.Online(viru) })
	return e
}

func TestOverMQTTTheAppOpensAndTheKeypadDeliversAndPicks(t *testing.T) {
	eachMQTT(t, func(t *testing.T, e *mqttEnv) {
		r := e.now(1)
		got, err := e.open(r)
		if err != nil || got.Label != "A01" {
			t.Fatalf("open from the app: %+v, %v", got, err)
		}
		if !e.station.DoorOpen("A01") && e.station.Counts().Opens != 1 {
			t.Fatalf("the cabinet did not open A01: %+v", e.station.Counts())
		}
		e.eventually("the door to close", func() bool {
			return e.count(`SELECT count(*) FROM lockers WHERE id = $1 AND door_state = 'closed'`, lockerA01) == 1
		})
		// The keypad's codes go to lockerd, which checks them and opens the door.
		for _, step := range []struct{ code, want string }{{r.delivery, "delivered"}, {r.picking, "picked"}} {
			if res, _ := e.station.Keypad(step.code); res != stationprog.KeypadSent {
				t.Fatalf("keypad: %v, want sent to lockerd", res)
			}
			e.eventually("the order locker "+step.want, func() bool { return e.status(r.orderLocker) == step.want })
		}
		if n := e.station.Counts().Opens; n != 3 {
			t.Errorf("the cabinet ran %d open commands, want 3", n)
		}
	})
}

func TestOverMQTTAJammedDoorIsRetriedOnceThenTakenOutOfService(t *testing.T) {
	// A jammed door never answers: the service waits its timeout twice, so 1 s here.
	eachMQTTBroker(t, mqtttest.Start, time.Second, func(t *testing.T, e *mqttEnv) {
		r := e.now(1)
		e.station.Jam("A01", true)
		if _, err := e.open(r); apperr.CodeOf(err) != apperr.CantOpen {
			t.Fatalf("open a jammed door: %v, want CANT_OPEN", err)
		}
		if n := e.count(`SELECT count(*) FROM lockers WHERE id = $1 AND state = 'out_of_service'`, lockerA01); n != 1 {
			t.Error("the locker is not out of service")
		}
	})
}

func TestOverMQTTABrokerRestartRunsNoCommandTwice(t *testing.T) {
	eachMQTTBroker(t, mqtttest.StartOwn, 5*time.Second, func(t *testing.T, e *mqttEnv) {
		r := e.now(1)
		if _, err := e.open(r); err != nil {
			t.Fatal(err)
		}
		e.broker.Stop()
		e.broker.StartAgain()
		// Both sides reconnect by themselves; the next open goes through.
		deadline := time.Now().Add(15 * time.Second)
		for {
			_, err := e.open(r)
			if err == nil {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("no open after the restart: %v", err)
			}
			time.Sleep(200 * time.Millisecond)
		}
		// No pause for a redelivery: MQTT delivers one topic's commands in order, so a redelivered one
		// would have run before the open that just went through, and is in the count by now.
		c := e.station.Counts()
		if c.Opens != 2 {
			t.Fatalf("the cabinet ran %d open commands (%+v), want 2", c.Opens, c)
		}
	})
}

// Over MQTT, a door the cabinet reports open with no command of lockerd's
// (forced, a broken lock) raises the unexpected-opening alarm naming the
// rental; doors opened by lockerd's commands and the keypad raise none.
func TestOverMQTTADoorOpenedWithoutAnOrderRaisesTheAlarm(t *testing.T) {
	eachMQTT(t, func(t *testing.T, e *mqttEnv) {
		r := e.now(1)
		if _, err := e.open(r); err != nil {
			t.Fatal(err)
		}
		e.station.ForceDoor("A02")
		e.eventually("the unexpected-opening alarm", func() bool {
			return e.count(`SELECT count(*) FROM locker_issues WHERE kind = 'unexpected_door_opening' AND resolved_at IS NULL`) == 1
		})
		e.station.ForceDoor("A01")
		e.eventually("the alarm naming the rental", func() bool {
			return e.count(`SELECT count(*) FROM locker_issues WHERE kind = 'unexpected_door_opening' AND order_locker_id = $1`, r.orderLocker) == 1
		})
		if n := e.count(`SELECT count(*) FROM locker_issues WHERE kind = 'unexpected_door_opening'`); n != 2 {
			t.Errorf("%d unexpected-opening alarms, want 2 (lockerd's own open raised none)", n)
		}
	})
}
