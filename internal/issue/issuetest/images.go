// Package issuetest makes the images the issue tests upload.
package issuetest

import (
	"bytes"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
)

func picture() image.Image {
	m := image.NewRGBA(image.Rect(0, 0, 16, 12))
	for x := range 16 {
		m.Set(x, x%12, color.RGBA{R: 200, A: 255})
	}
	return m
}

// PNG is a small valid PNG.
func PNG() []byte {
	var b bytes.Buffer
	if err := png.Encode(&b, picture()); err != nil {
		panic(err)
	}
	return b.Bytes()
}

// JPEG is a small valid JPEG.
func JPEG() []byte {
	var b bytes.Buffer
	if err := jpeg.Encode(&b, picture(), nil); err != nil {
		panic(err)
	}
	return b.Bytes()
}

// NoiseJPEG is a w×h JPEG of pseudo-random pixels: it compresses badly, as
// a real photo does, so quotas of bytes fill after a few uploads.
func NoiseJPEG(w, h int) []byte {
	m := image.NewRGBA(image.Rect(0, 0, w, h))
	seed := uint32(2463534242)
	for i := range m.Pix {
		seed ^= seed << 13
		seed ^= seed >> 17
		seed ^= seed << 5
		m.Pix[i] = byte(seed)
	}
	var b bytes.Buffer
	if err := jpeg.Encode(&b, m, &jpeg.Options{Quality: 90}); err != nil {
		panic(err)
	}
	return b.Bytes()
}
