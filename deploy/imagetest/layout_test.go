package imagetest

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// instructions reads a Containerfile's instructions from the last FROM on:
// comments and blank lines dropped, continued lines joined, spaces collapsed.
func instructions(t *testing.T, path string) []string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	cont := false
	for _, line := range strings.Split(string(b), "\n") {
		line = strings.TrimSpace(line)
		if !cont && (line == "" || strings.HasPrefix(line, "#")) {
			continue
		}
		joined := strings.TrimSuffix(line, "\\")
		if cont {
			out[len(out)-1] += " " + joined
		} else {
			out = append(out, joined)
		}
		cont = strings.HasSuffix(line, "\\")
	}
	last := -1
	for i, ins := range out {
		out[i] = strings.Join(strings.Fields(ins), " ")
		if strings.HasPrefix(strings.ToUpper(out[i]), "FROM ") {
			last = i
		}
	}
	if last < 0 {
		t.Fatalf("%s has no FROM", path)
	}
	return out[last:]
}

// The Dockerfile's last stage copies from its rootfs stage what `make image`
// has in its build context (bin/image/context): the same instructions once
// "--from=rootfs /image/" is taken away.
func TestDockerfileAndContainerfileMatch(t *testing.T) {
	fromStage := regexp.MustCompile(`--from=rootfs (--chown=\S+ )?/image/`)
	docker := instructions(t, "../../Dockerfile")
	for i, ins := range docker {
		docker[i] = fromStage.ReplaceAllString(ins, "$1")
	}
	buildah := instructions(t, "../Containerfile")
	if strings.Join(docker, "\n") != strings.Join(buildah, "\n") {
		t.Errorf("the Dockerfile's last stage and deploy/Containerfile differ:\n--- Dockerfile\n%s\n--- Containerfile\n%s",
			strings.Join(docker, "\n"), strings.Join(buildah, "\n"))
	}
	if buildah[0] != "FROM scratch" {
		t.Errorf("the image starts %q, want FROM scratch: nothing but lockerd's files", buildah[0])
	}
}

// Both ways lay out the files with one script and build lockerd as `make build` does.
func TestBothBuildsShareTheirParts(t *testing.T) {
	read := func(path string) string {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	dockerfile, imageScript, makefile := read("../../Dockerfile"), read("../../scripts/image.sh"), read("../../Makefile")
	for name, text := range map[string]string{"Dockerfile": dockerfile, "scripts/image.sh": imageScript} {
		if !strings.Contains(text, "image-rootfs.sh") {
			t.Errorf("%s does not lay out the files with scripts/image-rootfs.sh", name)
		}
	}
	for _, flag := range []string{"CGO_ENABLED=0", "-trimpath", "-tags embedweb,timetzdata", "-s -w -X "} {
		if !strings.Contains(dockerfile, flag) || !strings.Contains(makefile, flag) {
			t.Errorf("the Dockerfile and the Makefile's build do not both build with %s", flag)
		}
	}
	if !strings.Contains(makefile, "VERSION_STAMP = lockers/internal/version.stamped") ||
		!strings.Contains(dockerfile, "-X lockers/internal/version.stamped=${VERSION}") {
		t.Error("the Makefile and the Dockerfile do not stamp the version into the same variable")
	}
}
