-- Doors (issue 13): keypad codes of order lockers, door commands and the
-- station events already handled, lockers that would not open. The door sensor
-- is the source of truth: an order locker becomes delivered or picked when a
-- door cycle opened with one of its codes ends (see internal/hardware).

-- +goose Up
-- One row per code. order_lockers keeps its delivery_code / picking_code
-- columns as a mirror of the oldest live code of each kind (order.get shows
-- them); this table is what the keypad checks.
CREATE TABLE locker_codes (
    id              uuid        NOT NULL PRIMARY KEY,
    order_locker_id uuid        NOT NULL REFERENCES order_lockers (id) ON DELETE CASCADE,
    station_id      uuid        NOT NULL REFERENCES stations (id),
    kind            text        NOT NULL CHECK (kind IN ('delivery', 'picking')),
    code            text        NOT NULL CHECK (code ~ '^[0-9]{6}$'),
    created_at      timestamptz NOT NULL,
    last_used_at    timestamptz,
    removed_at      timestamptz
);

-- The keypad looks a code up by station; removed codes never match.
CREATE INDEX locker_codes_station_code_idx ON locker_codes (station_id, code) WHERE removed_at IS NULL;
CREATE INDEX locker_codes_order_locker_idx ON locker_codes (order_locker_id);

INSERT INTO locker_codes (id, order_locker_id, station_id, kind, code, created_at)
SELECT gen_random_uuid(), ol.id, l.station_id, k.kind,
       CASE k.kind WHEN 'delivery' THEN ol.delivery_code ELSE ol.picking_code END, now()
FROM order_lockers ol JOIN lockers l ON l.id = ol.locker_id
CROSS JOIN (VALUES ('delivery'), ('picking')) AS k (kind);

-- Every booked order locker starts with the two codes the orders domain drew.
-- +goose StatementBegin
CREATE FUNCTION order_lockers_codes_insert() RETURNS trigger LANGUAGE plpgsql AS $$
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

CREATE TRIGGER order_lockers_codes_insert AFTER INSERT ON order_lockers
    FOR EACH ROW EXECUTE FUNCTION order_lockers_codes_insert();

-- Commands sent to a door, with what the sensor said about them.
CREATE TABLE door_commands (
    id              uuid        NOT NULL PRIMARY KEY,
    station_id      uuid        NOT NULL REFERENCES stations (id),
    locker_id       uuid        NOT NULL REFERENCES lockers (id),
    order_locker_id uuid        REFERENCES order_lockers (id) ON DELETE SET NULL,
    code_id         uuid        REFERENCES locker_codes (id) ON DELETE SET NULL,
    code_kind       text        CHECK (code_kind IN ('delivery', 'picking')),
    reason          text        NOT NULL CHECK (reason IN ('app', 'kiosk', 'retry', 'repair')),
    created_at      timestamptz NOT NULL,
    accepted_at     timestamptz,
    rejected_at     timestamptz,
    opened_at       timestamptz,
    closed_at       timestamptz
);

-- "The door cycle that is open now" of a locker.
CREATE INDEX door_commands_locker_open_idx ON door_commands (locker_id, opened_at) WHERE closed_at IS NULL;

-- Station events already handled: a repeat (QoS 1) finds its id and changes nothing.
CREATE TABLE station_events (
    id          text        NOT NULL PRIMARY KEY,
    station_id  text        NOT NULL,
    kind        text        NOT NULL,
    received_at timestamptz NOT NULL
);

-- Lockers an operator must look at (a door that did not open).
CREATE TABLE locker_issues (
    id              uuid        NOT NULL PRIMARY KEY,
    locker_id       uuid        NOT NULL REFERENCES lockers (id),
    order_locker_id uuid        REFERENCES order_lockers (id) ON DELETE SET NULL,
    kind            text        NOT NULL CHECK (kind IN ('door_did_not_open')),
    created_at      timestamptz NOT NULL,
    resolved_at     timestamptz
);

CREATE INDEX locker_issues_open_idx ON locker_issues (created_at) WHERE resolved_at IS NULL;

-- Revocable links that show the picking side of an order locker to someone
-- without an account, valid until the order ends. Only the token's SHA-256 is
-- kept: a database read does not give the link away.
CREATE TABLE guest_links (
    id              uuid        NOT NULL PRIMARY KEY,
    order_locker_id uuid        NOT NULL REFERENCES order_lockers (id) ON DELETE CASCADE,
    token_hash      text        NOT NULL UNIQUE,
    created_at      timestamptz NOT NULL,
    revoked_at      timestamptz
);

CREATE INDEX guest_links_order_locker_idx ON guest_links (order_locker_id);

-- Temperatures that cooled and warmed compartments report (about one a minute).
CREATE TABLE locker_temperatures (
    locker_id uuid        NOT NULL REFERENCES lockers (id) ON DELETE CASCADE,
    at        timestamptz NOT NULL,
    celsius   real        NOT NULL,
    PRIMARY KEY (locker_id, at)
);

-- When the door sensor last spoke, and when the station's link last changed:
-- a late event older than these changes nothing.
ALTER TABLE lockers ADD COLUMN door_at timestamptz;
ALTER TABLE stations ADD COLUMN link_at timestamptz;

-- +goose Down
ALTER TABLE stations DROP COLUMN link_at;
ALTER TABLE lockers DROP COLUMN door_at;
DROP TABLE locker_temperatures;
DROP TABLE guest_links;
DROP TABLE locker_issues;
DROP TABLE station_events;
DROP TABLE door_commands;
DROP TRIGGER order_lockers_codes_insert ON order_lockers;
DROP FUNCTION order_lockers_codes_insert();
DROP TABLE locker_codes;
