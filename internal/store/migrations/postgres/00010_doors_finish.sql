-- Doors, finished (issue 13): codes drawn at booking are unique at their
-- station, and alarms (a door left open, a temperature out of range, a
-- controller gone offline) are recorded for operators next to the doors that
-- did not open; a temperature alarm gives the rental's user one free order.

-- +goose Up
-- The booking trigger refuses a code another live rental at the station
-- holds (not removed, the rental live and not over; rentals of the same
-- compartment never run at once, so they may share one): the orders domain
-- draws again (order.ErrCodeTaken). The message is what ordersql recognises.
-- A rental already over when it is written (history, seed-load) opens no
-- door and is not checked.
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION order_lockers_codes_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    st uuid;
BEGIN
    SELECT station_id INTO st FROM lockers WHERE id = NEW.locker_id;
    IF NEW.live AND NEW.ends_at > now() AND EXISTS (SELECT 1 FROM locker_codes c JOIN order_lockers ol ON ol.id = c.order_locker_id
               WHERE c.station_id = st AND ol.locker_id <> NEW.locker_id AND c.code IN (NEW.delivery_code, NEW.picking_code)
                 AND c.removed_at IS NULL AND ol.id <> NEW.id AND ol.live
                 AND ol.ends_at > now()) THEN
        RAISE EXCEPTION 'locker_code_taken';
    END IF;
    INSERT INTO locker_codes (id, order_locker_id, station_id, kind, code, created_at)
    SELECT gen_random_uuid(), NEW.id, st, k.kind,
           CASE k.kind WHEN 'delivery' THEN NEW.delivery_code ELSE NEW.picking_code END, now()
    FROM (VALUES ('delivery'), ('picking')) AS k (kind);
    RETURN NULL;
END;
$$;
-- +goose StatementEnd

-- Alarms are issues too. A station's alarm (offline) has no locker.
ALTER TABLE locker_issues ALTER COLUMN locker_id DROP NOT NULL;
ALTER TABLE locker_issues ADD COLUMN station_id uuid REFERENCES stations (id);
ALTER TABLE locker_issues DROP CONSTRAINT locker_issues_kind_check;
ALTER TABLE locker_issues ADD CONSTRAINT locker_issues_kind_check CHECK (kind IN
    ('door_did_not_open', 'door_left_open', 'temperature_out_of_range', 'station_offline'));
ALTER TABLE locker_issues ADD CONSTRAINT locker_issues_subject_check CHECK (locker_id IS NOT NULL OR station_id IS NOT NULL);
-- One open alarm per compartment (or station) and kind: a check that runs
-- again while the condition lasts adds nothing.
CREATE UNIQUE INDEX locker_issues_open_alarm_idx ON locker_issues (COALESCE(locker_id, station_id), kind)
    WHERE resolved_at IS NULL AND kind <> 'door_did_not_open';

-- Handled-event ids are kept a day (a repeat arrives within seconds), then
-- pruned by their time.
CREATE INDEX station_events_received_idx ON station_events (received_at);

-- The pack a temperature alarm grants (subject "temperature:<order locker>",
-- so once per rental).
INSERT INTO coupon_packs (code, name_en, name_et, free_orders, station_id) VALUES
    ('TEMPERATURE', 'A free order: the temperature went out of range', 'Tasuta tellimus: temperatuur oli lubatust väljas', 1, NULL);

-- +goose Down
DROP INDEX station_events_received_idx;
DELETE FROM user_coupons WHERE pack_code = 'TEMPERATURE';
DELETE FROM coupon_packs WHERE code = 'TEMPERATURE';
DROP INDEX locker_issues_open_alarm_idx;
DELETE FROM locker_issues WHERE kind <> 'door_did_not_open';
ALTER TABLE locker_issues DROP CONSTRAINT locker_issues_subject_check;
ALTER TABLE locker_issues DROP CONSTRAINT locker_issues_kind_check;
ALTER TABLE locker_issues ADD CONSTRAINT locker_issues_kind_check CHECK (kind IN ('door_did_not_open'));
ALTER TABLE locker_issues DROP COLUMN station_id;
ALTER TABLE locker_issues ALTER COLUMN locker_id SET NOT NULL;
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION order_lockers_codes_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO locker_codes (id, order_locker_id, station_id, kind, code, created_at)
    SELECT gen_random_uuid(), NEW.id, l.station_id, k.kind,
           CASE k.kind WHEN 'delivery' THEN NEW.delivery_code ELSE NEW.picking_code END, now()
    FROM lockers l CROSS JOIN (VALUES ('delivery'), ('picking')) AS k (kind)
    WHERE l.id = NEW.locker_id;
    RETURN NULL;
END;
$$;
-- +goose StatementEnd
