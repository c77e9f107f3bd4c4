-- The back office's server log (backoffice.Activity) reads each source newest
-- first, a page at a time, optionally for one user: an index per source on its
-- time (and on user and time where the log filters by user). An order's page
-- lists its door commands by compartment.

-- +goose Up
CREATE INDEX sessions_created_idx ON sessions (created_at, id);
CREATE INDEX sessions_user_created_idx ON sessions (user_id, created_at, id);
CREATE INDEX door_commands_created_idx ON door_commands (created_at, id);
CREATE INDEX payments_created_idx ON payments (created_at, id);
CREATE INDEX payments_user_created_idx ON payments (user_id, created_at, id);
CREATE INDEX webhook_events_received_idx ON webhook_events (received_at);
CREATE INDEX door_commands_order_locker_idx ON door_commands (order_locker_id, created_at);

-- +goose Down
DROP INDEX door_commands_order_locker_idx;
DROP INDEX webhook_events_received_idx;
DROP INDEX payments_user_created_idx;
DROP INDEX payments_created_idx;
DROP INDEX door_commands_created_idx;
DROP INDEX sessions_user_created_idx;
DROP INDEX sessions_created_idx;
