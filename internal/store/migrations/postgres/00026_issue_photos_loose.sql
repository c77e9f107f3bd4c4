-- Photos uploaded for an issue report that no report took: the photo sweep
-- (issue.SweepPhotos, hourly) deletes those older than a day. Loose photos are
-- few, so a partial index keeps the sweep's look-up small.

-- +goose Up
CREATE INDEX issue_photos_loose_idx ON issue_photos (created_at) WHERE issue_id IS NULL;

-- +goose Down
DROP INDEX issue_photos_loose_idx;
