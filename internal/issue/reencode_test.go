package issue_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"hash/crc32"
	"image"
	"io"
	"testing"
	"time"

	"lockers/internal/adapters/photostore"
	"lockers/internal/apperr"
	"lockers/internal/identity"
	"lockers/internal/invoice/invoicetest"
	"lockers/internal/issue"
	"lockers/internal/issue/issuesql"
	"lockers/internal/issue/issuetest"
	"lockers/internal/store"
	"lockers/internal/store/storetest"
)

// A phone photo with a GPS position in EXIF and XMP is stored without
// either: the photo read back has no APP1 block, no latitude bytes and no
// XMP, and is still the same picture, turned upright by its orientation tag.
func TestStoredPhotoHasNoLocation(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		disk, err := photostore.NewDisk(t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		svc := issue.NewService(issuesql.New(db), disk, nil)
		user := invoicetest.User(t, db, "Mari", "Maasikas", "et")
		upload := issuetest.GPSJPEG(64, 32, 6) // 6: the camera was turned 90° clockwise
		if !bytes.Contains(upload, issuetest.Latitude) || !bytes.Contains(upload, []byte(issuetest.XMPMarker)) {
			t.Fatal("the test photo carries no position to remove")
		}
		ref, err := svc.SavePhoto(ctx, user, bytes.NewReader(upload))
		if err != nil {
			t.Fatal(err)
		}
		f, err := disk.Open(ctx, ref)
		if err != nil {
			t.Fatal(err)
		}
		stored, _ := io.ReadAll(f)
		_ = f.Close()
		for name, needle := range map[string][]byte{
			"the latitude": issuetest.Latitude, "an EXIF block": []byte("Exif\x00"),
			"XMP": []byte(issuetest.XMPMarker), "an APP1 marker": {0xFF, 0xE1},
		} {
			if bytes.Contains(stored, needle) {
				t.Errorf("the stored photo still holds %s", name)
			}
		}
		img, format, err := image.Decode(bytes.NewReader(stored))
		if err != nil || format != "jpeg" {
			t.Fatalf("stored photo: %s, %v", format, err)
		}
		// Upright: 32 wide and 64 high, the red (left) half now on top.
		if b := img.Bounds(); b.Dx() != 32 || b.Dy() != 64 {
			t.Fatalf("stored photo is %v, want 32×64 (turned by orientation 6)", b)
		}
		if r, _, bl, _ := img.At(16, 8).RGBA(); r < bl {
			t.Errorf("the top is not red: the photo was turned the wrong way")
		}
		// What is served is what was stored.
		ph, err := svc.Photo(ctx, identity.Principal{UserID: user}, ref)
		if err != nil {
			t.Fatal(err)
		}
		served, _ := io.ReadAll(ph.Body)
		_ = ph.Body.Close()
		if !bytes.Equal(served, stored) || ph.Size != int64(len(stored)) {
			t.Error("the photo served is not the re-encoded one")
		}
	})
}

// A header that claims more pixels than the budget is refused before
// decoding, however small the file: a 10000×10000 RGBA PNG of a few hundred
// KB would take 400 MB decoded.
func TestPixelBudget(t *testing.T) {
	huge := pngHeader(10000, 10000)
	_, _, err := issue.Reencode(context.Background(), huge, "image/png")
	e, ok := apperr.As(err)
	if !ok || e.Code != apperr.BadInput || e.Field != "photo" || e.Message != "a photo is at most 50 megapixels" {
		t.Fatalf("100-megapixel PNG: %v", err)
	}
	if _, err := issue.PhotoType(huge); err == nil {
		t.Fatal("the upload check took a 100-megapixel PNG")
	}
	// 7000×7000 RGBA is under the pixel cap but 196 MB decoded.
	if _, _, err := issue.Reencode(context.Background(), pngHeader(7000, 7000), "image/png"); apperr.CodeOf(err) != apperr.BadInput {
		t.Fatalf("7000×7000 RGBA PNG: %v", err)
	}
}

