// Package mqtttest starts a Mosquitto broker of its own for a test, on a free
// loopback port, and can stop and start it again on that port (a broker
// restart). MQTT_TEST_URL names an existing broker for the tests that need no
// restart and no settings of their own (Start); the others always start one
// (StartOwn, StartWithConfig).
package mqtttest

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"

	"lockers/internal/envtest"
)

// Binary is where Debian's mosquitto package puts the broker.
const Binary = "/usr/sbin/mosquitto"

// Broker is a running Mosquitto.
type Broker struct {
	URL    string
	t      testing.TB
	port   int
	conf   string
	cmd    *exec.Cmd
	done   chan struct{}
	binary string
	log    *os.File
	passwd string // StartShipped's password file
}

// Start gives the test a broker: MQTT_TEST_URL if set, else a Mosquitto of
// its own (stopped at cleanup).
func Start(t testing.TB) *Broker {
	t.Helper()
	if u := os.Getenv("MQTT_TEST_URL"); u != "" {
		return &Broker{URL: u, t: t}
	}
	return StartOwn(t)
}

// StartOwn starts a Mosquitto of the test's own, whatever MQTT_TEST_URL says:
// for the tests that stop and start the broker.
func StartOwn(t testing.TB) *Broker {
	t.Helper()
	return StartWithConfig(t, "allow_anonymous true\n")
}

// StartWithConfig starts a broker of the test's own whose listener has these
// extra configuration lines. Without the mosquitto binary the test fails:
// the MQTT tests are part of every run, and .ci/run installs it with apt.
func StartWithConfig(t testing.TB, extra string) *Broker {
	t.Helper()
	bin := binary(t)
	port, err := freePort()
	if err != nil {
		t.Fatalf("mqtttest: free port: %v", err)
	}
	dir := t.TempDir()
	conf := filepath.Join(dir, "mosquitto.conf")
	body := fmt.Sprintf("per_listener_settings false\nlistener %d 127.0.0.1\nset_tcp_nodelay true\npersistence false\nmax_queued_messages 100000\nlog_dest stderr\nlog_type error\nlog_type warning\n%s", port, extra)
	if err := os.WriteFile(conf, []byte(body), 0o600); err != nil {
		t.Fatalf("mqtttest: %v", err)
	}
	// The broker's own log (errors and warnings) goes to a file of the test's.
	logFile, err := os.Create(filepath.Join(dir, "mosquitto.log"))
	if err != nil {
		t.Fatalf("mqtttest: %v", err)
	}
	t.Cleanup(func() { logFile.Close() })
	b := &Broker{URL: "mqtt://127.0.0.1:" + strconv.Itoa(port), t: t, port: port, conf: conf, log: logFile}
	b.binary = bin
	b.StartAgain()
	t.Cleanup(b.Stop)
	return b
}

// binary finds the mosquitto program (failing the test without it).
func binary(t testing.TB) string {
	t.Helper()
	if _, err := os.Stat(Binary); err == nil {
		return Binary
	}
	p, err := exec.LookPath("mosquitto")
	if err != nil {
		envtest.Missing("mosquitto", "not installed ("+Binary+" nor on the PATH): apt-get install mosquitto, or set MQTT_TEST_URL")
	}
	return p
}

// PID is the broker process's id (0 when the test does not own the broker).
func (b *Broker) PID() int {
	if b.cmd == nil {
		return 0
	}
	return b.cmd.Process.Pid
}

// StartAgain starts the broker on its port and waits until it accepts connections.
func (b *Broker) StartAgain() {
	b.t.Helper()
	if b.conf == "" {
		b.t.Fatal("mqtttest: the broker of MQTT_TEST_URL cannot be restarted: start it with StartOwn")
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		cmd := exec.Command(b.binary, "-c", b.conf)
		cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
		cmd.Stdout, cmd.Stderr = b.log, b.log
		if err := cmd.Start(); err != nil {
			b.t.Fatalf("mqtttest: start mosquitto: %v", err)
		}
		done := make(chan struct{})
		go func() { _ = cmd.Wait(); close(done) }()
		if waitListening(b.port, done) {
			b.cmd, b.done = cmd, done
			return
		}
		// It exited (the port may still be held by the previous run): try again.
		if time.Now().After(deadline) {
			logged, _ := os.ReadFile(b.log.Name())
			b.t.Fatalf("mqtttest: mosquitto did not start on port %d: %s", b.port, logged)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// Stop stops the broker (SIGTERM, then SIGKILL) and waits for it to exit.
func (b *Broker) Stop() {
	if b.cmd == nil {
		return
	}
	_ = b.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-b.done:
	case <-time.After(5 * time.Second):
		_ = b.cmd.Process.Kill()
		<-b.done
	}
	b.cmd = nil
}

func waitListening(port int, exited <-chan struct{}) bool {
	for range 200 {
		select {
		case <-exited:
			return false
		default:
		}
		c, err := net.DialTimeout("tcp", "127.0.0.1:"+strconv.Itoa(port), 100*time.Millisecond)
		if err == nil {
			c.Close()
			return true
		}
		time.Sleep(25 * time.Millisecond)
	}
	return false
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}
