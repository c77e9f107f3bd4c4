package mqttctl_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"runtime/metrics"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"lockers/internal/adapters/mqttctl/mqtttest"
	"lockers/internal/hardware"
)

// waiterSink signals the door-open event of each awaited command and counts
// online statuses.
type waiterSink struct {
	waiting sync.Map // command id → chan struct{}
	online  atomic.Int64
}

func (s *waiterSink) Handle(_ context.Context, ev hardware.Event) error {
	if ev.Kind == hardware.EventStatus && ev.Online {
		s.online.Add(1)
	}
	if ev.Kind == hardware.EventDoor && ev.Door == hardware.DoorOpen {
		if ch, ok := s.waiting.LoadAndDelete(ev.CommandID); ok {
			close(ch.(chan struct{}))
		}
	}
	return nil
}

// BenchmarkOpenRoundTrip: Open → broker → station program → accepted → door
// open event back at the sink, one command at a time on loopback. Reports the
// p50 and p99 of the round trips (target p99 ≤ 100 ms). With
// MQTT_RT_LOAD_STATIONS=N, N more stations send their telemetry meanwhile
// (from a process of their own), so the commands share the broker and the
// controller with it.
func BenchmarkOpenRoundTrip(b *testing.B) {
	broker := mqtttest.Start(b)
	sink := &waiterSink{}
	ctl := startController(b, broker, sink)
	startStations(b, broker, []string{"st-bench"}, time.Hour, nil)
	waitOnline(b, ctl, "st-bench", true)
	if n := envInt("MQTT_RT_LOAD_STATIONS", 0); n > 0 {
		startStationProcess(b, broker, n)
		waitCount(b, &sink.online, int64(n+1))
	}

	lat := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := range b.N {
		cmd := openCmd("st-bench", fmt.Sprintf("A%02d", i%24+1), 5*time.Second)
		done := make(chan struct{})
		sink.waiting.Store(cmd.ID, done)
		start := time.Now()
		if err := ctl.Open(context.Background(), cmd); err != nil {
			b.Fatalf("Open: %v", err)
		}
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			b.Fatalf("no door open event for command %d", i)
		}
		lat = append(lat, time.Since(start))
	}
	b.StopTimer()
	slices.Sort(lat)
	b.ReportMetric(ms(lat[len(lat)/2]), "p50-ms")
	b.ReportMetric(ms(lat[(len(lat)*99)/100]), "p99-ms")
	b.ReportMetric(ms(lat[len(lat)-1]), "max-ms")
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// countingSink counts events by kind.
type countingSink struct {
	events, status, online atomic.Int64
}

func (s *countingSink) Handle(_ context.Context, ev hardware.Event) error {
	s.events.Add(1)
	if ev.Kind == hardware.EventStatus {
		s.status.Add(1)
		if ev.Online {
			s.online.Add(1)
		}
	}
	return nil
}

