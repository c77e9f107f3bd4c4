-- +goose Up
-- Notifications (issue 16): what the user sees at /notifications, written in the
-- account's language when the event happened (push, e-mail and SMS carry the
-- same words); read_at NULL while unread. order_id links a notification to the
-- order it is about (no foreign key: an order an operator deletes keeps its
-- history). docs/decisions.md, "Notifications".
CREATE TABLE notifications (
    id         uuid        NOT NULL PRIMARY KEY,
    user_id    uuid        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind       TEXT      NOT NULL CHECK (kind IN ('booking_confirmed', 'payment_failed', 'starts_soon', 'ends_soon',
                   'ended', 'door_left_open', 'refund_made', 'issue_answered')),
    order_id   uuid,
    title      TEXT      NOT NULL,
    body       TEXT      NOT NULL,
    created_at timestamptz NOT NULL,
    read_at    timestamptz
);

-- The list, newest first, paged by (created_at, id); and the unread count.
CREATE INDEX notifications_user_idx ON notifications (user_id, created_at DESC, id DESC);
CREATE INDEX notifications_unread_idx ON notifications (user_id) WHERE read_at IS NULL;

-- Per channel choices; no row means the defaults (push and e-mail on, SMS off).
CREATE TABLE notification_settings (
    user_id    uuid      NOT NULL PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    push       boolean   NOT NULL,
    email      boolean   NOT NULL,
    sms        boolean   NOT NULL,
    updated_at timestamptz NOT NULL
);

-- What notifications last saw of an order, so that a save tells what changed
-- (booked, ended later, payment failed, money refunded), and the River jobs of
-- its reminders, which an extension moves and a cancellation cancels.
CREATE TABLE order_notify_state (
    order_id       uuid      NOT NULL PRIMARY KEY REFERENCES orders (id) ON DELETE CASCADE,
    status         TEXT      NOT NULL,
    ends_at        timestamptz NOT NULL,
    payment_state  TEXT      NOT NULL DEFAULT '',
    refunded_cents bigint    NOT NULL DEFAULT 0,
    start_job      bigint,
    end_job        bigint,
    ended_job      bigint
);

-- +goose Down
DROP TABLE order_notify_state;
DROP TABLE notification_settings;
DROP INDEX notifications_unread_idx;
DROP INDEX notifications_user_idx;
DROP TABLE notifications;
