-- A notification of its own for an extension the customer paid (issue 46): the
-- later end and what it cost, as a booking's confirmation says its time.
-- SQLite cannot change a CHECK in place, so the table is rebuilt.

-- +goose Up
CREATE TABLE notifications_new (
    id         TEXT      NOT NULL PRIMARY KEY CHECK (length(id) = 36),
    user_id    TEXT      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind       TEXT      NOT NULL CHECK (kind IN ('booking_confirmed', 'payment_failed', 'starts_soon', 'ends_soon',
                   'ended', 'door_left_open', 'refund_made', 'issue_answered', 'locker_moved', 'unexpected_door_opening',
                   'order_deleted', 'extension_offered', 'payment_returned', 'extension_paid')),
    order_id   TEXT,
    title      TEXT      NOT NULL,
    body       TEXT      NOT NULL,
    created_at TIMESTAMP NOT NULL,
    read_at    TIMESTAMP,
    params     TEXT      NOT NULL DEFAULT '{}'
);
INSERT INTO notifications_new (id, user_id, kind, order_id, title, body, created_at, read_at, params)
    SELECT id, user_id, kind, order_id, title, body, created_at, read_at, params FROM notifications;
DROP TABLE notifications;
ALTER TABLE notifications_new RENAME TO notifications;
CREATE INDEX notifications_user_idx ON notifications (user_id, created_at DESC, id DESC);
CREATE INDEX notifications_unread_idx ON notifications (user_id, read_at) WHERE read_at IS NULL;

-- +goose Down
DELETE FROM notifications WHERE kind = 'extension_paid';
CREATE TABLE notifications_old (
    id         TEXT      NOT NULL PRIMARY KEY CHECK (length(id) = 36),
    user_id    TEXT      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind       TEXT      NOT NULL CHECK (kind IN ('booking_confirmed', 'payment_failed', 'starts_soon', 'ends_soon',
                   'ended', 'door_left_open', 'refund_made', 'issue_answered', 'locker_moved', 'unexpected_door_opening',
                   'order_deleted', 'extension_offered', 'payment_returned')),
    order_id   TEXT,
    title      TEXT      NOT NULL,
    body       TEXT      NOT NULL,
    created_at TIMESTAMP NOT NULL,
    read_at    TIMESTAMP,
    params     TEXT      NOT NULL DEFAULT '{}'
);
INSERT INTO notifications_old (id, user_id, kind, order_id, title, body, created_at, read_at, params)
    SELECT id, user_id, kind, order_id, title, body, created_at, read_at, params FROM notifications;
DROP TABLE notifications;
ALTER TABLE notifications_old RENAME TO notifications;
CREATE INDEX notifications_user_idx ON notifications (user_id, created_at DESC, id DESC);
CREATE INDEX notifications_unread_idx ON notifications (user_id, read_at) WHERE read_at IS NULL;

