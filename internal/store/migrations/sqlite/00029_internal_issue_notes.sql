-- Issue notes for operators only (issue 30): an operator's note is either the
-- answer the reporting user sees or an internal note that stays in the back
-- office. Existing notes were all shown to the user, so they stay visible.

-- +goose Up
ALTER TABLE issue_notes ADD COLUMN internal INTEGER NOT NULL DEFAULT 0 CHECK (internal IN (0, 1));

-- +goose Down
ALTER TABLE issue_notes DROP COLUMN internal;
