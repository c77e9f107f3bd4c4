package issue

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"

	"golang.org/x/image/draw"
)

// What a photo may cost to decode, and what is kept of it. A header is read
// first (image.DecodeConfig) and a photo over either budget is refused before
// a single pixel is decoded: a 400 KB PNG may claim 10000×10000 pixels, 400 MB
// once decoded.
const (
	// MaxPhotoPixels admits a 48-megapixel phone camera's full-size photo.
	MaxPhotoPixels = 50_000_000
	// maxDecodeBytes bounds the decoded image (pixels × bytes per pixel of its
	// colour model): 160 MiB, held by at most decodeSlots uploads at once.
	maxDecodeBytes = 160 << 20
	// MaxPhotoEdge is the longest side kept: enough to see a dent or a stain on
	// an operator's screen, and a few hundred KB as a JPEG.
	MaxPhotoEdge = 2048
	jpegQuality  = 85
	decodeSlots  = 2
)

// decodes bounds the photos decoded at once, so the memory budget above
// holds for the process, not only for one upload.
var decodes = make(chan struct{}, decodeSlots)

// Reencode decodes a checked upload (ReadPhoto) within the budgets above,
// turns it upright by its EXIF orientation, scales it to MaxPhotoEdge and
// encodes it again in its own format. Go's encoders write no metadata, so the
// photo stored and served carries no EXIF or XMP block: no GPS position, no
// camera serial, no capture time of the person who took it.
func Reencode(ctx context.Context, data []byte, ct string) ([]byte, string, error) {
	cfg, _, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil || cfg.Width <= 0 || cfg.Height <= 0 {
		return nil, "", notAnImage
	}
	if px := int64(cfg.Width) * int64(cfg.Height); px > MaxPhotoPixels || px*bytesPerPixel(cfg.ColorModel) > maxDecodeBytes {
		return nil, "", errTooManyPixels
	}
	select {
	case decodes <- struct{}{}:
		defer func() { <-decodes }()
	case <-ctx.Done():
		return nil, "", ctx.Err()
	}
	img, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, "", notAnImage
	}
	img = orient(scaleDown(img, MaxPhotoEdge), exifOrientation(data, ct))
	var out bytes.Buffer
	if ct == "image/png" {
		err = (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(&out, img)
	} else {
		ct = "image/jpeg"
		err = jpeg.Encode(&out, img, &jpeg.Options{Quality: jpegQuality})
	}
	if err != nil {
		return nil, "", err
	}
	return out.Bytes(), ct, nil
}

// bytesPerPixel is what the decoder allocates per pixel for a colour model
// (YCbCr counted at 4:4:4, its largest; anything unknown at 16-bit RGBA).
func bytesPerPixel(m color.Model) int64 {
	switch m {
	case color.GrayModel, color.AlphaModel:
		return 1
	case color.Gray16Model, color.Alpha16Model:
		return 2
	case color.YCbCrModel:
		return 3
	case color.RGBAModel, color.NRGBAModel, color.CMYKModel:
		return 4
	}
	if _, ok := m.(color.Palette); ok {
		return 1
	}
	return 8
}

// scaleDown fits img into edge×edge, keeping its proportions; a smaller
// image is returned as it is.
func scaleDown(img image.Image, edge int) image.Image {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	if w <= edge && h <= edge {
		return img
	}
	if w >= h {
		w, h = edge, max(1, h*edge/w)
	} else {
		w, h = max(1, w*edge/h), edge
	}
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.CatmullRom.Scale(dst, dst.Bounds(), img, b, draw.Src, nil)
	return dst
}

// orient turns img by an EXIF orientation (1–8): the stored photo has no
// EXIF block left to tell a browser how to turn it.
func orient(img image.Image, o int) image.Image {
	if o < 2 || o > 8 {
		return img
	}
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	dw, dh := w, h
	if o >= 5 { // the transposing ones swap the sides
		dw, dh = h, w
	}
	dst := image.NewRGBA(image.Rect(0, 0, dw, dh))
	for y := range dh {
		for x := range dw {
			var sx, sy int
			switch o {
			case 2:
				sx, sy = w-1-x, y
			case 3:
				sx, sy = w-1-x, h-1-y
			case 4:
				sx, sy = x, h-1-y
			case 5:
				sx, sy = y, x
			case 6:
				sx, sy = y, h-1-x
			case 7:
				sx, sy = w-1-y, h-1-x
			case 8:
				sx, sy = w-1-y, x
			}
			dst.Set(x, y, img.At(b.Min.X+sx, b.Min.Y+sy))
		}
	}
	return dst
}
