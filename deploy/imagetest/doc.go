// Package imagetest tests lockerd's container image. layout_test.go, part of
// every `go test`, holds the Dockerfile's last stage and deploy/Containerfile to
// the same instructions, so an image from a registry host (docker build) and one
// from `make image` (buildah) hold the same files. image_test.go (build tag
// imagetest, `make test-image`) builds nothing itself: it takes the image
// `make image` made and runs it with podman.
package imagetest
