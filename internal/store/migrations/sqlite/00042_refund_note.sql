-- An operator's refund keeps the note they gave (issue 46: the back office's
-- Refunds table said "cancel" where the operator had written why); a
-- customer's own cancel has none.

-- +goose Up
ALTER TABLE refunds ADD COLUMN note TEXT NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE refunds DROP COLUMN note;
