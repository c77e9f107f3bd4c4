package photostore

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/url"
	"strings"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
)

// S3 keeps each photo as an object Prefix+key in a bucket of any service that
// speaks S3's API (AWS S3, MinIO, Ceph, Garage, ...).
type S3 struct {
	client *minio.Client
	bucket string
	prefix string
}

// NewS3 connects to the bucket named by rawURL:
// http(s)://ACCESS_KEY:SECRET_KEY@host[:port]/bucket[/prefix][?region=eu-north-1]
// (path-style addressing, which every S3-compatible service answers). The
// bucket must exist: it is checked here, so a wrong setting stops the start.
func NewS3(ctx context.Context, rawURL string) (*S3, error) {
	c, bucket, prefix, err := s3Client(rawURL)
	if err != nil {
		return nil, err
	}
	ok, err := c.BucketExists(ctx, bucket)
	if err != nil {
		return nil, fmt.Errorf("photostore: bucket %q: %w", bucket, err)
	}
	if !ok {
		return nil, fmt.Errorf("photostore: bucket %q does not exist", bucket)
	}
	return &S3{client: c, bucket: bucket, prefix: prefix}, nil
}

// ParseS3URL checks an S3 URL's form without connecting (configuration checks).
func ParseS3URL(rawURL string) error {
	_, _, _, err := s3Client(rawURL)
	return err
}

func s3Client(rawURL string) (*minio.Client, string, string, error) {
	u, err := url.Parse(rawURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, "", "", fmt.Errorf("photostore: want http(s)://KEY:SECRET@host/bucket")
	}
	bucket, prefix, _ := strings.Cut(strings.Trim(u.Path, "/"), "/")
	if bucket == "" {
		return nil, "", "", fmt.Errorf("photostore: the URL names no bucket")
	}
	if prefix != "" {
		prefix = strings.TrimSuffix(prefix, "/") + "/"
	}
	secret, _ := u.User.Password()
	c, err := minio.New(u.Host, &minio.Options{
		Creds:        credentials.NewStaticV4(u.User.Username(), secret, ""),
		Secure:       u.Scheme == "https",
		Region:       u.Query().Get("region"),
		BucketLookup: minio.BucketLookupPath,
	})
	if err != nil {
		return nil, "", "", fmt.Errorf("photostore: %w", err)
	}
	return c, bucket, prefix, nil
}

// Put uploads a photo with its content type.
func (s *S3) Put(ctx context.Context, key, contentType string, data []byte) error {
	if err := checkKey(key); err != nil {
		return err
	}
	_, err := s.client.PutObject(ctx, s.bucket, s.prefix+key, bytes.NewReader(data), int64(len(data)),
		minio.PutObjectOptions{ContentType: contentType})
	return err
}

// Open reads a photo; a missing object is an error here, not at the first Read.
func (s *S3) Open(ctx context.Context, key string) (io.ReadCloser, error) {
	if err := checkKey(key); err != nil {
		return nil, err
	}
	obj, err := s.client.GetObject(ctx, s.bucket, s.prefix+key, minio.GetObjectOptions{})
	if err != nil {
		return nil, err
	}
	if _, err := obj.Stat(); err != nil {
		_ = obj.Close()
		return nil, err
	}
	return obj, nil
}

// Delete removes a photo; S3 answers a missing key with success too.
func (s *S3) Delete(ctx context.Context, key string) error {
	if err := checkKey(key); err != nil {
		return err
	}
	return s.client.RemoveObject(ctx, s.bucket, s.prefix+key, minio.RemoveObjectOptions{})
}
