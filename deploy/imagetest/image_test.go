//go:build imagetest

package imagetest

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"crypto/x509"
	"encoding/json"
	"encoding/pem"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"lockers/internal/adapters/mail/mailtest"
	"lockers/internal/demo"
	"lockers/internal/rpcclient"
)

// The image `make image` built (its id); lockers/lockerd:latest when unset.
var image = envOr("LOCKERS_IMAGE", "lockers/lockerd:latest")

// shutdownTimeout is the SHUTDOWN_TIMEOUT the containers get: a stop must end
// lockerd within it.
const shutdownTimeout = 5 * time.Second

func envOr(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}

// podman runs podman on the repository's store (scripts/containers.sh) and
// returns its standard output, trimmed.
func podman(t *testing.T, args ...string) string {
	t.Helper()
	out, err := podmanErr(args...)
	if err != nil {
		t.Fatalf("podman %s: %v", strings.Join(args, " "), err)
	}
	return out
}

func podmanErr(args ...string) (string, error) {
	cmd := exec.Command("../../scripts/containers.sh", append([]string{"podman"}, args...)...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("%w: %s", err, strings.TrimSpace(stderr.String()))
	}
	return strings.TrimSpace(stdout.String()), nil
}

func TestMain(m *testing.M) {
	for _, tool := range []string{"buildah", "podman", "runc"} {
		if _, err := exec.LookPath(tool); err != nil {
			fmt.Fprintf(os.Stderr, "imagetest: %s is missing; install with: apt-get install -y --no-install-recommends buildah podman runc\n", tool)
			os.Exit(1)
		}
	}
	var err error
	if tmpDir, err = os.MkdirTemp("", "imagetest-"); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(tmpDir)
	os.Exit(code)
}

// ociImage is the image as `podman save --format oci-dir` writes it.
type ociImage struct {
	Config struct {
		User         string            `json:"User"`
		Env          []string          `json:"Env"`
		Entrypoint   []string          `json:"Entrypoint"`
		Cmd          []string          `json:"Cmd"`
		WorkingDir   string            `json:"WorkingDir"`
		Labels       map[string]string `json:"Labels"`
		ExposedPorts map[string]any    `json:"ExposedPorts"`
		Volumes      map[string]any    `json:"Volumes"`
	} `json:"config"`
	layers [][]byte // uncompressed tar streams
}

var (
	saveOnce sync.Once
	saved    ociImage
	saveErr  error
	tmpDir   string // removed by TestMain
)

// savedImage is the image under test as `podman save` writes it, read once.
func savedImage(t *testing.T) ociImage {
	t.Helper()
	saveOnce.Do(func() { saved, saveErr = saveImage() })
	if saveErr != nil {
		t.Fatal(saveErr)
	}
	return saved
}

func saveImage() (img ociImage, err error) {
	dir := filepath.Join(tmpDir, "oci")
	if _, err := podmanErr("save", "--format", "oci-dir", "-o", dir, image); err != nil {
		return img, fmt.Errorf("podman save %s: %w", image, err)
	}
	readJSON := func(path string, v any) error {
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return json.Unmarshal(b, v)
	}
	blob := func(digest string) string {
		return filepath.Join(dir, "blobs", "sha256", strings.TrimPrefix(digest, "sha256:"))
	}
	var index struct {
		Manifests []struct{ Digest string } `json:"manifests"`
	}
	var manifest struct {
		Config struct{ Digest string } `json:"config"`
		Layers []struct {
			MediaType string `json:"mediaType"`
			Digest    string `json:"digest"`
		} `json:"layers"`
	}
	if err := readJSON(filepath.Join(dir, "index.json"), &index); err != nil || len(index.Manifests) != 1 {
		return img, fmt.Errorf("index.json: %v (%d manifests)", err, len(index.Manifests))
	}
	if err := readJSON(blob(index.Manifests[0].Digest), &manifest); err != nil {
		return img, err
	}
	if err := readJSON(blob(manifest.Config.Digest), &img); err != nil {
		return img, err
	}
	for _, l := range manifest.Layers {
		b, err := os.ReadFile(blob(l.Digest))
		if err != nil {
			return img, err
		}
		if strings.HasSuffix(l.MediaType, "+gzip") {
			zr, err := gzip.NewReader(bytes.NewReader(b))
			if err != nil {
				return img, err
			}
			if b, err = io.ReadAll(zr); err != nil {
				return img, err
			}
		}
		img.layers = append(img.layers, b)
	}
	return img, nil
}

