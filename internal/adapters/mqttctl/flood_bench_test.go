package mqttctl_test

import (
	"bufio"
	"bytes"
	"context"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/eclipse/paho.golang/paho"

	"lockers/internal/adapters/mqttctl"
	"lockers/internal/adapters/mqttctl/brokerfile"
	"lockers/internal/adapters/mqttctl/mqtttest"
	"lockers/internal/adapters/mqttctl/stationprog"
	"lockers/internal/adapters/mqttctl/wire"
	"lockers/internal/hardware"
)

// BenchmarkFloodIsolation: MQTT_FLOOD_STATIONS (default 1,000) stations send
// a heartbeat a second for MQTT_FLOOD_DURATION (default 20 s) through the
// shipped broker (deploy/mosquitto, plain TCP on loopback) to the mqttctl
// Controller in this process; with flood=on one more station, with valid
// credentials, sends signed heartbeats as fast as the broker takes them.
// It reports, per run, the well-behaved stations' heartbeats the broker took
// but lockerd did not receive (lost, target 0), how many stations lost any,
// the flood's messages and how many lockerd let through, and this process's
// CPU as a share of one core. Run it with -benchtime 1x.
func BenchmarkFloodIsolation(b *testing.B) {
	for _, flood := range []bool{false, true} {
		name := "flood=off"
		if flood {
			name = "flood=on"
		}
		b.Run(name, func(b *testing.B) {
			for range b.N {
				runFlood(b, flood)
			}
		})
	}
}

// heartbeatSink counts heartbeats per station.
type heartbeatSink struct {
	mu     sync.Mutex
	per    map[string]int64
	online atomic.Int64
}

func (s *heartbeatSink) Handle(_ context.Context, ev hardware.Event) error {
	switch {
	case ev.Kind == hardware.EventHeartbeat:
		s.mu.Lock()
		s.per[ev.StationID]++
		s.mu.Unlock()
	case ev.Kind == hardware.EventStatus && ev.Online:
		s.online.Add(1)
	}
	return nil
}

func (s *heartbeatSink) snapshot() map[string]int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make(map[string]int64, len(s.per))
	for k, v := range s.per {
		out[k] = v
	}
	return out
}

func runFlood(b *testing.B, flood bool) {
	stations := envInt("MQTT_FLOOD_STATIONS", 1000)
	duration := envDuration("MQTT_FLOOD_DURATION", 20*time.Second)
	flooder := stationprog.SimStationID(stations + 1)
	broker := mqtttest.StartShipped(b, "../../../deploy/mosquitto", func(path string) {
		logins := []brokerfile.Login{{User: "lockerd", Password: lockerdPassword}}
		for i := 1; i <= stations+1; i++ {
			id := stationprog.SimStationID(i)
			logins = append(logins, brokerfile.Login{User: id, Password: hardware.BrokerPassword(testSecret, id, 1)})
		}
		if err := brokerfile.Write(path, logins); err != nil {
			b.Fatal(err)
		}
	})
	sink := &heartbeatSink{per: map[string]int64{}}
	ctl := startControllerWith(b, broker, sink, func(o *mqttctl.Options) {
		o.URL = strings.Replace(broker.URL, "mqtt://", "mqtt://lockerd:"+lockerdPassword+"@", 1)
	})

	var out bytes.Buffer
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), stationProgEnv+"="+strings.Join([]string{
		"-url", broker.URL, "-stations", strconv.Itoa(stations), "-compartments", "0",
		"-heartbeat", "1s", "-temperature", "1h", "-station-secret", string(testSecret), "-report",
	}, " "))
	cmd.Stderr = &out
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	stopped := false
	stop := func() {
		if !stopped {
			stopped = true
			_ = cmd.Process.Signal(syscall.SIGTERM)
			_ = cmd.Wait()
		}
	}
	b.Cleanup(stop)
	waitCount(b, &sink.online, int64(stations))

	floodCtx, floodStop := context.WithCancel(context.Background())
	var flooded atomic.Int64
	var floodDone sync.WaitGroup
	if flood {
		fc, err := dialAs(b, broker, flooder, hardware.BrokerPassword(testSecret, flooder, 1))
		if err != nil {
			b.Fatal(err)
		}
		topic := wire.Topic(flooder, wire.KindTelemetry)
		// Several publishers at once, as a station firmware gone wrong would.
		for range 8 {
			floodDone.Add(1)
			go func() {
				defer floodDone.Done()
				for floodCtx.Err() == nil {
					payload, _ := wire.SealJSON(testKey(flooder), 1, topic, wire.Message{ID: newID(), Type: wire.TypeHeartbeat,
						Station: flooder, At: time.Now()})
					ctx, cancel := context.WithTimeout(floodCtx, 5*time.Second)
					_, err := fc.Publish(ctx, &paho.Publish{QoS: 1, Topic: topic, Payload: payload})
					cancel()
					if err == nil {
						flooded.Add(1)
					}
				}
			}()
		}
	}
	b.ResetTimer()
	cpu0, wall0 := processCPU(), time.Now()
	time.Sleep(duration)
	floodStop()
	floodDone.Wait()
	stop()
	// Let what the broker took reach lockerd: until the counts stand still.
	last := int64(-1)
	for settle := time.Now(); time.Since(settle) < 30*time.Second; time.Sleep(500 * time.Millisecond) {
		var n int64
		for _, v := range sink.snapshot() {
			n += v
		}
		if n == last {
			break
		}
		last = n
	}
	wall := time.Since(wall0).Seconds()
	cpu := 100 * (processCPU() - cpu0).Seconds() / wall
	b.StopTimer()

	got := sink.snapshot()
	var sent, lost, lossy int64
	sc := bufio.NewScanner(&out)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) != 3 || f[0] != "heartbeats-sent" {
			continue
		}
		n, _ := strconv.ParseInt(f[2], 10, 64)
		sent += n
		if d := n - got[f[1]]; d > 0 {
			lost += d
			lossy++
		}
	}
	if sent == 0 {
		b.Fatalf("the station program reported nothing sent: %s", out.String())
	}
	b.ReportMetric(float64(sent), "sent")
	b.ReportMetric(float64(lost), "lost")
	b.ReportMetric(float64(lossy), "stations-with-loss")
	b.ReportMetric(float64(flooded.Load()), "flood-sent")
	b.ReportMetric(float64(got[flooder]), "flood-let-through")
	b.ReportMetric(float64(ctl.Stats().Dropped[mqttctl.DropThrottled]), "throttled")
	b.ReportMetric(cpu, "cpu-%core")
}
