// Package issuesql keeps the issue domain's tables on both databases: the
// issues (locker_issues), the operators' notes (issue_notes) and the users'
// photos (issue_photos). It is their only writer: the users' reports and
// photos through Store, an operator's update through InTx's steps inside the
// back office's transaction, and the station hardware's alarms through the
// steps in alarms.go, which the hardware store calls inside its own.
package issuesql

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"lockers/internal/issue"
	"lockers/internal/store"
)

// Store implements issue.Store.
type Store struct{ db *store.DB }

// New returns the issue store on db.
func New(db *store.DB) *Store { return &Store{db: db} }

var _ issue.Store = (*Store)(nil)

// InsertPhoto records an uploaded photo.
func (s *Store) InsertPhoto(ctx context.Context, p issue.PhotoRow) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO issue_photos (id, user_id, content_type, size_bytes, created_at)
		VALUES ($1, $2, $3, $4, $5)`, p.ID, p.UserID, p.ContentType, p.Size, p.At.UTC())
	return err
}

// PhotoBytesSince adds up the sizes of userID's photos after since
// (issue_photos_user_idx).
func (s *Store) PhotoBytesSince(ctx context.Context, userID string, since time.Time) (int64, error) {
	var n int64
	err := s.db.QueryRowContext(ctx, `SELECT COALESCE(SUM(size_bytes), 0) FROM issue_photos WHERE user_id = $1 AND created_at > $2`,
		userID, since.UTC()).Scan(&n)
	return n, err
}

// Photo reads a photo's record.
func (s *Store) Photo(ctx context.Context, id string) (issue.PhotoRow, error) {
	p := issue.PhotoRow{ID: id}
	err := s.db.QueryRowContext(ctx, `SELECT user_id, content_type, size_bytes FROM issue_photos WHERE id = $1`, id).
		Scan(&p.UserID, &p.ContentType, &p.Size)
	if errors.Is(err, sql.ErrNoRows) {
		return issue.PhotoRow{}, issue.ErrNotFound
	}
	return p, err
}

// File inserts a user's report and attaches its photo, in one transaction.
func (s *Store) File(ctx context.Context, r issue.Filed) error {
	return s.db.InTx(ctx, func(tx *store.Tx) error {
		var locker, station, orderLocker sql.NullString
		if r.OrderLockerID != "" {
			err := tx.QueryRowContext(ctx, `SELECT ol.id, ol.locker_id, l.station_id FROM order_lockers ol
				JOIN orders o ON o.id = ol.order_id JOIN lockers l ON l.id = ol.locker_id
				WHERE ol.id = $1 AND o.user_id = $2`, r.OrderLockerID, r.UserID).Scan(&orderLocker, &locker, &station)
			if errors.Is(err, sql.ErrNoRows) {
				return issue.ErrNoOrderLocker
			}
			if err != nil {
				return err
			}
		}
		var photo sql.NullString
		if r.PhotoRef != "" {
			photo = sql.NullString{String: r.PhotoRef, Valid: true}
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO locker_issues (id, locker_id, station_id, order_locker_id, kind,
			created_at, user_id, category, body, photo_ref, state, updated_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $6)`,
			r.ID, locker, station, orderLocker, issue.KindUserReport, r.At.UTC(), r.UserID, r.Category, r.Text, photo,
			issue.Open); err != nil {
			return err
		}
		if !photo.Valid {
			return nil
		}
		res, err := tx.ExecContext(ctx, `UPDATE issue_photos SET issue_id = $1
			WHERE id = $2 AND user_id = $3 AND issue_id IS NULL`, r.ID, r.PhotoRef, r.UserID)
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		if err == nil && n != 1 {
			err = issue.ErrPhotoTaken
		}
		return err
	})
}

// SweepablePhotos lists photos to delete: loose ones (by the partial index of
// migration 00026) and those of deleted accounts.
func (s *Store) SweepablePhotos(ctx context.Context, cutoff time.Time, limit int) ([]string, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id FROM issue_photos WHERE issue_id IS NULL AND created_at < $1
		UNION
		SELECT p.id FROM issue_photos p JOIN users u ON u.id = p.user_id WHERE u.deleted_at IS NOT NULL
		LIMIT $2`, cutoff.UTC(), limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var id sql.NullString
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id.String)
	}
	return ids, rows.Err()
}

// DeletePhoto deletes a photo's row while it qualifies, then runs also in the
// same transaction (rolled back when also fails).
func (s *Store) DeletePhoto(ctx context.Context, id string, cutoff time.Time, also func() error) (bool, error) {
	gone := false
	err := s.db.InTx(ctx, func(tx *store.Tx) error {
		res, err := tx.ExecContext(ctx, `DELETE FROM issue_photos WHERE id = $1 AND (
			(issue_id IS NULL AND created_at < $2)
			OR user_id IN (SELECT id FROM users WHERE deleted_at IS NOT NULL))`, id, cutoff.UTC())
		if err != nil {
			return err
		}
		if k, err := res.RowsAffected(); err != nil || k == 0 {
			return err // taken by a report meanwhile
		}
		gone = true
		return also()
	})
	if err != nil {
		gone = false
	}
	return gone, err
}
