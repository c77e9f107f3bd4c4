package issue

import (
	"context"
	"errors"
	"time"
)

// Errors the Store returns.
var (
	// ErrNotFound: no such issue or photo.
	ErrNotFound = errors.New("issue: not found")
	// ErrNoOrderLocker: the order locker a report names is not one of its user's.
	ErrNoOrderLocker = errors.New("issue: not the user's order locker")
	// ErrPhotoTaken: the photo a report names is not its user's loose upload
	// (someone else's, or on a report already).
	ErrPhotoTaken = errors.New("issue: photo not the user's or taken")
)

// PhotoRow is an uploaded photo's record (the bytes are in the PhotoStore).
type PhotoRow struct {
	ID          string
	UserID      string
	ContentType string
	Size        int64
	At          time.Time
}

// Filed is a user's new report as it is stored.
type Filed struct {
	ID            string
	UserID        string
	Category      string
	Text          string
	PhotoRef      string // "" for none
	OrderLockerID string // "" for none
	At            time.Time
}

// Store keeps the issues and the photos (issuesql).
type Store interface {
	InsertPhoto(ctx context.Context, p PhotoRow) error
	// PhotoBytesSince adds up the sizes of userID's photos uploaded after
	// since (the daily photo quota).
	PhotoBytesSince(ctx context.Context, userID string, since time.Time) (int64, error)
	// Photo reads a photo's record; ErrNotFound when there is none.
	Photo(ctx context.Context, id string) (PhotoRow, error)
	// File inserts a user's report, all or nothing: its order locker must be
	// one of the user's (ErrNoOrderLocker) and names the locker and station;
	// its photo is attached to it (ErrPhotoTaken unless it is the user's and
	// on no report).
	File(ctx context.Context, r Filed) error
	// Reports reads userID's reports (only the one with id when id is set),
	// newest first, at most ListLimit, each with its answers oldest first.
	Reports(ctx context.Context, userID, id string) ([]Report, error)
	// SweepablePhotos lists up to limit photos to delete: those on no report
	// created before cutoff, and those of deleted accounts.
	SweepablePhotos(ctx context.Context, cutoff time.Time, limit int) ([]string, error)
	// DeletePhoto deletes a photo's row while it still qualifies for the
	// sweep and then runs also (deleting the file) in the same transaction: an
	// error from also keeps the row. false: it no longer qualifies.
	DeletePhoto(ctx context.Context, id string, cutoff time.Time, also func() error) (bool, error)
}
