-- A price line and an invoice line say what they paid for (issue 28): the
-- period (an extension's own, from the old end to the new one; printed in the
-- station's zone) and whether the daily cap priced the started hours (a pending
-- extension keeps the latter in orders.ext_capped). Lines
-- written before this migration have no period and print as before.

-- +goose Up
ALTER TABLE orders ADD COLUMN ext_capped boolean NOT NULL DEFAULT false;
ALTER TABLE order_price_lines ADD COLUMN starts_at timestamptz, ADD COLUMN ends_at timestamptz,
    ADD COLUMN capped boolean NOT NULL DEFAULT false,
    ADD CONSTRAINT order_price_lines_period CHECK (ends_at > starts_at);
ALTER TABLE invoice_lines ADD COLUMN starts_at timestamptz, ADD COLUMN ends_at timestamptz,
    ADD COLUMN capped boolean NOT NULL DEFAULT false,
    ADD CONSTRAINT invoice_lines_period CHECK (ends_at > starts_at);

-- +goose Down
ALTER TABLE invoice_lines DROP CONSTRAINT invoice_lines_period, DROP COLUMN capped, DROP COLUMN ends_at,
    DROP COLUMN starts_at;
ALTER TABLE order_price_lines DROP CONSTRAINT order_price_lines_period, DROP COLUMN capped, DROP COLUMN ends_at,
    DROP COLUMN starts_at;
ALTER TABLE orders DROP COLUMN ext_capped;