// pngHeader is the start of an 8-bit RGBA PNG of w×h pixels: what
// image.DecodeConfig reads, and all a decoder would need to allocate them.
func pngHeader(w, h int) []byte {
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr, uint32(w))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(h))
	ihdr[8], ihdr[9] = 8, 6 // 8 bits, RGBA
	chunk := append([]byte("IHDR"), ihdr...)
	out := append([]byte("\x89PNG\r\n\x1a\n"), 0, 0, 0, 13)
	out = append(out, chunk...)
	return binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(chunk))
}

// A photo larger than MaxPhotoEdge is scaled to it, keeping its proportions.
func TestLargePhotoIsScaled(t *testing.T) {
	out, ct, err := issue.Reencode(context.Background(), issuetest.GPSJPEG(4096, 1024, 1), "image/jpeg")
	if err != nil || ct != "image/jpeg" {
		t.Fatal(ct, err)
	}
	cfg, _, err := image.DecodeConfig(bytes.NewReader(out))
	if err != nil || cfg.Width != issue.MaxPhotoEdge || cfg.Height != issue.MaxPhotoEdge/4 {
		t.Fatalf("scaled to %d×%d (%v), want %d×%d", cfg.Width, cfg.Height, err, issue.MaxPhotoEdge, issue.MaxPhotoEdge/4)
	}
}

// Past the daily quota of stored photo bytes an upload is refused with the
// quota in its message, and nothing is stored; another user is not affected.
func TestPhotoQuota(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		disk, err := photostore.NewDisk(t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		now := time.Now().UTC()
		svc := issue.NewService(issuesql.New(db), disk, func() time.Time { return now })
		photo := issuetest.NoiseJPEG(512, 512)
		one, _, err := issue.Reencode(ctx, photo, "image/jpeg")
		if err != nil {
			t.Fatal(err)
		}
		svc.SetPhotoQuota(1 << 20)
		fit := (1 << 20) / len(one)
		if fit < 2 || fit >= 60 {
			t.Fatalf("a re-encoded photo of %d bytes: %d fit in 1 MB", len(one), fit)
		}
		alice := invoicetest.User(t, db, "Alice", "A", "en")
		bob := invoicetest.User(t, db, "Bob", "B", "en")
		accepted := 0
		var refused error
		for range 60 {
			if _, err := svc.SavePhoto(ctx, alice, bytes.NewReader(photo)); err == nil {
				accepted++
			} else {
				refused = err
			}
		}
		if accepted != fit {
			t.Fatalf("%d of 60 uploads accepted, want the quota's %d", accepted, fit)
		}
		e, ok := apperr.As(refused)
		if !ok || e.Code != apperr.CodeTooManyRequest || e.Field != "photo" || e.Message != "at most 1 MB of photos a day" {
			t.Fatalf("refusal: %v", refused)
		}
		var rows int
		if err := db.QueryRowContext(ctx, `SELECT count(*) FROM issue_photos WHERE user_id = $1`, alice).Scan(&rows); err != nil || rows != fit {
			t.Fatalf("%d photos stored (%v), want %d", rows, err, fit)
		}
		if _, err := svc.SavePhoto(ctx, bob, bytes.NewReader(photo)); err != nil {
			t.Fatalf("another user's upload: %v", err)
		}
		now = now.Add(issue.QuotaWindow)
		if _, err := svc.SavePhoto(ctx, alice, bytes.NewReader(photo)); err != nil {
			t.Fatalf("a day later: %v", err)
		}
	})
}

// A loose photo is gone within an hour of its upload: it waits LooseFor and
// the sweep runs every SweepEvery.
func TestLoosePhotosGoWithinAnHour(t *testing.T) {
	if issue.LooseFor+issue.SweepEvery > time.Hour {
		t.Fatalf("a loose photo may stay %v", issue.LooseFor+issue.SweepEvery)
	}
}
