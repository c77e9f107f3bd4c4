package mqttctl_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"lockers/internal/adapters/mqttctl"
	"lockers/internal/adapters/mqttctl/mqtttest"
)

// A broker that wants a login: the controller logs in with the user and
// password of its URL, and a wrong password never connects.
func TestBrokerLoginFromURL(t *testing.T) {
	passwd, err := exec.LookPath("mosquitto_passwd")
	if err != nil {
		t.Fatal("mosquitto_passwd is not installed: it comes with the mosquitto package (apt-get install mosquitto)")
	}
	// Started as root, mosquitto reads the file as its own user: the file and
	// its folder must be readable by others (t.TempDir's parent is not).
	dir, err := os.MkdirTemp("", "mqtt-passwd-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	file := filepath.Join(dir, "passwd")
	if out, err := exec.Command(passwd, "-b", "-c", file, "lockerd", "s3cret").CombinedOutput(); err != nil {
		t.Fatalf("mosquitto_passwd: %v: %s", err, out)
	}
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(file, 0o644); err != nil {
		t.Fatal(err)
	}
	b := mqtttest.StartWithConfig(t, "allow_anonymous false\npassword_file "+file+"\n")
	withLogin := func(userinfo string) string { return strings.Replace(b.URL, "mqtt://", "mqtt://"+userinfo+"@", 1) }

	good := startControllerWith(t, b, newSink(), func(o *mqttctl.Options) { o.URL = withLogin("lockerd:s3cret") })
	_ = good // startControllerWith waited until it was connected and subscribed

	bad, err := mqttctl.New(mqttctl.Options{URL: withLogin("lockerd:wrong"), ClientID: "bad", Logger: quietLogger(), Keys: testKeys, MaxBackoff: 200 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); _ = bad.Run(ctx, newSink()) }()
	defer func() { cancel(); <-done }()
	wctx, wcancel := context.WithTimeout(context.Background(), time.Second)
	defer wcancel()
	if err := bad.WaitReady(wctx); err == nil {
		t.Error("a wrong password connected")
	}
}
