package issue

import (
	"bytes"
	"fmt"
	"image"
	_ "image/jpeg" // registers the JPEG header reader for image.DecodeConfig
	_ "image/png"  // and PNG's
	"io"

	"lockers/internal/apperr"
)

// photoField is the input field upload errors are about (the form's photo).
const photoField = "photo"

var (
	jpegMagic = []byte{0xFF, 0xD8, 0xFF}
	pngMagic  = []byte{0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'}
)

// ReadPhoto reads an upload of at most MaxPhotoBytes and answers its bytes and
// content type: BAD_INPUT (field "photo") for an empty, oversized or non-image
// upload. The type is decided by the bytes, never by a name or a header the
// client sent: the magic number picks JPEG or PNG, and the image header must
// then parse as that format.
func ReadPhoto(r io.Reader) ([]byte, string, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxPhotoBytes+1))
	if err != nil {
		return nil, "", err
	}
	if len(data) > MaxPhotoBytes {
		return nil, "", ErrPhotoTooBig
	}
	if len(data) == 0 {
		return nil, "", apperr.Field(apperr.BadInput, photoField, "the photo is empty")
	}
	ct, err := PhotoType(data)
	return data, ct, err
}

// PhotoType answers image/jpeg or image/png for data that is one, else
// BAD_INPUT (field "photo").
func PhotoType(data []byte) (string, error) {
	var want, ct string
	switch {
	case bytes.HasPrefix(data, jpegMagic):
		want, ct = "jpeg", "image/jpeg"
	case bytes.HasPrefix(data, pngMagic):
		want, ct = "png", "image/png"
	default:
		return "", notAnImage
	}
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil || format != want || cfg.Width <= 0 || cfg.Height <= 0 {
		return "", notAnImage
	}
	if int64(cfg.Width)*int64(cfg.Height) > MaxPhotoPixels {
		return "", errTooManyPixels
	}
	return ct, nil
}

// ErrPhotoTooBig is an upload over MaxPhotoBytes.
var ErrPhotoTooBig = apperr.Field(apperr.BadInput, photoField, fmt.Sprintf("a photo is at most %d MB", MaxPhotoBytes>>20))

// errTooManyPixels is a photo whose header claims more pixels than a phone
// camera takes, or more than the decoding budget (reencode.go).
var errTooManyPixels = apperr.Field(apperr.BadInput, photoField, fmt.Sprintf("a photo is at most %d megapixels", MaxPhotoPixels/1_000_000))

// errPhotoQuota names the quota the upload would pass.
func errPhotoQuota(quota int64) error {
	return apperr.Field(apperr.CodeTooManyRequest, photoField, fmt.Sprintf("at most %d MB of photos a day", quota>>20))
}

var notAnImage = apperr.Field(apperr.BadInput, photoField, "the photo must be a JPEG or PNG image")
