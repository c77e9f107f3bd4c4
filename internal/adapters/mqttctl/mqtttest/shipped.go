package mqtttest

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// StartShipped starts the broker as deploy/mosquitto configures it: its
// mosquitto.conf and acl as shipped, except that the TLS listener becomes a
// plain-TCP one on a free loopback port, the files live in a folder of the
// test's, and nothing persists. writePasswd writes the password file (the
// path it is given) before the broker starts; PasswordFile and Reload let
// the test change the logins afterwards.
func StartShipped(t testing.TB, deployDir string, writePasswd func(path string)) *Broker {
	t.Helper()
	shipped, err := os.ReadFile(filepath.Join(deployDir, "mosquitto.conf"))
	if err != nil {
		t.Fatalf("mqtttest: %v", err)
	}
	acl, err := os.ReadFile(filepath.Join(deployDir, "acl"))
	if err != nil {
		t.Fatalf("mqtttest: %v", err)
	}
	// Started as root, mosquitto reads its files as its own user: the folder
	// and the files must be readable by others (t.TempDir's parent is not).
	dir, err := os.MkdirTemp("", "mqtt-shipped-")
	if err != nil {
		t.Fatalf("mqtttest: %v", err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatalf("mqtttest: %v", err)
	}
	passwd, aclPath := filepath.Join(dir, "passwd"), filepath.Join(dir, "acl")
	if err := os.WriteFile(aclPath, acl, 0o644); err != nil {
		t.Fatalf("mqtttest: %v", err)
	}
	writePasswd(passwd)
	if err := os.Chmod(passwd, 0o644); err != nil {
		t.Fatalf("mqtttest: %v", err)
	}
	port, err := freePort()
	if err != nil {
		t.Fatalf("mqtttest: free port: %v", err)
	}
	var conf strings.Builder
	sc := bufio.NewScanner(strings.NewReader(string(shipped)))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		key, _, _ := strings.Cut(line, " ")
		switch key {
		case "password_file":
			line = "password_file " + passwd
		case "acl_file":
			line = "acl_file " + aclPath
		case "persistence":
			line = "persistence false"
		case "persistence_location", "certfile", "keyfile", "tls_version", "log_type":
			continue
		case "log_dest":
			line = "log_dest stderr\nlog_type error\nlog_type warning"
		case "listener":
			line = fmt.Sprintf("listener %d 127.0.0.1", port)
		}
		conf.WriteString(line + "\n")
	}
	confPath := filepath.Join(dir, "mosquitto.conf")
	if err := os.WriteFile(confPath, []byte(conf.String()), 0o644); err != nil {
		t.Fatalf("mqtttest: %v", err)
	}
	logFile, err := os.Create(filepath.Join(dir, "mosquitto.log"))
	if err != nil {
		t.Fatalf("mqtttest: %v", err)
	}
	t.Cleanup(func() { logFile.Close() })
	b := &Broker{URL: "mqtt://127.0.0.1:" + strconv.Itoa(port), t: t, port: port, conf: confPath, log: logFile,
		binary: binary(t), passwd: passwd}
	b.StartAgain()
	t.Cleanup(b.Stop)
	return b
}

// PasswordFile is the password file of a StartShipped broker.
func (b *Broker) PasswordFile() string { return b.passwd }

// Reload makes the broker read its password file and ACL again (SIGHUP):
// connections whose login is gone are dropped.
func (b *Broker) Reload() {
	b.t.Helper()
	if b.cmd == nil {
		b.t.Fatal("mqtttest: no broker of the test's own to reload")
	}
	if err := b.cmd.Process.Signal(syscall.SIGHUP); err != nil {
		b.t.Fatalf("mqtttest: reload: %v", err)
	}
}