type entry struct {
	mode     fs.FileMode
	uid, gid int
}

func (e entry) String() string { return fmt.Sprintf("%v %d:%d", e.mode, e.uid, e.gid) }

// The image holds lockerd's files and nothing else, in one layer, with the
// ownership and modes a non-root lockerd needs.
func TestFiles(t *testing.T) {
	img := savedImage(t)
	if len(img.layers) != 1 {
		t.Fatalf("%d layers, want 1", len(img.layers))
	}
	got := map[string]entry{}
	files := map[string][]byte{}
	tr := tar.NewReader(bytes.NewReader(img.layers[0]))
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		name := strings.TrimSuffix(strings.TrimPrefix(h.Name, "./"), "/")
		got[name] = entry{h.FileInfo().Mode(), h.Uid, h.Gid}
		if !h.ModTime.Equal(time.Unix(0, 0)) {
			t.Errorf("%s has time %v, want 0: a rebuild would change the image", name, h.ModTime)
		}
		if h.Typeflag == tar.TypeReg {
			files[name], _ = io.ReadAll(tr)
		}
	}
	dir := func(perm fs.FileMode, id int) entry { return entry{fs.ModeDir | perm, id, id} }
	want := map[string]entry{
		"etc":                               dir(0o755, 0),
		"etc/group":                         {0o644, 0, 0},
		"etc/passwd":                        {0o644, 0, 0},
		"etc/ssl":                           dir(0o755, 0),
		"etc/ssl/certs":                     dir(0o755, 0),
		"etc/ssl/certs/ca-certificates.crt": {0o644, 0, 0},
		"tmp":                               dir(0o777|fs.ModeSticky, 0),
		"usr":                               dir(0o755, 0),
		"usr/local":                         dir(0o755, 0),
		"usr/local/bin":                     dir(0o755, 0),
		"usr/local/bin/lockerd":             {0o755, 0, 0},
		"data":                              dir(0o755, 65532),
	}
	for name, w := range want {
		if g, ok := got[name]; !ok {
			t.Errorf("%s is missing", name)
		} else if g != w {
			t.Errorf("%s is %v, want %v", name, g, w)
		}
	}
	for name, g := range got {
		if _, ok := want[name]; !ok {
			t.Errorf("%s (%v) should not be in the image", name, g)
		}
	}
	if p := string(files["etc/passwd"]); !strings.Contains(p, "\nlockerd:x:65532:65532:") {
		t.Errorf("/etc/passwd has no lockerd with uid and gid 65532:\n%s", p)
	}
	if g := string(files["etc/group"]); !strings.Contains(g, "\nlockerd:x:65532:") {
		t.Errorf("/etc/group has no lockerd group 65532:\n%s", g)
	}
	checkCABundle(t, files["etc/ssl/certs/ca-certificates.crt"])
}

