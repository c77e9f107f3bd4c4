package photostore

import (
	"bytes"
	"context"
	"io"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"
	"github.com/minio/minio-go/v7"
)

type store interface {
	Put(ctx context.Context, key, contentType string, data []byte) error
	Open(ctx context.Context, key string) (io.ReadCloser, error)
	Delete(ctx context.Context, key string) error
}

// Both stores keep what is put, answer a missing key with an error, refuse a
// key that is not a UUID (it could name a path) and forget a deleted photo.
func contract(t *testing.T, s store) {
	ctx := context.Background()
	key := uuid.NewString()
	data := bytes.Repeat([]byte{0xFF, 0xD8, 0xFF, 1, 2, 3}, 1000)
	if err := s.Put(ctx, key, "image/jpeg", data); err != nil {
		t.Fatal(err)
	}
	r, err := s.Open(ctx, key)
	if err != nil {
		t.Fatal(err)
	}
	got, err := io.ReadAll(r)
	_ = r.Close()
	if err != nil || !bytes.Equal(got, data) {
		t.Fatalf("read back %d bytes (%v), want %d", len(got), err, len(data))
	}
	if _, err := s.Open(ctx, uuid.NewString()); err == nil {
		t.Error("a missing photo opened")
	}
	for _, bad := range []string{"../../etc/passwd", "", strings.ToUpper(key)} {
		if err := s.Put(ctx, bad, "image/png", data); err == nil {
			t.Errorf("key %q accepted", bad)
		}
	}
	if err := s.Delete(ctx, key); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Open(ctx, key); err == nil {
		t.Error("a deleted photo opened")
	}
	if err := s.Delete(ctx, key); err != nil {
		t.Errorf("deleting twice: %v", err)
	}
}

func TestDisk(t *testing.T) {
	d, err := NewDisk(t.TempDir() + "/photos")
	if err != nil {
		t.Fatal(err)
	}
	contract(t, d)
}

// The S3 adapter against gofakes3, an in-process server that speaks S3's API.
func TestS3(t *testing.T) {
	srv := httptest.NewServer(gofakes3.New(s3mem.New()).Server())
	defer srv.Close()
	host := strings.TrimPrefix(srv.URL, "http://")
	ctx := context.Background()
	if _, err := NewS3(ctx, "http://key:secret@"+host+"/photos"); err == nil {
		t.Fatal("a missing bucket was accepted")
	}
	c, _, _, err := s3Client("http://key:secret@" + host + "/photos")
	if err != nil {
		t.Fatal(err)
	}
	if err := c.MakeBucket(ctx, "photos", minio.MakeBucketOptions{}); err != nil {
		t.Fatal(err)
	}
	s, err := NewS3(ctx, "http://key:secret@"+host+"/photos/issues?region=us-east-1")
	if err != nil {
		t.Fatal(err)
	}
	contract(t, s)
	// The prefix is where the objects go.
	key := uuid.NewString()
	if err := s.Put(ctx, key, "image/png", []byte("x")); err != nil {
		t.Fatal(err)
	}
	info, err := c.StatObject(ctx, "photos", "issues/"+key, minio.StatObjectOptions{})
	if err != nil || info.ContentType != "image/png" {
		t.Fatalf("object under the prefix: %+v %v", info, err)
	}
}

func TestParseS3URL(t *testing.T) {
	for _, bad := range []string{"s3://k:s@host/b", "http://k:s@host", "http://k:s@host/", "not a url", "https:///b"} {
		if ParseS3URL(bad) == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	if err := ParseS3URL("https://k:s@s3.eu-north-1.amazonaws.com/bucket?region=eu-north-1"); err != nil {
		t.Error(err)
	}
}
