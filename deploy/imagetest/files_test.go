//go:build imagetest

package imagetest

import (
	"archive/tar"
	"bytes"
	"crypto/sha256"
	"crypto/x509"
	"encoding/pem"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

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