// The CA bundle is Debian's Mozilla set: every block a CA certificate, and none
// of the certificates this machine added itself (/usr/local/share/ca-certificates,
// e.g. a proxy's), which the machine's own bundle holds.
func checkCABundle(t *testing.T, bundle []byte) {
	t.Helper()
	inImage := map[[32]byte]bool{}
	for rest := bundle; ; {
		var b *pem.Block
		b, rest = pem.Decode(rest)
		if b == nil {
			if len(bytes.TrimSpace(rest)) > 0 {
				t.Errorf("the CA bundle has %d bytes that are no PEM block", len(rest))
			}
			break
		}
		c, err := x509.ParseCertificate(b.Bytes)
		if err != nil {
			t.Errorf("the CA bundle holds a block that is no certificate: %v", err)
			continue
		}
		if !c.IsCA {
			t.Errorf("the CA bundle holds %q, which is not a CA", c.Subject)
		}
		inImage[sha256.Sum256(b.Bytes)] = true
	}
	if len(inImage) < 100 {
		t.Errorf("the CA bundle holds %d certificates, want Debian's (over 100)", len(inImage))
	}
	local, _ := filepath.Glob("/usr/local/share/ca-certificates/*.crt")
	for _, path := range local {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for block, rest := pem.Decode(b); block != nil; block, rest = pem.Decode(rest) {
			if inImage[sha256.Sum256(block.Bytes)] {
				t.Errorf("the image trusts %s, a certificate this machine added", path)
			}
		}
	}
}

// The image runs lockerd as 65532 with SQLite in the /data volume and carries
// its version in a label.
func TestConfig(t *testing.T) {
	c := savedImage(t).Config
	if c.User != "65532:65532" {
		t.Errorf("User = %q, want 65532:65532", c.User)
	}
	if !slices.Equal(c.Entrypoint, []string{"/usr/local/bin/lockerd"}) || !slices.Equal(c.Cmd, []string{"serve"}) {
		t.Errorf("Entrypoint %q Cmd %q, want lockerd serve", c.Entrypoint, c.Cmd)
	}
	for _, e := range []string{"HTTP_ADDR=0.0.0.0:8080", "DATABASE_URL=sqlite:/data/lockers.db", "PHOTO_DIR=/data/photos", "DEMO_SEED=false"} {
		if !slices.Contains(c.Env, e) {
			t.Errorf("Env %q lacks %s", c.Env, e)
		}
	}
	if _, ok := c.Volumes["/data"]; !ok {
		t.Errorf("Volumes = %v, want /data", c.Volumes)
	}
	if _, ok := c.ExposedPorts["8080/tcp"]; !ok {
		t.Errorf("ExposedPorts = %v, want 8080/tcp", c.ExposedPorts)
	}
	version := imageVersion(t)
	if got := c.Labels["org.opencontainers.image.version"]; got != version {
		t.Errorf("label org.opencontainers.image.version = %q, lockerd version says %q", got, version)
	}
}

// imageVersion is what the image's lockerd says `lockerd version` is (the binary is
// static: it runs here as it is).
func imageVersion(t *testing.T) string {
	t.Helper()
	tr := tar.NewReader(bytes.NewReader(savedImage(t).layers[0]))
	for {
		h, err := tr.Next()
		if err != nil {
			t.Fatalf("no usr/local/bin/lockerd in the image: %v", err)
		}
		if strings.TrimPrefix(h.Name, "./") != "usr/local/bin/lockerd" {
			continue
		}
		bin := filepath.Join(t.TempDir(), "lockerd")
		b, err := io.ReadAll(tr)
		if err == nil {
			err = os.WriteFile(bin, b, 0o755)
		}
		if err != nil {
			t.Fatal(err)
		}
		out, err := exec.Command(bin, "version").Output()
		if err != nil {
			t.Fatalf("lockerd version: %v", err)
		}
		return strings.TrimSpace(string(out))
	}
}

// Building again from the same binary and CA package gives the same image.
func TestReproducible(t *testing.T) {
	want := podman(t, "image", "inspect", "--format", "{{.Id}}", image)
	cmd := exec.Command("../../scripts/image.sh", "--again")
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("scripts/image.sh: %v", err)
	}
	if got := strings.TrimSpace(string(out)); got != want {
		t.Errorf("a second build made image %s, the first %s", got, want)
	}
}

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
