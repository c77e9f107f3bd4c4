-- +goose Up
-- webhook_events becomes the notification inbox: a verified notification is
-- recorded (and acknowledged) first and applied after, in a transaction that
-- sets applied_at (docs/decisions.md, "Payments").
ALTER TABLE webhook_events ADD COLUMN payload TEXT NOT NULL DEFAULT '';
ALTER TABLE webhook_events ADD COLUMN applied_at TIMESTAMP;
ALTER TABLE webhook_events ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
ALTER TABLE webhook_events ADD COLUMN retry_at TIMESTAMP;
ALTER TABLE webhook_events ADD COLUMN failure TEXT NOT NULL DEFAULT '';
-- Every notification recorded before was applied in the same transaction.
UPDATE webhook_events SET applied_at = received_at;
CREATE INDEX webhook_events_unapplied ON webhook_events (received_at) WHERE applied_at IS NULL;

-- +goose Down
DROP INDEX webhook_events_unapplied;
ALTER TABLE webhook_events DROP COLUMN failure;
ALTER TABLE webhook_events DROP COLUMN retry_at;
ALTER TABLE webhook_events DROP COLUMN attempts;
ALTER TABLE webhook_events DROP COLUMN applied_at;
ALTER TABLE webhook_events DROP COLUMN payload;
