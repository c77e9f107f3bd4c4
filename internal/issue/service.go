package issue

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"

	"lockers/internal/apperr"
	"lockers/internal/identity"
)

// Service answers issue.create and issue.list and keeps the photos.
type Service struct {
	store      Store
	photos     PhotoStore
	now        func() time.Time
	photoQuota int64
}

// NewService returns the issue service; now may be nil for time.Now.
func NewService(st Store, photos PhotoStore, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{store: st, photos: photos, now: now, photoQuota: PhotoQuotaBytes}
}

// SetPhotoQuota changes the stored photo bytes a user may add in
// QuotaWindow (tests use a small one).
func (s *Service) SetPhotoQuota(bytes int64) { s.photoQuota = bytes }

func newID() string { return uuid.Must(uuid.NewV7()).String() }

// validID reports a canonical UUID: PostgreSQL would refuse a malformed one
// with an error rather than a miss.
func validID(id string) bool {
	u, err := uuid.Parse(id)
	return err == nil && len(id) == 36 && u.String() == id
}

// The catalogue has no ISSUE_ or PHOTO_NOT_FOUND: a photo that is not the
// caller's (or not there) is bad input, as an unknown issue is in the back office.
var (
	errNoPhoto       = apperr.Field(apperr.BadInput, "photoRef", "no such photo")
	errNoOrderLocker = apperr.Field(apperr.OrderNotFound, "orderLockerUuid", "no such order locker")
)

// SavePhoto checks an upload (ReadPhoto: JPEG or PNG by content, at most
// MaxPhotoBytes), re-encodes it (Reencode: within a pixel budget, scaled,
// without metadata), refuses it past the user's daily quota of stored photo
// bytes, stores it and answers its reference, which only userID may attach to
// a report. Only the re-encoded photo is kept; the upload is never stored.
func (s *Service) SavePhoto(ctx context.Context, userID string, r io.Reader) (string, error) {
	upload, ct, err := ReadPhoto(r)
	if err != nil {
		return "", err
	}
	// The quota is read before decoding too: a user past it costs no decode.
	now := s.now().UTC()
	used, err := s.store.PhotoBytesSince(ctx, userID, now.Add(-QuotaWindow))
	if err != nil {
		return "", fmt.Errorf("issue: photo quota: %w", err)
	}
	if used >= s.photoQuota {
		return "", errPhotoQuota(s.photoQuota)
	}
	data, ct, err := Reencode(ctx, upload, ct)
	if err != nil {
		return "", err
	}
	if used+int64(len(data)) > s.photoQuota {
		return "", errPhotoQuota(s.photoQuota)
	}
	id := newID()
	if err := s.photos.Put(ctx, id, ct, data); err != nil {
		return "", fmt.Errorf("issue: store photo: %w", err)
	}
	if err := s.store.InsertPhoto(ctx, PhotoRow{ID: id, UserID: userID, ContentType: ct, Size: int64(len(data)),
		At: now}); err != nil {
		_ = s.photos.Delete(context.WithoutCancel(ctx), id)
		return "", fmt.Errorf("issue: record photo: %w", err)
	}
	return id, nil
}

// Photo opens a photo for p: its owner or an operator (MANAGER or ADMIN);
// anyone else is told there is no such photo.
func (s *Service) Photo(ctx context.Context, p identity.Principal, ref string) (Photo, error) {
	if !validID(ref) {
		return Photo{}, errNoPhoto
	}
	row, err := s.store.Photo(ctx, ref)
	if errors.Is(err, ErrNotFound) {
		return Photo{}, errNoPhoto
	}
	if err != nil {
		return Photo{}, fmt.Errorf("issue: photo: %w", err)
	}
	if row.UserID != p.UserID && !p.IsAdmin() && !p.Has(identity.RoleManager) {
		return Photo{}, errNoPhoto
	}
	body, err := s.photos.Open(ctx, ref)
	if err != nil {
		return Photo{}, fmt.Errorf("issue: open photo: %w", err)
	}
	return Photo{ContentType: row.ContentType, Size: row.Size, Body: body}, nil
}

// check validates a new report before anything is written.
func (in *NewReport) check() error {
	in.Text = strings.TrimSpace(in.Text)
	switch {
	case in.Category == "":
		return apperr.Field(apperr.MissingParams, "category", "category is required")
	case !slices.Contains(Categories, in.Category):
		return apperr.Field(apperr.BadInput, "category", "unknown category")
	case in.Text == "":
		return apperr.Field(apperr.MissingParams, "text", "text is required")
	case !utf8.ValidString(in.Text) || utf8.RuneCountInString(in.Text) > MaxTextRunes:
		return apperr.Field(apperr.BadInput, "text", fmt.Sprintf("at most %d characters", MaxTextRunes))
	case in.PhotoRef != "" && !validID(in.PhotoRef):
		return errNoPhoto
	case in.OrderLockerID != "" && !validID(in.OrderLockerID):
		return errNoOrderLocker
	}
	return nil
}

// Create files userID's report. An order locker must be one of the user's
// (ORDER_NOT_FOUND otherwise); it names the locker and station for the
// operators. A photo must be the user's own upload and not yet on a report.
// The report and the photo's attachment commit together.
func (s *Service) Create(ctx context.Context, userID string, in NewReport) (Report, error) {
	if err := in.check(); err != nil {
		return Report{}, err
	}
	id := newID()
	err := s.store.File(ctx, Filed{ID: id, UserID: userID, Category: in.Category, Text: in.Text, PhotoRef: in.PhotoRef,
		OrderLockerID: in.OrderLockerID, At: s.now().UTC()})
	switch {
	case errors.Is(err, ErrNoOrderLocker):
		return Report{}, errNoOrderLocker
	case errors.Is(err, ErrPhotoTaken):
		return Report{}, errNoPhoto
	case err != nil:
		return Report{}, fmt.Errorf("issue: create: %w", err)
	}
	list, err := s.store.Reports(ctx, userID, id)
	if err != nil || len(list) != 1 {
		return Report{}, fmt.Errorf("issue: read back %s: %w", id, err)
	}
	return list[0], nil
}

// List answers userID's reports, newest first, each with the operators'
// answers oldest first. Nobody else's reports are ever read.
func (s *Service) List(ctx context.Context, userID string) ([]Report, error) {
	list, err := s.store.Reports(ctx, userID, "")
	if err != nil {
		return nil, fmt.Errorf("issue: list: %w", err)
	}
	return list, nil
}
