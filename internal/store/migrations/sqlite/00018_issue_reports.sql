-- Users' issue reports (issue 16). A report is a locker_issues row of kind
-- user_report (00011 gave the table user_id, category, body and photo_ref);
-- this adds what /issues and the photo upload need:
-- * the user's own list, newest first, read by key;
-- * issue_photos: one uploaded photo each, whose owner is checked when it is
--   attached to a report and when it is served (the bytes live in the photo
--   store: a folder or an S3 bucket, keyed by id). issue_id stays NULL until
--   a report takes the photo; a photo is taken once.

-- +goose Up
CREATE INDEX locker_issues_user_created_idx ON locker_issues (user_id, created_at, id) WHERE user_id IS NOT NULL;

CREATE TABLE issue_photos (
    id           TEXT      NOT NULL PRIMARY KEY CHECK (length(id) = 36),
    user_id      TEXT      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    content_type TEXT      NOT NULL CHECK (content_type IN ('image/jpeg', 'image/png')),
    size_bytes   INTEGER   NOT NULL CHECK (size_bytes > 0),
    issue_id     TEXT      REFERENCES locker_issues (id) ON DELETE SET NULL,
    created_at   TIMESTAMP NOT NULL
);

CREATE UNIQUE INDEX issue_photos_issue_idx ON issue_photos (issue_id) WHERE issue_id IS NOT NULL;
CREATE INDEX issue_photos_user_idx ON issue_photos (user_id, created_at);

-- +goose Down
DROP TABLE issue_photos;
DROP INDEX locker_issues_user_created_idx;
