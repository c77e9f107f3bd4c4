//go:build imagetest

package imagetest

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"lockers/internal/adapters/mail/mailtest"
	"lockers/internal/demo"
	"lockers/internal/rpcclient"
)

// container is one lockerd started from the image on the host's network.
type container struct {
	name, base, pid string
}

func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// start runs lockerd with the volume as /data and waits until /healthz answers.
func start(t *testing.T, volume, smtpURL string) container {
	t.Helper()
	port := freePort(t)
	c := container{name: fmt.Sprintf("lockers-imagetest-%d-%d", os.Getpid(), port), base: fmt.Sprintf("http://127.0.0.1:%d", port)}
	t.Cleanup(func() { _, _ = podmanErr("rm", "--force", "--time", "0", c.name) })
	podman(t, "run", "--detach", "--name", c.name, "--network", "host", "--volume", volume+":/data",
		"--env", fmt.Sprintf("HTTP_ADDR=127.0.0.1:%d", port), "--env", "PUBLIC_URL="+c.base,
		"--env", "DEMO_SEED=true", "--env", "SMTP_URL="+smtpURL, "--env", "LOG_LEVEL=warn",
		"--env", "SHUTDOWN_TIMEOUT="+shutdownTimeout.String(),
		// run on demand below: the timer podman would start needs systemd
		"--health-cmd", `["/usr/local/bin/lockerd","health"]`, "--health-interval", "disable", image)
	deadline := time.Now().Add(30 * time.Second)
	for {
		resp, err := http.Get(c.base + "/healthz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				c.pid = podman(t, "inspect", "--format", "{{.State.Pid}}", c.name)
				return c
			}
		}
		if time.Now().After(deadline) {
			logs, _ := podmanErr("logs", c.name)
			t.Fatalf("/healthz did not answer 200 within 30 s (%v); lockerd's log:\n%s", err, logs)
		}
		if state, _ := podmanErr("inspect", "--format", "{{.State.Status}}", c.name); state == "exited" {
			logs, _ := podmanErr("logs", c.name)
			t.Fatalf("lockerd exited at start; its log:\n%s", logs)
		}
		time.Sleep(50 * time.Millisecond) // polling another process's port: there is no event to wait on
	}
}

// stop sends SIGTERM (podman stop, with SIGKILL only after 60 s) and checks that
// lockerd ended by itself within SHUTDOWN_TIMEOUT.
func (c container) stop(t *testing.T) {
	t.Helper()
	began := time.Now()
	podman(t, "stop", "--time", "60", c.name)
	took := time.Since(began)
	if took > shutdownTimeout {
		t.Errorf("podman stop took %v, more than SHUTDOWN_TIMEOUT %v", took, shutdownTimeout)
	}
	if code := podman(t, "inspect", "--format", "{{.State.ExitCode}}", c.name); code != "0" {
		logs, _ := podmanErr("logs", c.name)
		t.Errorf("lockerd exited with %s after SIGTERM, want 0; its log:\n%s", code, logs)
	}
	t.Logf("SIGTERM to exit: %v", took.Round(time.Millisecond))
}

