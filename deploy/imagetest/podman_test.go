//go:build imagetest

package imagetest

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
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
