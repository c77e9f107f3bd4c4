-- A door that opens with no command of lockerd's in flight is an alarm
-- (docs/station-protocol.md "Unexpected openings"): a locker issue of its own
-- kind, and a notification to the renter of the compartment.

-- +goose Up
ALTER TABLE locker_issues DROP CONSTRAINT locker_issues_kind_check;
ALTER TABLE locker_issues ADD CONSTRAINT locker_issues_kind_check CHECK (kind IN
    ('door_did_not_open', 'door_left_open', 'temperature_out_of_range', 'station_offline', 'user_report',
     'unexpected_door_opening'));
ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check CHECK (kind IN ('booking_confirmed', 'payment_failed',
    'starts_soon', 'ends_soon', 'ended', 'door_left_open', 'refund_made', 'issue_answered', 'locker_moved',
    'unexpected_door_opening'));

-- +goose Down
DELETE FROM notifications WHERE kind = 'unexpected_door_opening';
ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check CHECK (kind IN ('booking_confirmed', 'payment_failed',
    'starts_soon', 'ends_soon', 'ended', 'door_left_open', 'refund_made', 'issue_answered', 'locker_moved'));
DELETE FROM locker_issues WHERE kind = 'unexpected_door_opening';
ALTER TABLE locker_issues DROP CONSTRAINT locker_issues_kind_check;
ALTER TABLE locker_issues ADD CONSTRAINT locker_issues_kind_check CHECK (kind IN
    ('door_did_not_open', 'door_left_open', 'temperature_out_of_range', 'station_offline', 'user_report'));
