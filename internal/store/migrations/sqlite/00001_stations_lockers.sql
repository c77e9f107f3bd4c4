-- Stations and their lockers (compartments), docs/product.md "Domain model".
-- SQLite: ids are UUID text, booleans 0/1, timestamps sortable UTC text in columns
-- declared TIMESTAMP so the driver reads them back as time.Time.

-- +goose Up
CREATE TABLE stations (
    id            TEXT    NOT NULL PRIMARY KEY CHECK (length(id) = 36),
    name          TEXT    NOT NULL CHECK (name <> ''),
    address       TEXT    NOT NULL CHECK (address <> ''),
    city          TEXT    NOT NULL CHECK (city <> ''),
    latitude      REAL    NOT NULL CHECK (latitude BETWEEN -90 AND 90),
    longitude     REAL    NOT NULL CHECK (longitude BETWEEN -180 AND 180),
    time_zone     TEXT    NOT NULL DEFAULT 'Europe/Tallinn' CHECK (time_zone <> ''),
    -- OpenStreetMap opening_hours syntax; '24/7' is the product default.
    opening_hours TEXT    NOT NULL DEFAULT '24/7' CHECK (opening_hours <> ''),
    active        INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
    link_state    TEXT    NOT NULL DEFAULT 'offline' CHECK (link_state IN ('online', 'offline')),
    last_seen_at  TIMESTAMP,
    created_at    TIMESTAMP NOT NULL DEFAULT (strftime('%Y-%m-%d %H:%M:%f+00:00', 'now')),
    updated_at    TIMESTAMP NOT NULL DEFAULT (strftime('%Y-%m-%d %H:%M:%f+00:00', 'now'))
);

CREATE INDEX stations_city_name_idx ON stations (city, name);

CREATE TABLE lockers (
    id          TEXT    NOT NULL PRIMARY KEY CHECK (length(id) = 36),
    station_id  TEXT    NOT NULL REFERENCES stations (id) ON DELETE CASCADE,
    label       TEXT    NOT NULL CHECK (label <> ''),
    -- "height" is the spec's size class; the measured dimensions are *_mm.
    height      TEXT    NOT NULL CHECK (height IN ('small', 'big')),
    type        TEXT    NOT NULL DEFAULT 'standard' CHECK (type <> ''),
    temperature TEXT    NOT NULL CHECK (temperature IN ('cool', 'neutral', 'warm')),
    height_mm   INTEGER NOT NULL CHECK (height_mm > 0),
    width_mm    INTEGER NOT NULL CHECK (width_mm > 0),
    depth_mm    INTEGER NOT NULL CHECK (depth_mm > 0),
    state       TEXT    NOT NULL DEFAULT 'available' CHECK (state IN ('available', 'out_of_service')),
    door_state  TEXT    NOT NULL DEFAULT 'unknown' CHECK (door_state IN ('closed', 'open', 'unknown')),
    created_at  TIMESTAMP NOT NULL DEFAULT (strftime('%Y-%m-%d %H:%M:%f+00:00', 'now')),
    updated_at  TIMESTAMP NOT NULL DEFAULT (strftime('%Y-%m-%d %H:%M:%f+00:00', 'now')),
    UNIQUE (station_id, label)
);

-- A product is (station, height, type, temperature): availability looks lockers up by it.
CREATE INDEX lockers_product_idx ON lockers (station_id, height, type, temperature);

-- +goose Down
DROP TABLE lockers;
DROP TABLE stations;
