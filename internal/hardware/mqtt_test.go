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

func eachMQTT(t *testing.T, fn func(t *testing.T, e *mqttEnv)) {
	eachMQTTBroker(t, mqtttest.Start, fn)
}

// eachMQTTBroker is eachMQTT with the broker start chosen by the test
// (mqtttest.StartOwn for a test that restarts the broker).
func eachMQTTBroker(t *testing.T, start func(testing.TB) *mqtttest.Broker, fn func(t *testing.T, e *mqttEnv)) {
	t.Parallel() // each test has a broker of its own
	broker := start(t)
	storetest.Each(t, func(t *testing.T, db *store.DB) { fn(t, newMQTTEnv(t, db, broker)) })
}

func newMQTTEnv(t *testing.T, db *store.DB, broker *mqtttest.Broker) *mqttEnv {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	if err := demo.Seed(ctx, db); err != nil {
		t.Fatal(err)
	}
	ctrl, err := mqttctl.New(mqttctl.Options{URL: broker.URL, ClientID: "lockerd-" + t.Name(), ShareGroup: "-"})
	if err != nil {
		t.Fatal(err)
	}
	hw := hardware.NewService(hardware.Deps{Store: hardwaresql.New(db), Controller: ctrl, OpenTimeout: time.Second,
		StationKey: func(id string) []byte { return hardware.StationKey([]byte("test station secret"), id) }})
	done := make(chan struct{})
	go func() { defer close(done); _ = hw.Run(ctx) }()
	prog, err := stationprog.Start(ctx, stationprog.Config{URL: broker.URL, StationIDs: []string{viru},
		DoorOpenFor: 100 * time.Millisecond, HeartbeatEvery: time.Second, TemperatureEvery: time.Minute,
		ClientIDPrefix: "station-" + t.Name() + "-"})
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
	eachMQTT(t, func(t *testing.T, e *mqttEnv) {
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
	eachMQTTBroker(t, mqtttest.StartOwn, func(t *testing.T, e *mqttEnv) {
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
		time.Sleep(300 * time.Millisecond) // anything redelivered would have run by now
		c := e.station.Counts()
		if c.Opens != 2 {
			t.Fatalf("the cabinet ran %d open commands (%+v), want 2", c.Opens, c)
		}
	})
}
