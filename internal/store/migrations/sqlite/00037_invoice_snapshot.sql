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
ALTER TABLE invoices ADD COLUMN seller_name TEXT;
ALTER TABLE invoices ADD COLUMN seller_address TEXT;
ALTER TABLE invoices ADD COLUMN seller_registry_code TEXT;
ALTER TABLE invoices ADD COLUMN seller_vat_number TEXT;
ALTER TABLE invoices ADD COLUMN buyer_name TEXT NOT NULL DEFAULT '';
ALTER TABLE invoices ADD COLUMN buyer_email TEXT NOT NULL DEFAULT '';
ALTER TABLE invoices ADD COLUMN station_zone TEXT NOT NULL DEFAULT '';

UPDATE invoices SET
    buyer_name = COALESCE((SELECT TRIM(u.first_name || ' ' || u.last_name) FROM users u WHERE u.id = invoices.user_id), ''),
    buyer_email = COALESCE((SELECT u.email FROM users u WHERE u.id = invoices.user_id), ''),
    station_zone = COALESCE((SELECT s.time_zone FROM orders o JOIN stations s ON s.id = o.station_id
        WHERE o.id = invoices.order_id), '');

-- +goose Down
ALTER TABLE invoices DROP COLUMN station_zone;
ALTER TABLE invoices DROP COLUMN buyer_email;
ALTER TABLE invoices DROP COLUMN buyer_name;
ALTER TABLE invoices DROP COLUMN seller_vat_number;
ALTER TABLE invoices DROP COLUMN seller_registry_code;
ALTER TABLE invoices DROP COLUMN seller_address;
ALTER TABLE invoices DROP COLUMN seller_name;