// BenchmarkStationLoad plays MQTT_LOAD_STATIONS stations (default 1,000) ×
// 24 compartments, heartbeats every 10 s and temperatures every minute, in a
// separate station-program process, and measures the receiving side in this
// process: the mqttctl Controller and a counting sink (the hardware service
// is not part of it). It runs MQTT_LOAD_DURATION (default 2m) after every
// station is online and reports this process's CPU as a share of one core,
// events per second and the live heap and RSS at the start and end; with -v
// it logs a sample every MQTT_LOAD_SAMPLE (default 30s). Run it with
// -benchtime 1x: one iteration is one whole run.
func BenchmarkStationLoad(b *testing.B) {
	stations := envInt("MQTT_LOAD_STATIONS", 1000)
	duration := envDuration("MQTT_LOAD_DURATION", 2*time.Minute)
	every := envDuration("MQTT_LOAD_SAMPLE", 30*time.Second)
	for range b.N {
		broker := mqtttest.Start(b)
		sink := &countingSink{}
		startController(b, broker, sink)

		cmd := startStationProcess(b, broker, stations)
		waitCount(b, &sink.online, int64(stations))

		b.ResetTimer()
		cpu0, wall0, ev0 := processCPU(), time.Now(), sink.events.Load()
		prog0, broker0 := childCPU(cmd.Process.Pid), childCPU(broker.PID())
		heap0, rss0 := liveHeap(), rss()
		for elapsed := time.Duration(0); elapsed < duration; {
			step := min(every, duration-elapsed)
			time.Sleep(step)
			elapsed += step
			wall := time.Since(wall0).Seconds()
			b.Logf("t=%3.0fs cpu %.1f%% of a core, %.0f events/s, live heap %.1f MB, rss %.1f MB, goroutines %d",
				wall, 100*(processCPU()-cpu0).Seconds()/wall, float64(sink.events.Load()-ev0)/wall,
				float64(liveHeap())/1e6, float64(rss())/1e6, runtime.NumGoroutine())
		}
		wall := time.Since(wall0).Seconds()
		b.StopTimer()
		b.ReportMetric(100*(processCPU()-cpu0).Seconds()/wall, "cpu-%core")
		b.ReportMetric(float64(sink.events.Load()-ev0)/wall, "events/s")
		b.ReportMetric(float64(heap0)/1e6, "heap0-MB")
		b.ReportMetric(float64(liveHeap())/1e6, "heap-end-MB")
		b.ReportMetric(float64(rss0)/1e6, "rss0-MB")
		b.ReportMetric(float64(rss())/1e6, "rss-end-MB")
		b.ReportMetric(100*(childCPU(cmd.Process.Pid)-prog0).Seconds()/wall, "stations-cpu-%core")
		b.ReportMetric(100*(childCPU(broker.PID())-broker0).Seconds()/wall, "broker-cpu-%core")
	}
}

// startStationProcess plays n stations × 24 compartments (heartbeats every
// 10 s, temperatures every minute) in a station-program process of their own:
// the test binary re-executed (see TestMain).
func startStationProcess(b *testing.B, broker *mqtttest.Broker, n int) *exec.Cmd {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), stationProgEnv+"="+strings.Join([]string{
		"-url", broker.URL, "-stations", strconv.Itoa(n), "-compartments", "24",
		"-heartbeat", "10s", "-temperature", "1m", "-station-secret", string(testSecret),
	}, " "))
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() {
		_ = cmd.Process.Signal(syscall.SIGTERM)
		_ = cmd.Wait()
	})
	return cmd
}

// waitCount waits until the counter of online statuses reaches want.
func waitCount(b *testing.B, online *atomic.Int64, want int64) {
	started := time.Now()
	for online.Load() < want {
		if time.Since(started) > 3*time.Minute {
			b.Fatalf("only %d of %d stations online", online.Load(), want)
		}
		time.Sleep(100 * time.Millisecond)
	}
	b.Logf("%d stations online after %s", want, time.Since(started).Round(time.Millisecond))
}

func processCPU() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// childCPU reads another process's user+system time from /proc (clock ticks of 10 ms).
func childCPU(pid int) time.Duration {
	if pid == 0 {
		return 0
	}
	raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	s := string(raw)
	fields := strings.Fields(s[strings.LastIndexByte(s, ')')+2:])
	if len(fields) < 13 {
		return 0
	}
	utime, _ := strconv.ParseInt(fields[11], 10, 64)
	stime, _ := strconv.ParseInt(fields[12], 10, 64)
	return time.Duration(utime+stime) * 10 * time.Millisecond
}

func liveHeap() uint64 {
	sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(sample)
	return sample[0].Value.Uint64()
}

func rss() uint64 {
	raw, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		return 0
	}
	f := strings.Fields(string(raw))
	pages, _ := strconv.ParseUint(f[1], 10, 64)
	return pages * uint64(os.Getpagesize())
}

func envInt(key string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(key)); err == nil && v > 0 {
		return v
	}
	return def
}

func envDuration(key string, def time.Duration) time.Duration {
	if v, err := time.ParseDuration(os.Getenv(key)); err == nil && v > 0 {
		return v
	}
	return def
}
