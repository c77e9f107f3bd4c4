// Package photostore keeps issue-report photos (issue.PhotoStore): in a folder
// on disk by default (Disk), in an S3-compatible bucket by configuration (S3).
// Keys are the photos' ids (UUIDs); who may read a photo is decided by the
// issue service before a store is asked.
package photostore

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
)

// keyPattern is a canonical UUID: a key never names a path outside the store.
var keyPattern = regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$`)

func checkKey(key string) error {
	if !keyPattern.MatchString(key) {
		return fmt.Errorf("photostore: bad key %q", key)
	}
	return nil
}

// Disk keeps each photo in a file Dir/ab/key (ab: the key's first two
// characters, so no folder grows to millions of entries).
type Disk struct{ Dir string }

// NewDisk creates dir when it is missing.
func NewDisk(dir string) (*Disk, error) {
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return nil, fmt.Errorf("photostore: %w", err)
	}
	return &Disk{Dir: dir}, nil
}

func (d *Disk) path(key string) string { return filepath.Join(d.Dir, key[:2], key) }

// Put writes the photo to a temporary file and renames it into place, so a
// reader never sees half a photo.
func (d *Disk) Put(_ context.Context, key, _ string, data []byte) error {
	if err := checkKey(key); err != nil {
		return err
	}
	dst := d.path(key)
	if err := os.MkdirAll(filepath.Dir(dst), 0o750); err != nil {
		return err
	}
	f, err := os.CreateTemp(filepath.Dir(dst), ".upload-*")
	if err != nil {
		return err
	}
	_, werr := f.Write(data)
	if err := errors.Join(werr, f.Sync(), f.Close()); err != nil {
		_ = os.Remove(f.Name())
		return err
	}
	if err := os.Rename(f.Name(), dst); err != nil {
		_ = os.Remove(f.Name())
		return err
	}
	return nil
}

// Open reads a photo.
func (d *Disk) Open(_ context.Context, key string) (io.ReadCloser, error) {
	if err := checkKey(key); err != nil {
		return nil, err
	}
	return os.Open(d.path(key))
}

// Delete removes a photo; a missing one is not an error.
func (d *Disk) Delete(_ context.Context, key string) error {
	if err := checkKey(key); err != nil {
		return err
	}
	if err := os.Remove(d.path(key)); err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	return nil
}
