-- Notifications of an operator's changes to a booking (issue 42): a deleted
-- booking, and an extension that waits for the customer's payment.

-- +goose Up
ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check CHECK (kind IN ('booking_confirmed', 'payment_failed',
    'starts_soon', 'ends_soon', 'ended', 'door_left_open', 'refund_made', 'issue_answered', 'locker_moved', 'unexpected_door_opening',
    'order_deleted', 'extension_offered'));

-- +goose Down
DELETE FROM notifications WHERE kind IN ('order_deleted', 'extension_offered');
ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check CHECK (kind IN ('booking_confirmed', 'payment_failed',
    'starts_soon', 'ends_soon', 'ended', 'door_left_open', 'refund_made', 'issue_answered', 'locker_moved', 'unexpected_door_opening'));
