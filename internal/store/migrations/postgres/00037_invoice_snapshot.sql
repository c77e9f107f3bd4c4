-- An invoice is a document, fixed when it is issued (issue 42): the seller, the
-- buyer and the station's time zone it prints are copied onto the row in the
-- transaction that numbers it, so a later profile, price or configuration
-- change never alters an issued invoice. The lines (with their own VAT rate)
-- and totals were fixed already.
-- Invoices issued before this migration take the buyer and zone they would
-- have printed today (the accounts' current names, a deleted account's none);
-- their seller columns stay NULL until lockerd starts and copies SELLER_* onto
-- them once (invoice.Service.FreezeSeller), since configuration is not known here.
-- docs/decisions/111-invoice-snapshot.md

-- +goose Up
ALTER TABLE invoices ADD COLUMN seller_name text, ADD COLUMN seller_address text,
    ADD COLUMN seller_registry_code text, ADD COLUMN seller_vat_number text,
    ADD COLUMN buyer_name text NOT NULL DEFAULT '', ADD COLUMN buyer_email text NOT NULL DEFAULT '',
    ADD COLUMN station_zone text NOT NULL DEFAULT '';

UPDATE invoices i SET buyer_name = TRIM(u.first_name || ' ' || u.last_name), buyer_email = COALESCE(u.email, '')
    FROM users u WHERE u.id = i.user_id;
UPDATE invoices i SET station_zone = s.time_zone FROM orders o JOIN stations s ON s.id = o.station_id
    WHERE o.id = i.order_id;

-- +goose Down
ALTER TABLE invoices DROP COLUMN station_zone, DROP COLUMN buyer_email, DROP COLUMN buyer_name,
    DROP COLUMN seller_vat_number, DROP COLUMN seller_registry_code, DROP COLUMN seller_address,
    DROP COLUMN seller_name;
