-- Two bookings at one station committing at once could both draw the same
-- code: each trigger's check ran before the other had committed, so neither
-- saw the other's row (READ COMMITTED). The trigger now takes a transaction
-- lock per (station, code) before it checks, in a fixed order so two bookings
-- holding each other's codes cannot deadlock; the check is a new statement,
-- so it sees whatever the lock's previous holder committed. Adding or
-- regenerating a code (hardwaresql.AddCode) takes the same lock
-- (code_lock_key), so it never races a booking either.

-- +goose Up
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION code_lock_key(station uuid, code text) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT hashtextextended(station::text || '/' || code, 23) $$;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE OR REPLACE FUNCTION order_lockers_codes_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    st uuid;
BEGIN
    SELECT station_id INTO st FROM lockers WHERE id = NEW.locker_id;
    IF NEW.live AND NEW.ends_at > now() THEN
        PERFORM pg_advisory_xact_lock(code_lock_key(st, LEAST(NEW.delivery_code, NEW.picking_code)));
        PERFORM pg_advisory_xact_lock(code_lock_key(st, GREATEST(NEW.delivery_code, NEW.picking_code)));
        IF EXISTS (SELECT 1 FROM locker_codes c JOIN order_lockers ol ON ol.id = c.order_locker_id
                   WHERE c.station_id = st AND c.code = NEW.delivery_code AND c.removed_at IS NULL
                     AND ol.locker_id <> NEW.locker_id AND ol.id <> NEW.id AND ol.live AND ol.ends_at > now())
        OR EXISTS (SELECT 1 FROM locker_codes c JOIN order_lockers ol ON ol.id = c.order_locker_id
                   WHERE c.station_id = st AND c.code = NEW.picking_code AND c.removed_at IS NULL
                     AND ol.locker_id <> NEW.locker_id AND ol.id <> NEW.id AND ol.live AND ol.ends_at > now()) THEN
            RAISE EXCEPTION 'locker_code_taken';
        END IF;
    END IF;
    INSERT INTO locker_codes (id, order_locker_id, station_id, kind, code, created_at)
    SELECT gen_random_uuid(), NEW.id, st, k.kind,
           CASE k.kind WHEN 'delivery' THEN NEW.delivery_code ELSE NEW.picking_code END, now()
    FROM (VALUES ('delivery'), ('picking')) AS k (kind);
    RETURN NULL;
END;
$$;
-- +goose StatementEnd

-- +goose Down
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION order_lockers_codes_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    st uuid;
BEGIN
    SELECT station_id INTO st FROM lockers WHERE id = NEW.locker_id;
    IF NEW.live AND NEW.ends_at > now() AND (
           EXISTS (SELECT 1 FROM locker_codes c JOIN order_lockers ol ON ol.id = c.order_locker_id
                   WHERE c.station_id = st AND c.code = NEW.delivery_code AND c.removed_at IS NULL
                     AND ol.locker_id <> NEW.locker_id AND ol.id <> NEW.id AND ol.live AND ol.ends_at > now())
        OR EXISTS (SELECT 1 FROM locker_codes c JOIN order_lockers ol ON ol.id = c.order_locker_id
                   WHERE c.station_id = st AND c.code = NEW.picking_code AND c.removed_at IS NULL
                     AND ol.locker_id <> NEW.locker_id AND ol.id <> NEW.id AND ol.live AND ol.ends_at > now())) THEN
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
DROP FUNCTION code_lock_key(uuid, text);
