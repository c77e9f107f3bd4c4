-- A notification of its own for money that came for an order that no longer
-- waited for it and was refunded (issue 42: a stale payment link paid after a card).

-- +goose Up
ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check CHECK (kind IN ('booking_confirmed', 'payment_failed',
    'starts_soon', 'ends_soon', 'ended', 'door_left_open', 'refund_made', 'issue_answered', 'locker_moved', 'unexpected_door_opening',
    'order_deleted', 'extension_offered', 'payment_returned'));

-- +goose Down
DELETE FROM notifications WHERE kind = 'payment_returned';
ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check CHECK (kind IN ('booking_confirmed', 'payment_failed',
    'starts_soon', 'ends_soon', 'ended', 'door_left_open', 'refund_made', 'issue_answered', 'locker_moved', 'unexpected_door_opening',
    'order_deleted', 'extension_offered'));
