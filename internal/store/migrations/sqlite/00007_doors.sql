-- Doors (issue 13): keypad codes of order lockers, door commands and the
-- station events already handled, lockers that would not open. The door sensor
-- is the source of truth: an order locker becomes delivered or picked when a
-- door cycle opened with one of its codes ends (see internal/hardware).

-- +goose Up
-- One row per code. order_lockers keeps its delivery_code / picking_code
-- columns as a mirror of the oldest live code of each kind (order.get shows
-- them); this table is what the keypad checks.
CREATE TABLE locker_codes (
    id              TEXT      NOT NULL PRIMARY KEY CHECK (length(id) = 36),
    order_locker_id TEXT      NOT NULL REFERENCES order_lockers (id) ON DELETE CASCADE,
    station_id      TEXT      NOT NULL REFERENCES stations (id),
    kind            TEXT      NOT NULL CHECK (kind IN ('delivery', 'picking')),
    code            TEXT      NOT NULL CHECK (length(code) = 6 AND code NOT GLOB '*[^0-9]*'),
    created_at      TIMESTAMP NOT NULL,
    last_used_at    TIMESTAMP,
    removed_at      TIMESTAMP
);

-- The keypad looks a code up by station; removed codes never match.
CREATE INDEX locker_codes_station_code_idx ON locker_codes (station_id, code) WHERE removed_at IS NULL;
CREATE INDEX locker_codes_order_locker_idx ON locker_codes (order_locker_id);

INSERT INTO locker_codes (id, order_locker_id, station_id, kind, code, created_at)
SELECT lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-a'
           || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))),
       ol.id, l.station_id, k.kind, CASE k.kind WHEN 'delivery' THEN ol.delivery_code ELSE ol.picking_code END,
       strftime('%Y-%m-%d %H:%M:%f+00:00', 'now')
FROM order_lockers ol JOIN lockers l ON l.id = ol.locker_id
CROSS JOIN (SELECT 'delivery' AS kind UNION ALL SELECT 'picking') k;

-- Every booked order locker starts with the two codes the orders domain drew.
-- +goose StatementBegin
CREATE TRIGGER order_lockers_codes_insert AFTER INSERT ON order_lockers
BEGIN
    INSERT INTO locker_codes (id, order_locker_id, station_id, kind, code, created_at)
    SELECT lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-a'
               || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))),
           NEW.id, l.station_id, k.kind, CASE k.kind WHEN 'delivery' THEN NEW.delivery_code ELSE NEW.picking_code END,
           strftime('%Y-%m-%d %H:%M:%f+00:00', 'now')
    FROM lockers l CROSS JOIN (SELECT 'delivery' AS kind UNION ALL SELECT 'picking') k
    WHERE l.id = NEW.locker_id;
END;
-- +goose StatementEnd

-- Commands sent to a door, with what the sensor said about them.
CREATE TABLE door_commands (
    id              TEXT      NOT NULL PRIMARY KEY CHECK (length(id) = 36),
    station_id      TEXT      NOT NULL REFERENCES stations (id),
    locker_id       TEXT      NOT NULL REFERENCES lockers (id),
    order_locker_id TEXT      REFERENCES order_lockers (id) ON DELETE SET NULL,
    code_id         TEXT      REFERENCES locker_codes (id) ON DELETE SET NULL,
    code_kind       TEXT      CHECK (code_kind IN ('delivery', 'picking')),
    reason          TEXT      NOT NULL CHECK (reason IN ('app', 'kiosk', 'retry', 'repair')),
    created_at      TIMESTAMP NOT NULL,
    accepted_at     TIMESTAMP,
    rejected_at     TIMESTAMP,
    opened_at       TIMESTAMP,
    closed_at       TIMESTAMP
);

-- "The door cycle that is open now" of a locker.
CREATE INDEX door_commands_locker_open_idx ON door_commands (locker_id, opened_at) WHERE closed_at IS NULL;

-- Station events already handled: a repeat (QoS 1) finds its id and changes nothing.
CREATE TABLE station_events (
    id          TEXT      NOT NULL PRIMARY KEY,
    station_id  TEXT      NOT NULL,
    kind        TEXT      NOT NULL,
    received_at TIMESTAMP NOT NULL
);

-- Lockers an operator must look at (a door that did not open).
CREATE TABLE locker_issues (
    id              TEXT      NOT NULL PRIMARY KEY CHECK (length(id) = 36),
    locker_id       TEXT      NOT NULL REFERENCES lockers (id),
    order_locker_id TEXT      REFERENCES order_lockers (id) ON DELETE SET NULL,
    kind            TEXT      NOT NULL CHECK (kind IN ('door_did_not_open')),
    created_at      TIMESTAMP NOT NULL,
    resolved_at     TIMESTAMP
);

CREATE INDEX locker_issues_open_idx ON locker_issues (created_at) WHERE resolved_at IS NULL;

-- Revocable links that show the picking side of an order locker to someone
-- without an account, valid until the order ends. Only the token's SHA-256 is
-- kept: a database read does not give the link away.
CREATE TABLE guest_links (
    id              TEXT      NOT NULL PRIMARY KEY CHECK (length(id) = 36),
    order_locker_id TEXT      NOT NULL REFERENCES order_lockers (id) ON DELETE CASCADE,
    token_hash      TEXT      NOT NULL UNIQUE,
    created_at      TIMESTAMP NOT NULL,
    revoked_at      TIMESTAMP
);

CREATE INDEX guest_links_order_locker_idx ON guest_links (order_locker_id);

-- Temperatures that cooled and warmed compartments report (about one a minute).
CREATE TABLE locker_temperatures (
    locker_id TEXT      NOT NULL REFERENCES lockers (id) ON DELETE CASCADE,
    at        TIMESTAMP NOT NULL,
    celsius   REAL      NOT NULL,
    PRIMARY KEY (locker_id, at)
);

-- When the door sensor last spoke, and when the station's link last changed:
-- a late event older than these changes nothing.
ALTER TABLE lockers ADD COLUMN door_at TIMESTAMP;
ALTER TABLE stations ADD COLUMN link_at TIMESTAMP;

-- +goose Down
ALTER TABLE stations DROP COLUMN link_at;
ALTER TABLE lockers DROP COLUMN door_at;
DROP TABLE locker_temperatures;
DROP TABLE guest_links;
DROP TABLE locker_issues;
DROP TABLE station_events;
DROP TABLE door_commands;
DROP TRIGGER order_lockers_codes_insert;
DROP TABLE locker_codes;
