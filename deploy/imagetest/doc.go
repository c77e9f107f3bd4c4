// Package imagetest tests lockerd's container image. layout_test.go, part of
// every `go test`, holds the Dockerfile's last stage and deploy/Containerfile to
// the same instructions, so an image from a registry host (docker build) and one
// from `make image` (buildah) hold the same files. The files with the build tag
// imagetest (`make test-image`) take the image `make image` made: files_test.go
// reads what it holds, run_test.go runs it with podman (podman_test.go: the
// helpers).
package imagetest
