package issue_test

import (
	"bytes"
	"testing"

	"lockers/internal/apperr"
	"lockers/internal/issue"
	"lockers/internal/issue/issuetest"
)

// The type comes from the bytes: a name or a claimed type plays no part, a
// magic number alone is not enough, and the cap is 5 MB.
func TestReadPhoto(t *testing.T) {
	pngBytes, jpegBytes := issuetest.PNG(), issuetest.JPEG()
	for name, tc := range map[string]struct {
		data []byte
		want string
	}{
		"png":  {pngBytes, "image/png"},
		"jpeg": {jpegBytes, "image/jpeg"},
		// Still a PNG at the cap: trailing bytes after the image are allowed.
		"png at the cap": {append(bytes.Clone(pngBytes), make([]byte, issue.MaxPhotoBytes-len(pngBytes))...), "image/png"},
	} {
		data, ct, err := issue.ReadPhoto(bytes.NewReader(tc.data))
		if err != nil || ct != tc.want || !bytes.Equal(data, tc.data) {
			t.Errorf("%s: %q, %v", name, ct, err)
		}
	}
	gif := []byte("GIF89a\x01\x00\x01\x00\x00\x00\x00;")
	for name, data := range map[string][]byte{
		"empty":              nil,
		"text":               []byte("hello, this is not a photo"),
		"gif":                gif,
		"png magic, no png":  append([]byte{0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'}, []byte("garbage garbage")...),
		"jpeg magic, no jpg": append([]byte{0xFF, 0xD8, 0xFF}, []byte("garbage garbage")...),
		"truncated png":      pngBytes[:20],
		"over the cap":       append(bytes.Clone(pngBytes), make([]byte, issue.MaxPhotoBytes-len(pngBytes)+1)...),
	} {
		_, _, err := issue.ReadPhoto(bytes.NewReader(data))
		e, ok := apperr.As(err)
		if !ok || e.Code != apperr.BadInput || e.Field != "photo" {
			t.Errorf("%s: %v, want BAD_INPUT on photo", name, err)
		}
	}
}
