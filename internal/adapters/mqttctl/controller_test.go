package mqttctl_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"lockers/internal/adapters/mqttctl"
	"lockers/internal/adapters/mqttctl/mqtttest"
	"lockers/internal/adapters/mqttctl/stationprog"
	"lockers/internal/adapters/mqttctl/wire"
	"lockers/internal/hardware"
)

func openCmd(station, compartment string, within time.Duration) hardware.OpenCommand {
	now := time.Now()
	return hardware.OpenCommand{ID: newID(), StationID: station, Compartment: compartment,
		Reason: hardware.ReasonApp, IssuedAt: now, Deadline: now.Add(within)}
}

// The whole path: Open → broker → station program → accepted → door open →
// (door closes by itself) → door closed, every event at the sink once.
func TestOpenRoundTripThroughStationProgram(t *testing.T) {
	b := mqtttest.Start(t)
	sink := newSink()
	ctl := startController(t, b, sink)
	p := startStations(t, b, []string{"st-1"}, 300*time.Millisecond, nil)
	waitOnline(t, ctl, "st-1", true)

	cmd := openCmd("st-1", "A02", 5*time.Second)
	if err := ctl.Open(context.Background(), cmd); err != nil {
		t.Fatalf("Open: %v", err)
	}
	acc := sink.waitFor(t, "accepted", 5*time.Second, isKind(hardware.EventAccepted, cmd.ID))
	if acc.StationID != "st-1" || acc.ID == "" || acc.At.IsZero() {
		t.Errorf("accepted event = %+v", acc)
	}
	sink.waitFor(t, "door open", 5*time.Second, isDoor("st-1", "A02", hardware.DoorOpen, cmd.ID))
	sink.waitFor(t, "door closed", 5*time.Second, isDoor("st-1", "A02", hardware.DoorClosed, cmd.ID))
	if p.Station("st-1").DoorOpen("A02") {
		t.Error("the station's door is still open after it reported closed")
	}
	if n := sink.count(isKind(hardware.EventAccepted, cmd.ID)); n != 1 {
		t.Errorf("accepted %d times, want 1", n)
	}
	if c := p.Station("st-1").Counts(); c.Opens != 1 {
		t.Errorf("station ran %d open commands, want 1", c.Opens)
	}
}

// A station's status event reaches the sink, and Open refuses a station that
// never said it is online.
func TestOpenUnknownStationIsOffline(t *testing.T) {
	b := mqtttest.Start(t)
	sink := newSink()
	ctl := startController(t, b, sink)
	startStations(t, b, []string{"st-1"}, time.Second, nil)
	sink.waitFor(t, "status online", 5*time.Second, func(ev hardware.Event) bool {
		return ev.Kind == hardware.EventStatus && ev.StationID == "st-1" && ev.Online
	})
	err := ctl.Open(context.Background(), openCmd("st-unknown", "A01", 2*time.Second))
	if !errors.Is(err, hardware.ErrStationOffline) {
		t.Fatalf("Open to an unknown station = %v, want ErrStationOffline", err)
	}
}

