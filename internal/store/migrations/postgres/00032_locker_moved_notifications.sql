-- A notification of its own for a booking moved to another compartment (issue
-- 30: an operator took the booked one out of service).

-- +goose Up
ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check CHECK (kind IN ('booking_confirmed', 'payment_failed',
    'starts_soon', 'ends_soon', 'ended', 'door_left_open', 'refund_made', 'issue_answered', 'locker_moved'));

-- +goose Down
DELETE FROM notifications WHERE kind = 'locker_moved';
ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check CHECK (kind IN ('booking_confirmed', 'payment_failed',
    'starts_soon', 'ends_soon', 'ended', 'door_left_open', 'refund_made', 'issue_answered'));
