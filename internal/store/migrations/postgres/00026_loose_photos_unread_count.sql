-- Two indexes for work that runs often:
-- * Photos uploaded for an issue report that no report took: the photo sweep
--   (issue.SweepPhotos, hourly) deletes those older than a day. Loose photos
--   are few, so a partial index keeps the sweep's look-up small.
-- * notification.list's unread count: the partial index of unread
--   notifications (00017) held only user_id, so SQLite read every unread row of
--   the table to check read_at (it does not treat a partial index's condition
--   as covered); with read_at in the index the count reads the index alone.

-- +goose Up
CREATE INDEX issue_photos_loose_idx ON issue_photos (created_at) WHERE issue_id IS NULL;

DROP INDEX notifications_unread_idx;
CREATE INDEX notifications_unread_idx ON notifications (user_id, read_at) WHERE read_at IS NULL;

-- +goose Down
DROP INDEX notifications_unread_idx;
CREATE INDEX notifications_unread_idx ON notifications (user_id) WHERE read_at IS NULL;

DROP INDEX issue_photos_loose_idx;