// The same message delivered twice reaches the sink once; a temperature
// message repeats its per-compartment events with the same ids.
func TestDuplicateEventsDropped(t *testing.T) {
	b := mqtttest.Start(t)
	sink := newSink()
	startController(t, b, sink)
	pub := rawPublisher(t, b)

	doorMsg := wire.Message{ID: newID(), Type: wire.TypeDoor, At: time.Now(), Compartment: "A01", Door: "open"}
	door := seal(t, "st-1", wire.KindEvt, doorMsg)
	temps := seal(t, "st-1", wire.KindTelemetry, wire.Message{ID: newID(), Type: wire.TypeTemperature, At: time.Now(),
		Temperatures: []wire.Reading{{Compartment: "A01", Celsius: 4.5}, {Compartment: "A02", Celsius: 21}}})
	for range 3 {
		pub(wire.Topic("st-1", wire.KindEvt), door)
		pub(wire.Topic("st-1", wire.KindTelemetry), temps)
	}
	// The same id from another station is another message.
	pub(wire.Topic("st-2", wire.KindEvt), seal(t, "st-2", wire.KindEvt, doorMsg))
	last := newID()
	pub(wire.Topic("st-1", wire.KindTelemetry), seal(t, "st-1", wire.KindTelemetry, wire.Message{ID: last, Type: wire.TypeHeartbeat}))
	sink.waitFor(t, "heartbeat", 5*time.Second, func(ev hardware.Event) bool { return ev.ID == last })

	if n := sink.count(func(ev hardware.Event) bool { return ev.Kind == hardware.EventDoor && ev.StationID == "st-1" }); n != 1 {
		t.Errorf("door event delivered %d times, want 1", n)
	}
	if n := sink.count(func(ev hardware.Event) bool { return ev.Kind == hardware.EventDoor && ev.StationID == "st-2" }); n != 1 {
		t.Errorf("the other station's door event delivered %d times, want 1", n)
	}
	if n := sink.count(func(ev hardware.Event) bool { return ev.Kind == hardware.EventTemperature }); n != 2 {
		t.Errorf("temperature events = %d, want 2 (one per compartment, once)", n)
	}
	for _, ev := range sink.all() {
		if ev.Kind == hardware.EventTemperature && ev.Compartment == "A01" && ev.Celsius != 4.5 {
			t.Errorf("A01 temperature = %v, want 4.5", ev.Celsius)
		}
	}
}

// A command that reaches the station after its deadline (queued by the
// broker while the station was away, then replayed) does not open; a
// repeated command id runs once.
func TestCommandPastDeadlineDoesNotOpen(t *testing.T) {
	b := mqtttest.Start(t)
	sink := newSink()
	ctl := startController(t, b, sink)
	p := startStations(t, b, []string{"st-1"}, time.Minute, nil)
	st := p.Station("st-1")
	waitOnline(t, ctl, "st-1", true)
	pub := rawPublisher(t, b)

	// A repeated command id runs once.
	dup := seal(t, "st-1", wire.KindCmd, wire.Command{ID: newID(), Type: wire.CmdOpen, At: time.Now(), Deadline: time.Now().Add(5 * time.Second), Compartment: "A01"})
	pub(wire.Topic("st-1", wire.KindCmd), dup)
	pub(wire.Topic("st-1", wire.KindCmd), dup)
	waitCounts(t, st, func(c stationprog.Counts) bool { return c.Opens == 1 && c.Repeated == 1 })

	// Replay after an outage: the station is away, the command waits at the broker.
	st.Unplug()
	waitOnline(t, ctl, "st-1", false)
	if err := ctl.Open(context.Background(), openCmd("st-1", "A03", time.Second)); !errors.Is(err, hardware.ErrStationOffline) {
		t.Fatalf("Open while the station is offline = %v, want ErrStationOffline", err)
	}
	late := newID()
	pub(wire.Topic("st-1", wire.KindCmd), seal(t, "st-1", wire.KindCmd, wire.Command{ID: late, Type: wire.CmdOpen, At: time.Now(),
		Deadline: time.Now().Add(200 * time.Millisecond), Compartment: "A03"}))
	time.Sleep(400 * time.Millisecond)
	st.Plug()
	waitCounts(t, st, func(c stationprog.Counts) bool { return c.Late == 1 })
	if st.DoorOpen("A03") {
		t.Error("a command past its deadline opened the door")
	}
	if n := sink.count(func(ev hardware.Event) bool { return ev.CommandID == late }); n != 0 {
		t.Errorf("%d events answer the late command, want none", n)
	}
}

