-- A notification of its own for an extension the customer paid (issue 46): the
-- later end and what it cost, as a booking's confirmation says its time.

-- +goose Up
ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check CHECK (kind IN ('booking_confirmed', 'payment_failed',
    'starts_soon', 'ends_soon', 'ended', 'door_left_open', 'refund_made', 'issue_answered', 'locker_moved', 'unexpected_door_opening',
    'order_deleted', 'extension_offered', 'payment_returned', 'extension_paid'));

-- +goose Down
DELETE FROM notifications WHERE kind = 'extension_paid';
ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check CHECK (kind IN ('booking_confirmed', 'payment_failed',
    'starts_soon', 'ends_soon', 'ended', 'door_left_open', 'refund_made', 'issue_answered', 'locker_moved', 'unexpected_door_opening',
    'order_deleted', 'extension_offered', 'payment_returned'));