// procStatus reads a field of /proc/PID/status of the container's lockerd.
func (c container) procStatus(t *testing.T, field string) string {
	t.Helper()
	b, err := os.ReadFile("/proc/" + c.pid + "/status")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^` + field + `:\s*(.*)$`).FindSubmatch(b)
	if m == nil {
		t.Fatalf("/proc/%s/status has no %s", c.pid, field)
	}
	return strings.Join(strings.Fields(string(m[1])), " ")
}

// A whole life: start with an empty volume, serve the web app, run as 65532
// without capabilities, take a booking, stop on SIGTERM, start again from the
// same volume with the booking still there.
func TestRun(t *testing.T) {
	mail := mailtest.Start(t, "", "")
	volume := fmt.Sprintf("lockers-imagetest-%d", os.Getpid())
	podman(t, "volume", "create", volume)
	t.Cleanup(func() { _, _ = podmanErr("volume", "rm", "--force", volume) })
	version := imageVersion(t)

	first := start(t, volume, mail.URL())
	t.Run("login page", func(t *testing.T) {
		resp, err := http.Get(first.base + "/login")
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != http.StatusOK || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") {
			t.Fatalf("/login: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
		}
		// The web app inside is the build of the same version as lockerd.
		if meta := `<meta name="app-version" content="` + version + `">`; !strings.Contains(string(body), meta) {
			t.Errorf("/login has no %s: the web app is another build than lockerd %s", meta, version)
		}
	})
	t.Run("health check", func(t *testing.T) {
		// lockerd health, the image's health command, asks /readyz.
		if out, err := podmanErr("healthcheck", "run", first.name); err != nil {
			t.Errorf("podman healthcheck run: %v %s", err, out)
		}
	})
	t.Run("user and capabilities", func(t *testing.T) {
		if uid := first.procStatus(t, "Uid"); uid != "65532 65532 65532 65532" {
			t.Errorf("lockerd runs with uids %s, want 65532", uid)
		}
		if gid := first.procStatus(t, "Gid"); gid != "65532 65532 65532 65532" {
			t.Errorf("lockerd runs with gids %s, want 65532", gid)
		}
		for _, set := range []string{"CapEff", "CapPrm", "CapAmb"} {
			if caps := first.procStatus(t, set); caps != "0000000000000000" {
				t.Errorf("%s = %s, want none", set, caps)
			}
		}
	})

	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	token, orderID := book(t, ctx, first.base, mail, version)
	t.Run("SIGTERM", func(t *testing.T) { first.stop(t) })
	podman(t, "rm", first.name)

	second := start(t, volume, mail.URL())
	t.Run("booking survives a new container", func(t *testing.T) {
		c := rpcclient.New(second.base, "", 1)
		defer c.Close()
		var o struct {
			UUID   string `json:"uuid"`
			Status string `json:"status"`
		}
		if err := c.Query(ctx, "order.get", token, map[string]any{"orderUuid": orderID}, &o); err != nil {
			t.Fatalf("order.get after the restart: %v", err)
		}
		if o.UUID != orderID || o.Status != "booked" {
			t.Errorf("order.get after the restart = %+v, want %s booked", o, orderID)
		}
	})
	t.Run("SIGTERM again", func(t *testing.T) { second.stop(t) })
}

// book signs a new user up the way the app does (the code from the e-mail) and
// books a locker at the first demo station, free by the new user's coupons.
func book(t *testing.T, ctx context.Context, base string, mail *mailtest.Server, appVersion string) (token, orderID string) {
	t.Helper()
	c := rpcclient.New(base, "", 1)
	defer c.Close()
	email := fmt.Sprintf("image-%d@example.com", time.Now().UnixNano())
	if err := c.Mutation(ctx, "auth.register", "", map[string]any{"email": email, "acceptTerms": true, "language": "en"}, nil); err != nil {
		t.Fatalf("auth.register: %v", err)
	}
	m, err := mail.WaitFor(ctx, email, 0)
	if err != nil {
		t.Fatalf("no code e-mail to %s: %v", email, err)
	}
	var v struct {
		VerificationToken string `json:"verificationToken"`
	}
	if err := c.Mutation(ctx, "auth.verify", "", map[string]any{"email": email, "code": m.Code()}, &v); err != nil {
		t.Fatalf("auth.verify: %v", err)
	}
	var a struct {
		Token *string `json:"token"`
	}
	device := map[string]any{"appVersion": appVersion, "deviceName": "image test", "platform": "web", "model": "podman", "osVersion": "1"}
	if err := c.Mutation(ctx, "auth.setPassword", "", map[string]any{"verificationToken": v.VerificationToken,
		"password": "image-test-1", "passwordRepeat": "image-test-1", "device": device}, &a); err != nil || a.Token == nil {
		t.Fatalf("auth.setPassword: %v", err)
	}
	start := time.Now().UTC().Truncate(time.Hour).Add(48 * time.Hour)
	var o struct {
		UUID   string `json:"uuid"`
		Status string `json:"status"`
	}
	if err := c.Mutation(ctx, "order.create", *a.Token, map[string]any{"stationUuid": demo.Stations[0].ID, "height": "small",
		"type": "standard", "temperature": "neutral", "start": start.Format(time.RFC3339), "end": start.Add(time.Hour).Format(time.RFC3339)}, &o); err != nil {
		t.Fatalf("order.create: %v", err)
	}
	if err := c.Mutation(ctx, "order.confirm", *a.Token, map[string]any{"orderUuid": o.UUID, "acceptTerms": true}, &o); err != nil || o.Status != "booked" {
		t.Fatalf("order.confirm: %v (status %q)", err, o.Status)
	}
	return *a.Token, o.UUID
}
