package mqttctl_test

import (
	"context"
	"errors"
	"lockers/internal/clock/clocktest"
	"sync"
	"testing"
	"time"

	"github.com/eclipse/paho.golang/paho"

	"lockers/internal/adapters/mqttctl"
	"lockers/internal/adapters/mqttctl/mqtttest"
	"lockers/internal/adapters/mqttctl/stationprog"
	"lockers/internal/adapters/mqttctl/wire"
	"lockers/internal/hardware"
)

// The shipped broker (deploy/mosquitto) takes no anonymous client and no
// wrong password, and confines a station's login to its own topics: it can
// neither speak for another station nor send or hear any command but its own.
func TestShippedBrokerConfinesEachStation(t *testing.T) {
	t.Parallel()
	b := shippedBroker(t, "st-x", "st-y")
	if _, err := dialAs(t, b, "", ""); err == nil {
		t.Fatal("an anonymous client connected to the shipped broker")
	}
	if _, err := dialAs(t, b, "st-x", "not its password"); err == nil {
		t.Fatal("a wrong password connected")
	}
	sink := newSink()
	ctl := lockerdOn(t, b, sink, nil)
	p := startStationsWith(t, b, []string{"st-x", "st-y"})
	waitOnline(t, ctl, "st-x", true)
	waitOnline(t, ctl, "st-y", true)

	// st-x's login is one client at a time (the broker takes the user name
	// for the client id): the program's station steps aside for the tries,
	// each on a connection of its own (the broker may close one after a refusal).
	p.Station("st-x").Unplug()
	asX := func() *paho.Client {
		t.Helper()
		c, err := dialAs(t, b, "st-x", hardware.BrokerPassword(testSecret, "st-x", 1))
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	// Even a message signed with st-y's own key (a stolen key) does not get
	// through st-x's login; nor do commands, to anyone.
	forgedDoor := seal(t, "st-y", wire.KindEvt, wire.Message{ID: newID(), Type: wire.TypeDoor, Compartment: "A01", Door: "open"})
	forgedCmd := seal(t, "st-y", wire.KindCmd, wire.Command{ID: newID(), Type: wire.CmdOpen, Compartment: "A02", Deadline: time.Now().Add(10 * time.Second)})
	for topic, payload := range map[string][]byte{
		wire.Topic("st-y", wire.KindEvt):    forgedDoor,
		wire.Topic("st-y", wire.KindStatus): forgedDoor,
		wire.Topic("st-y", wire.KindCmd):    forgedCmd,
		wire.Topic("st-x", wire.KindCmd):    forgedCmd,
	} {
		if err := publish(asX(), topic, payload); err == nil {
			t.Errorf("the broker took st-x's publish to %s", topic)
		}
	}
	// Its own topics work: a heartbeat, published after the refused ones,
	// reaches lockerd, and lockerd's command reaches st-y, which ran it and
	// refused nothing (no forged command reached it).
	hb := newID()
	if err := publish(asX(), wire.Topic("st-x", wire.KindTelemetry), seal(t, "st-x", wire.KindTelemetry, wire.Message{ID: hb, Type: wire.TypeHeartbeat})); err != nil {
		t.Fatal(err)
	}
	sink.waitFor(t, "st-x's own heartbeat", 5*time.Second, func(ev hardware.Event) bool { return ev.ID == hb })

	// The broker lets st-x subscribe to others' topics, but delivers it
	// nothing from them: st-y's command and events pass it by, while its own
	// command (sent after them) arrives.
	var mu sync.Mutex
	var heard []string
	x, err := dialWith(t, b, "st-x", hardware.BrokerPassword(testSecret, "st-x", 1), func(p *paho.Publish) {
		mu.Lock()
		heard = append(heard, p.Topic)
		mu.Unlock()
	})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	for _, filter := range []string{wire.AllStations(wire.KindCmd), wire.Topic("st-y", wire.KindEvt), wire.AllStations(wire.KindStatus)} {
		if _, err := x.Subscribe(ctx, &paho.Subscribe{Subscriptions: []paho.SubscribeOptions{{Topic: filter, QoS: 1}}}); err != nil {
			t.Logf("subscribing to %s refused: %v", filter, err)
		}
	}
	cmd := openCmd("st-y", "A03", 5*time.Second)
	if err := ctl.Open(context.Background(), cmd); err != nil {
		t.Fatal(err)
	}
	sink.waitFor(t, "st-y's door", 5*time.Second, isDoor("st-y", "A03", hardware.DoorOpen, cmd.ID))
	if err := ctl.SendWindows(context.Background(), "st-x", nil); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(5 * time.Second)
	for {
		mu.Lock()
		got := append([]string(nil), heard...)
		mu.Unlock()
		if len(got) > 0 && got[len(got)-1] == wire.Topic("st-x", wire.KindCmd) {
			if len(got) != 1 {
				t.Errorf("st-x heard %v, want its own command only", got)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("st-x heard %v, not its own command", got)
		}
		time.Sleep(10 * time.Millisecond)
	}
	if n := sink.count(func(ev hardware.Event) bool { return ev.StationID == "st-y" && ev.Compartment == "A01" }); n != 0 {
		t.Errorf("%d forged st-y events reached lockerd", n)
	}
	if c := p.Station("st-y").Counts(); c.Opens != 1 || c.Refused != 0 || p.Station("st-y").DoorOpen("A02") {
		t.Errorf("st-y counts %+v: a command from st-x's login reached it", c)
	}
}

// Commands that lockerd did not sign for this station, now, once, are
// refused by the station program and reported; no door opens. The attacker
// here runs the broker (anyone may publish anything).
func TestStationRefusesUntrustedCommands(t *testing.T) {
	t.Parallel()
	b := mqtttest.Start(t)
	sink := newSink()
	ctl := startController(t, b, sink)
	p := startStations(t, b, []string{"st-x"}, time.Minute, nil)
	st := p.Station("st-x")
	waitOnline(t, ctl, "st-x", true)
	attacker, err := dialAs(t, b, "", "")
	if err != nil {
		t.Fatal(err)
	}
	topic := wire.Topic("st-x", wire.KindCmd)
	now := time.Now()
	open := func(compartment string) wire.Command {
		return wire.Command{ID: newID(), Type: wire.CmdOpen, Station: "st-x", At: now, Deadline: now.Add(10 * time.Second), Compartment: compartment}
	}
	unsigned := mustJSON(t, open("A01"))
	wrongKey, err := wire.SealJSON(hardware.StationMACKey([]byte("another secret entirely, 32 chars"), "st-x", 1), 1, topic, open("A01"))
	if err != nil {
		t.Fatal(err)
	}
	other := open("A02")
	other.Station = "st-y"
	tooLong := open("A03")
	tooLong.Deadline = now.Add(wire.MaxCommandLife + time.Minute)
	past := open("A03")
	past.At, past.Deadline = now.Add(-time.Minute), now.Add(-30*time.Second)
	good := seal(t, "st-x", wire.KindCmd, open("A04"))
	for _, payload := range [][]byte{unsigned, wrongKey, seal(t, "st-x", wire.KindCmd, other),
		seal(t, "st-x", wire.KindCmd, tooLong), seal(t, "st-x", wire.KindCmd, past), good, good} {
		if err := publish(attacker, topic, payload); err != nil {
			t.Fatal(err)
		}
	}
	// The good one ran once; its replay and the five others were refused and reported.
	want := map[string]int64{wire.RefusedUnsigned: 1, wire.RefusedBadMAC: 1, wire.RefusedOtherStation: 1,
		wire.RefusedExpired: 2, wire.RefusedReplayed: 1}
	deadline := time.Now().Add(10 * time.Second)
	for {
		got := ctl.Stats().Refused
		ok := true
		for k, n := range want {
			ok = ok && got[k] == n
		}
		if ok {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("refusals reported to lockerd = %v, want %v", got, want)
		}
		time.Sleep(20 * time.Millisecond)
	}
	if c := st.Counts(); c.Opens != 1 || c.Refused != 6 {
		t.Errorf("station counts = %+v, want 1 open and 6 refused", c)
	}
	for _, door := range []string{"A01", "A02", "A03"} {
		if st.DoorOpen(door) {
			t.Errorf("door %s opened for an untrusted command", door)
		}
	}
	if !st.DoorOpen("A04") {
		t.Error("the signed command did not open its door")
	}
}

// Whoever controls the broker still cannot speak for a station: lockerd
// drops what is unsigned, signed with another key, names another station,
// or comes at an implausible time, and counts each drop by reason. A forged
// retained status makes no station online.
func TestForgedEventsAreDropped(t *testing.T) {
	t.Parallel()
	b := mqtttest.Start(t)
	sink := newSink()
	ctl := startController(t, b, sink)
	pub := rawPublisher(t, b)
	now := time.Now()
	msg := func(typ string, at time.Time) wire.Message {
		return wire.Message{ID: newID(), Type: typ, At: at, Compartment: "A01", Door: "open", Code: "123456", State: wire.StateOnline}
	}
	evt, status := wire.Topic("st-1", wire.KindEvt), wire.Topic("st-1", wire.KindStatus)
	wrongKey, _ := wire.SealJSON(hardware.StationMACKey([]byte("another secret entirely, 32 chars"), "st-1", 1), 1, evt,
		func() wire.Message { m := msg(wire.TypeDoor, now); m.Station = "st-1"; return m }())
	otherStation := msg(wire.TypeDoor, now)
	otherStation.Station = "st-2"
	moved := seal(t, "st-2", wire.KindEvt, msg(wire.TypeDoor, now)) // st-2's genuine message, moved to st-1's topic
	pub(evt, mustJSON(t, msg(wire.TypeDoor, now)))
	pub(evt, wrongKey)
	pub(evt, seal(t, "st-1", wire.KindEvt, otherStation))
	pub(evt, moved)
	pub(evt, seal(t, "st-1", wire.KindEvt, msg(wire.TypeDoor, time.Date(1, 1, 1, 0, 0, 1, 0, time.UTC))))
	pub(evt, seal(t, "st-1", wire.KindEvt, msg(wire.TypeCode, now.Add(-10*time.Minute))))
	pub(evt, seal(t, "st-1", wire.KindEvt, msg(wire.TypeDoor, now.Add(time.Hour))))
	pub(status, mustJSON(t, msg(wire.TypeStatus, now)))
	pub(status, seal(t, "st-1", wire.KindStatus, msg(wire.TypeStatus, now.Add(-time.Hour))))
	// A genuine heartbeat, then one older than it.
	hb := newID()
	pub(wire.Topic("st-1", wire.KindTelemetry), seal(t, "st-1", wire.KindTelemetry, wire.Message{ID: hb, Type: wire.TypeHeartbeat, At: now}))
	pub(wire.Topic("st-1", wire.KindTelemetry), seal(t, "st-1", wire.KindTelemetry, wire.Message{ID: newID(), Type: wire.TypeHeartbeat, At: now.Add(-time.Minute)}))
	last := newID()
	pub(wire.Topic("st-1", wire.KindTelemetry), seal(t, "st-1", wire.KindTelemetry, wire.Message{ID: last, Type: wire.TypeHeartbeat, At: now.Add(time.Millisecond)}))
	sink.waitFor(t, "the last genuine heartbeat", 5*time.Second, func(ev hardware.Event) bool { return ev.ID == last })

	for _, ev := range sink.all() {
		if ev.ID != hb && ev.ID != last {
			t.Errorf("a forged message reached the service: %+v", ev)
		}
	}
	want := map[string]int64{"unsigned": 2, "bad_mac": 2, "wrong_station": 1, "stale": 3, "future": 1, "out_of_order": 1}
	got := ctl.Stats().Dropped
	for k, n := range want {
		if got[k] != n {
			t.Errorf("dropped %s = %d, want %d (all: %v)", k, got[k], n, got)
		}
	}
}

// A rotation keeps the station working: lockerd takes the old key and the
// new one during the grace, signs its commands with the one the station
// uses, and after the grace the old key is worthless. A revoked station is
// cut off at lockerd at once and at the broker by its reload.
func TestRotationKeepsAStationOnlineAndRevocationCutsItOff(t *testing.T) {
	t.Parallel()
	b := shippedBroker(t, "st-x", "st-y")
	sink := newSink()
	clock := clocktest.NewClock(time.Now())
	keyring := &hardware.Keyring{Store: &memCredentials{}, Secret: testSecret, Now: clock.Now}
	ctl := lockerdOn(t, b, sink, keyring)
	p := startStationsWith(t, b, []string{"st-x", "st-y"})
	waitOnline(t, ctl, "st-x", true)
	x := p.Station("st-x")

	issued, err := keyring.Rotate(context.Background(), "st-x")
	if err != nil || issued.Generation != 2 {
		t.Fatalf("Rotate = %+v, %v", issued, err)
	}
	ctl.Forget("st-x")
	// The cabinet has not taken its new key yet: it still works.
	openAndWait(t, ctl, sink, "st-x", "A01")
	x.SetCredentials(stationprog.Credentials{Gen: 2, Key: hardware.StationMACKey(testSecret, "st-x", 2),
		BrokerPassword: hardware.BrokerPassword(testSecret, "st-x", 1)})
	hb := newID()
	x.RaiseAlarm("drill", "", hb) // signed with generation 2
	sink.waitFor(t, "an event signed with the new key", 5*time.Second, func(ev hardware.Event) bool { return ev.Detail == hb })
	openAndWait(t, ctl, sink, "st-x", "A02") // lockerd now signs with generation 2, which the station checks
	if !ctl.Online("st-x") {
		t.Fatal("the station went offline during the rotation")
	}
	// After the grace the old key is worthless.
	clock.Add(hardware.RotationGrace + time.Minute)
	ctl.Forget("st-x")
	before := ctl.Stats().Dropped["bad_mac"]
	x.SetCredentials(stationprog.Credentials{Gen: 1, Key: testKey("st-x"), BrokerPassword: hardware.BrokerPassword(testSecret, "st-x", 1)})
	x.RaiseAlarm("drill", "", "signed with the old key")
	waitDropped(t, ctl, "bad_mac", before+1)

	// Revocation: lockerd refuses at once, the broker after its reload.
	if err := keyring.Revoke(context.Background(), "st-x"); err != nil {
		t.Fatal(err)
	}
	ctl.Forget("st-x")
	if err := ctl.Open(context.Background(), openCmd("st-x", "A03", 2*time.Second)); !errors.Is(err, hardware.ErrStationOffline) {
		t.Fatalf("Open to a revoked station = %v, want ErrStationOffline", err)
	}
	before = ctl.Stats().Dropped["revoked"]
	x.RaiseAlarm("drill", "", "after revocation")
	waitDropped(t, ctl, "revoked", before+1)
	writeLogins(t, b.PasswordFile(), "st-y")
	b.Reload()
	deadline := time.Now().Add(10 * time.Second)
	for x.Connected() {
		if time.Now().After(deadline) {
			t.Fatal("the broker kept the revoked station's connection")
		}
		time.Sleep(20 * time.Millisecond)
	}
	if _, err := dialAs(t, b, "st-x", hardware.BrokerPassword(testSecret, "st-x", 1)); err == nil {
		t.Fatal("the revoked login still connects")
	}
	// The others are untouched.
	openAndWait(t, ctl, sink, "st-y", "A01")
}

func openAndWait(t *testing.T, ctl interface {
	Open(context.Context, hardware.OpenCommand) error
}, sink *recordingSink, station, compartment string) {
	t.Helper()
	cmd := openCmd(station, compartment, 5*time.Second)
	if err := ctl.Open(context.Background(), cmd); err != nil {
		t.Fatalf("Open %s %s: %v", station, compartment, err)
	}
	sink.waitFor(t, "door "+compartment, 5*time.Second, isDoor(station, compartment, hardware.DoorOpen, cmd.ID))
}

func waitDropped(t *testing.T, ctl *mqttctl.Controller, reason string, want int64) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for ctl.Stats().Dropped[reason] < want {
		if time.Now().After(deadline) {
			t.Fatalf("dropped %s = %d, want %d", reason, ctl.Stats().Dropped[reason], want)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
