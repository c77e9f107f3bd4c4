-- +goose Up
-- Notifications are rendered when they are read (issue 28): in the reader's
-- language of that moment, not the account's language when the event happened.
-- params holds what a text needs (station, locker, times, amount, the station's
-- time zone, ...) as JSON; title and body stay as written, for rows from before
-- this column ('{}') and as the wording of the deliveries already sent.
ALTER TABLE notifications ADD COLUMN params TEXT NOT NULL DEFAULT '{}';

-- +goose Down
ALTER TABLE notifications DROP COLUMN params;
