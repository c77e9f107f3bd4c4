package mqttctl_test

import (
	"context"
	"testing"
	"time"

	"lockers/internal/adapters/mqttctl/mqtttest"
	"lockers/internal/adapters/mqttctl/stationprog"
	"lockers/internal/hardware"
	"lockers/internal/station"
)

// The station program plays a station as lockerd configures it: each cooled
// or warmed compartment reads inside its own class's band, whatever its
// place, and a neutral one (no sensor) reports nothing.
func TestStationProgramReadsInsideEachCompartmentsBand(t *testing.T) {
	t.Parallel()
	b := mqtttest.Start(t)
	sink := newSink()
	ctl := startController(t, b, sink)
	layout := []stationprog.Compartment{{Label: "B01", Temperature: "warm"}, {Label: "B02", Temperature: "cool"},
		{Label: "B03", Temperature: "neutral"}, {Label: "B04", Temperature: "cool"}, {Label: "B05", Temperature: "warm"}}
	p, err := stationprog.Start(context.Background(), stationprog.Config{
		URL: b.URL, StationIDs: []string{"st-l"}, Layout: map[string][]stationprog.Compartment{"st-l": layout},
		HeartbeatEvery: time.Hour, TemperatureEvery: 10 * time.Millisecond,
		MaxBackoff: 200 * time.Millisecond, Logger: quietLogger(), Credentials: testCredentials,
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(p.Stop)
	waitOnline(t, ctl, "st-l", true)
	reading := func(ev hardware.Event) bool { return ev.Kind == hardware.EventTemperature && ev.StationID == "st-l" }
	deadline := time.Now().Add(10 * time.Second)
	for sink.count(reading) < 4*40 {
		if time.Now().After(deadline) {
			t.Fatalf("%d readings in 10 s", sink.count(reading))
		}
		time.Sleep(20 * time.Millisecond)
	}
	class := map[string]string{}
	for _, c := range layout {
		class[c.Label] = c.Temperature
	}
	seen := map[string]int{}
	for _, ev := range sink.all() {
		if !reading(ev) {
			continue
		}
		seen[ev.Compartment]++
		b, _ := station.Band(class[ev.Compartment])
		if !b.Controlled || ev.Celsius < b.MinCelsius || ev.Celsius > b.MaxCelsius {
			t.Fatalf("%s (%s) read %.1f °C, outside its band %+v", ev.Compartment, class[ev.Compartment], ev.Celsius, b)
		}
	}
	if seen["B03"] != 0 || seen["B01"] == 0 || seen["B02"] == 0 || seen["B04"] == 0 || seen["B05"] == 0 {
		t.Errorf("readings per compartment = %v: every cooled and warmed one, no neutral one", seen)
	}
}
