-- A price line and an invoice line say what they paid for (issue 28): the
-- period (an extension's own, from the old end to the new one; UTC, printed in
-- the station's zone) and whether the daily cap priced the started hours; a
-- pending extension keeps the latter too (orders.ext_capped).
-- Lines written before this migration have no period and print as before.

-- +goose Up
ALTER TABLE orders ADD COLUMN ext_capped INTEGER NOT NULL DEFAULT 0 CHECK (ext_capped IN (0, 1));
ALTER TABLE order_price_lines ADD COLUMN starts_at TIMESTAMP;
ALTER TABLE order_price_lines ADD COLUMN ends_at TIMESTAMP;
ALTER TABLE order_price_lines ADD COLUMN capped INTEGER NOT NULL DEFAULT 0 CHECK (capped IN (0, 1));
ALTER TABLE invoice_lines ADD COLUMN starts_at TIMESTAMP;
ALTER TABLE invoice_lines ADD COLUMN ends_at TIMESTAMP;
ALTER TABLE invoice_lines ADD COLUMN capped INTEGER NOT NULL DEFAULT 0 CHECK (capped IN (0, 1));

-- +goose Down
ALTER TABLE invoice_lines DROP COLUMN capped;
ALTER TABLE invoice_lines DROP COLUMN ends_at;
ALTER TABLE invoice_lines DROP COLUMN starts_at;
ALTER TABLE order_price_lines DROP COLUMN capped;
ALTER TABLE order_price_lines DROP COLUMN ends_at;
ALTER TABLE order_price_lines DROP COLUMN starts_at;
ALTER TABLE orders DROP COLUMN ext_capped;