func waitCounts(t *testing.T, st *stationprog.Station, ok func(stationprog.Counts) bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !ok(st.Counts()) {
		if time.Now().After(deadline) {
			t.Fatalf("station counts = %+v", st.Counts())
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// The broker stops and starts on the same port: the controller and the
// station reconnect by themselves, the command of before the restart has run
// once, and a new command's events flow again.
func TestBrokerRestart(t *testing.T) {
	b := mqtttest.StartOwn(t)
	sink := newSink()
	ctl := startController(t, b, sink)
	p := startStations(t, b, []string{"st-1"}, 200*time.Millisecond, nil)
	st := p.Station("st-1")
	waitOnline(t, ctl, "st-1", true)

	before := openCmd("st-1", "A01", 5*time.Second)
	if err := ctl.Open(context.Background(), before); err != nil {
		t.Fatal(err)
	}
	sink.waitFor(t, "door closed before restart", 5*time.Second, isDoor("st-1", "A01", hardware.DoorClosed, before.ID))
	onlineBefore := sink.count(func(ev hardware.Event) bool { return ev.Kind == hardware.EventStatus && ev.Online })

	b.Stop()
	b.StartAgain()
	// The station republishes online on its new connection (the broker kept no
	// retained status): the controller hears it once resubscribed.
	sink.waitFor(t, "online after restart", 15*time.Second, func(ev hardware.Event) bool {
		return ev.Kind == hardware.EventStatus && ev.Online && sink.count(func(e hardware.Event) bool {
			return e.Kind == hardware.EventStatus && e.Online
		}) > onlineBefore
	})
	if err := st.WaitConnected(ctxTimeout(t, 10*time.Second)); err != nil {
		t.Fatal(err)
	}

	after := openCmd("st-1", "A02", 5*time.Second)
	deadline := time.Now().Add(10 * time.Second)
	for {
		err := ctl.Open(context.Background(), after)
		if err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("Open after the restart: %v", err)
		}
		time.Sleep(100 * time.Millisecond)
	}
	sink.waitFor(t, "door open after restart", 10*time.Second, isDoor("st-1", "A02", hardware.DoorOpen, after.ID))
	sink.waitFor(t, "door closed after restart", 10*time.Second, isDoor("st-1", "A02", hardware.DoorClosed, after.ID))
	// No pause for a wrongful redelivery: MQTT delivers one topic's messages in order, so the broker hands
	// the station a redelivered command before the later one, and the station's answers reach the sink in
	// that order too. The later command's door events are the signal that a redelivery has shown by now.
	if n := sink.count(isKind(hardware.EventAccepted, before.ID)); n != 1 {
		t.Errorf("the command of before the restart was accepted %d times, want 1", n)
	}
	if n := sink.count(isKind(hardware.EventAccepted, after.ID)); n != 1 {
		t.Errorf("the command of after the restart was accepted %d times, want 1", n)
	}
	if c := st.Counts(); c.Opens != 2 {
		t.Errorf("station ran %d open commands, want 2 (%+v)", c.Opens, c)
	}
}

func ctxTimeout(t *testing.T, d time.Duration) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	t.Cleanup(cancel)
	return ctx
}

// A station's connection dies without a goodbye: the broker publishes its
// Last Will and the sink hears Online=false; Open then says offline. Back
// again, it is online.
func TestStationOfflineByLastWill(t *testing.T) {
	b := mqtttest.Start(t)
	sink := newSink()
	ctl := startController(t, b, sink)
	p := startStations(t, b, []string{"st-1", "st-2"}, time.Second, nil)
	waitOnline(t, ctl, "st-1", true)
	waitOnline(t, ctl, "st-2", true)

	p.Station("st-1").Unplug()
	ev := sink.waitFor(t, "offline status", 10*time.Second, func(ev hardware.Event) bool {
		return ev.Kind == hardware.EventStatus && ev.StationID == "st-1" && !ev.Online
	})
	if ev.At.IsZero() {
		t.Error("the Last Will's event has no time")
	}
	if err := ctl.Open(context.Background(), openCmd("st-1", "A01", time.Second)); !errors.Is(err, hardware.ErrStationOffline) {
		t.Errorf("Open to the offline station = %v, want ErrStationOffline", err)
	}
	if !ctl.Online("st-2") {
		t.Error("the other station went offline too")
	}
	p.Station("st-1").Plug()
	waitOnline(t, ctl, "st-1", true)
}

// Offline, the station checks an offline PIN by itself: inside its window it
// opens the door (and reports offline_pin and the door once back), outside it
// is refused. Online, a typed code goes to the server as a code event.
func TestOfflinePINCheckedByStation(t *testing.T) {
	b := mqtttest.Start(t)
	sink := newSink()
	ctl := startController(t, b, sink)
	secret := []byte("station-secret-1")
	p := startStations(t, b, []string{"st-1"}, 300*time.Millisecond, secret)
	st := p.Station("st-1")
	waitOnline(t, ctl, "st-1", true)

	now := time.Now().Truncate(time.Second)
	current := mqttctl.Window{Compartment: "A02", From: now.Add(-time.Hour), To: now.Add(time.Hour)}
	past := mqttctl.Window{Compartment: "A03", From: now.Add(-3 * time.Hour), To: now.Add(-2 * time.Hour)}
	// The server tells the station its rental windows with a windows command.
	if err := ctl.SendWindows(context.Background(), "st-1", []mqttctl.Window{current, past}); err != nil {
		t.Fatal(err)
	}
	goodPIN := hardware.OfflinePIN(secret, "A02", current.From, current.To)
	pastPIN := hardware.OfflinePIN(secret, "A03", past.From, past.To)
	deadline := time.Now().Add(5 * time.Second)
	for {
		if _, ok := st.CheckOfflinePIN(goodPIN, time.Now()); ok {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the windows command did not reach the station")
		}
		time.Sleep(20 * time.Millisecond)
	}

	// Online: the code goes to the server.
	if res, _ := st.Keypad("123456"); res != stationprog.KeypadSent {
		t.Fatalf("online keypad = %v, want KeypadSent", res)
	}
	sink.waitFor(t, "code", 5*time.Second, func(ev hardware.Event) bool { return ev.Kind == hardware.EventCode && ev.Code == "123456" })

	st.Unplug()
	waitOnline(t, ctl, "st-1", false)
	if res, _ := st.Keypad(pastPIN); res != stationprog.KeypadRefused {
		t.Errorf("a PIN of a window that has ended = %v, want KeypadRefused", res)
	}
	if _, ok := st.CheckOfflinePIN(goodPIN, current.To.Add(time.Second)); ok {
		t.Error("the PIN opened after its window ended")
	}
	if _, ok := st.CheckOfflinePIN(goodPIN, current.From.Add(-time.Second)); ok {
		t.Error("the PIN opened before its window started")
	}
	res, compartment := st.Keypad(goodPIN)
	if res != stationprog.KeypadOpened || compartment != "A02" || !st.DoorOpen("A02") {
		t.Fatalf("offline PIN inside its window = %v %q (door open %v), want A02 opened", res, compartment, st.DoorOpen("A02"))
	}

	st.Plug()
	ev := sink.waitFor(t, "offline_pin", 10*time.Second, func(ev hardware.Event) bool { return ev.Kind == hardware.EventOfflinePIN })
	if ev.Compartment != "A02" || ev.StationID != "st-1" {
		t.Errorf("offline_pin event = %+v", ev)
	}
	sink.waitFor(t, "door open by PIN", 10*time.Second, isDoor("st-1", "A02", hardware.DoorOpen, ""))
}

// Wrong offline PINs lock the station's keypad.
func TestOfflinePINGuessingLocksKeypad(t *testing.T) {
	b := mqtttest.Start(t)
	secret := []byte("s")
	p := startStations(t, b, []string{"st-1"}, time.Second, secret)
	st := p.Station("st-1")
	now := time.Now()
	w := wire.Window{Compartment: "A01", From: now.Add(-time.Hour), To: now.Add(time.Hour)}
	st.SetWindows([]wire.Window{w})
	good := hardware.OfflinePIN(secret, "A01", w.From, w.To)
	wrong := "000000"
	if wrong == good {
		wrong = "000001"
	}
	for range 5 {
		if _, ok := st.CheckOfflinePIN(wrong, now); ok {
			t.Fatal("a wrong PIN opened")
		}
	}
	if _, ok := st.CheckOfflinePIN(good, now); ok {
		t.Error("the keypad is not locked after 5 wrong PINs")
	}
	if _, ok := st.CheckOfflinePIN(good, now.Add(61*time.Second)); !ok {
		t.Error("the keypad stays locked after a minute")
	}
}

// Malformed messages (not JSON, unknown types, missing fields, a command on
// an event topic) are dropped without stopping what follows, on both sides.
func TestMalformedMessagesIgnored(t *testing.T) {
	b := mqtttest.Start(t)
	sink := newSink()
	ctl := startController(t, b, sink)
	p := startStations(t, b, []string{"st-1"}, 200*time.Millisecond, nil)
	waitOnline(t, ctl, "st-1", true)
	pub := rawPublisher(t, b)
	before := len(sink.all())

	bad := map[string][][]byte{
		wire.Topic("st-1", wire.KindEvt): {
			[]byte("not json"), []byte(`{"id":`), []byte(`[]`), []byte(`{"type":"door"}`),
			[]byte(`{"id":"x1","type":"door","compartment":"A01","door":"ajar"}`),
			[]byte(`{"id":"x2","type":"heartbeat"}`), []byte(`{"id":"x3","type":"accepted"}`),
			[]byte(`{"id":"x4","type":"code"}`), []byte(`{"id":"` + string(make([]byte, 100)) + `","type":"alarm","alarm":"x"}`),
		},
		wire.Topic("st-1", wire.KindTelemetry): {
			[]byte(`{"id":"x5","type":"temperature","temperatures":[]}`),
			[]byte(`{"id":"x6","type":"temperature","temperatures":[{"compartment":"A01","celsius":1e308}]}`),
			[]byte(`{"id":"x7","type":"door","compartment":"A01","door":"open"}`),
		},
		wire.Topic("st-1", wire.KindStatus): {[]byte(`{"id":"x8","type":"status","state":"sleepy"}`), {}},
		"lockers/st-1/other":                {[]byte(`{"id":"x9","type":"heartbeat"}`)},
		wire.Topic("st-1", wire.KindCmd):    {[]byte("garbage"), []byte(`{"id":"c1","type":"open"}`), []byte(`{"id":"c2","type":"explode","deadline":"2099-01-01T00:00:00Z"}`)},
	}
	for topic, payloads := range bad {
		for _, payload := range payloads {
			pub(topic, payload)
		}
	}
	// What follows still works on both sides.
	cmd := openCmd("st-1", "A01", 5*time.Second)
	if err := ctl.Open(context.Background(), cmd); err != nil {
		t.Fatal(err)
	}
	sink.waitFor(t, "door open after garbage", 5*time.Second, isDoor("st-1", "A01", hardware.DoorOpen, cmd.ID))
	for _, ev := range sink.all()[before:] {
		if ev.CommandID != cmd.ID && ev.Kind != hardware.EventStatus && ev.Kind != hardware.EventHeartbeat {
			t.Errorf("a malformed message reached the sink as %+v", ev)
		}
	}
	if c := p.Station("st-1").Counts(); c.Opens != 1 {
		t.Errorf("station ran %d open commands, want 1", c.Opens)
	}
}

// A sink error is retried; the event is delivered once it is taken.
func TestSinkErrorRetried(t *testing.T) {
	b := mqtttest.Start(t)
	sink := &flakySink{recordingSink: newSink(), failures: 2}
	startController(t, b, sink)
	pub := rawPublisher(t, b)
	id := newID()
	pub(wire.Topic("st-1", wire.KindEvt), seal(t, "st-1", wire.KindEvt, wire.Message{ID: id, Type: wire.TypeAlarm, Alarm: "door_left_open", Compartment: "A01"}))
	ev := sink.waitFor(t, "alarm", 5*time.Second, func(ev hardware.Event) bool { return ev.ID == id })
	if ev.Alarm != hardware.AlarmDoorLeftOpen {
		t.Errorf("alarm = %q", ev.Alarm)
	}
}

type flakySink struct {
	*recordingSink
	mu       sync.Mutex
	failures int
}

func (s *flakySink) Handle(ctx context.Context, ev hardware.Event) error {
	s.mu.Lock()
	if s.failures > 0 {
		s.failures--
		s.mu.Unlock()
		return errors.New("database busy")
	}
	s.mu.Unlock()
	return s.recordingSink.Handle(ctx, ev)
}

// An alarm and a temperature from the station program reach the sink as events.
func TestStationAlarmAndTemperatureReachSink(t *testing.T) {
	b := mqtttest.Start(t)
	sink := newSink()
	ctl := startController(t, b, sink)
	p, err := stationprog.Start(context.Background(), stationprog.Config{
		URL: b.URL, StationIDs: []string{"st-t"}, Compartments: []string{"C01", "C02"},
		HeartbeatEvery: 50 * time.Millisecond, TemperatureEvery: 100 * time.Millisecond,
		MaxBackoff: 200 * time.Millisecond, Logger: quietLogger(), ClientIDPrefix: "station-t-", Credentials: testCredentials,
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(p.Stop)
	waitOnline(t, ctl, "st-t", true)
	st := p.Station("st-t")
	st.SetTemperature("C02", 31)
	st.RaiseAlarm(string(hardware.AlarmTemperature), "C02", "31 °C")
	ev := sink.waitFor(t, "alarm", 5*time.Second, func(ev hardware.Event) bool { return ev.Kind == hardware.EventAlarm })
	if ev.Alarm != hardware.AlarmTemperature || ev.Compartment != "C02" || ev.StationID != "st-t" {
		t.Errorf("alarm event = %+v", ev)
	}
	sink.waitFor(t, "heartbeat", 5*time.Second, func(ev hardware.Event) bool { return ev.Kind == hardware.EventHeartbeat && ev.StationID == "st-t" })
	// Readings drift back towards 20 °C by a tenth of the gap each time, so the
	// first ones after the change are well above 25.
	sink.waitFor(t, "C02 warmer than 25 °C", 5*time.Second, func(ev hardware.Event) bool {
		return ev.Kind == hardware.EventTemperature && ev.Compartment == "C02" && ev.Celsius > 25
	})
}

// A station that has sent nothing for StaleAfter counts as offline even though
// its last status said online (its Last Will may have been lost with a broker
// restart); its next heartbeat makes it online again.
func TestSilentStationCountsOffline(t *testing.T) {
	b := mqtttest.Start(t)
	sink := newSink()
	ctl := startControllerWith(t, b, sink, func(o *mqttctl.Options) { o.StaleAfter = 300 * time.Millisecond })
	startStations(t, b, []string{"st-1"}, time.Second, nil) // heartbeats every hour
	waitOnline(t, ctl, "st-1", true)
	time.Sleep(400 * time.Millisecond)
	if err := ctl.Open(context.Background(), openCmd("st-1", "A01", time.Second)); !errors.Is(err, hardware.ErrStationOffline) {
		t.Fatalf("Open to a silent station = %v, want ErrStationOffline", err)
	}
	pub := rawPublisher(t, b)
	pub(wire.Topic("st-1", wire.KindTelemetry), seal(t, "st-1", wire.KindTelemetry, wire.Message{ID: newID(), Type: wire.TypeHeartbeat}))
	waitOnline(t, ctl, "st-1", true)
}

// Two lockerd instances in one share group split the events (each message
// reaches one of them) while both hear every station's status.
func TestInstancesShareEvents(t *testing.T) {
	b := mqtttest.Start(t)
	sinkA, sinkB := newSink(), newSink()
	ctlA := startController(t, b, sinkA)
	ctlB := startController(t, b, sinkB)
	startStations(t, b, []string{"st-1"}, time.Second, nil)
	waitOnline(t, ctlA, "st-1", true)
	waitOnline(t, ctlB, "st-1", true)

	pub := rawPublisher(t, b)
	const n = 40
	for range n {
		pub(wire.Topic("st-1", wire.KindTelemetry), seal(t, "st-1", wire.KindTelemetry, wire.Message{ID: newID(), Type: wire.TypeHeartbeat}))
	}
	heartbeat := func(ev hardware.Event) bool { return ev.Kind == hardware.EventHeartbeat }
	deadline := time.Now().Add(5 * time.Second)
	for sinkA.count(heartbeat)+sinkB.count(heartbeat) < n && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	time.Sleep(200 * time.Millisecond)
	a, bb := sinkA.count(heartbeat), sinkB.count(heartbeat)
	if a+bb != n {
		t.Errorf("heartbeats delivered %d + %d times, want %d in all (each to one instance)", a, bb, n)
	}
	if a == 0 || bb == 0 {
		t.Logf("one instance took every heartbeat (%d, %d): the broker may favour one member", a, bb)
	}
}
