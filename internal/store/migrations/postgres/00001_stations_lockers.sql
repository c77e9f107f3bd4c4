-- Stations and their lockers (compartments), docs/product.md "Domain model".

-- +goose Up
CREATE TABLE stations (
    id            uuid             NOT NULL PRIMARY KEY,
    name          text             NOT NULL CHECK (name <> ''),
    address       text             NOT NULL CHECK (address <> ''),
    city          text             NOT NULL CHECK (city <> ''),
    latitude      double precision NOT NULL CHECK (latitude BETWEEN -90 AND 90),
    longitude     double precision NOT NULL CHECK (longitude BETWEEN -180 AND 180),
    time_zone     text             NOT NULL DEFAULT 'Europe/Tallinn' CHECK (time_zone <> ''),
    -- OpenStreetMap opening_hours syntax; '24/7' is the product default.
    opening_hours text             NOT NULL DEFAULT '24/7' CHECK (opening_hours <> ''),
    active        boolean          NOT NULL DEFAULT true,
    link_state    text             NOT NULL DEFAULT 'offline' CHECK (link_state IN ('online', 'offline')),
    last_seen_at  timestamptz,
    created_at    timestamptz      NOT NULL DEFAULT now(),
    updated_at    timestamptz      NOT NULL DEFAULT now()
);

CREATE INDEX stations_city_name_idx ON stations (city, name);

CREATE TABLE lockers (
    id          uuid        NOT NULL PRIMARY KEY,
    station_id  uuid        NOT NULL REFERENCES stations (id) ON DELETE CASCADE,
    label       text        NOT NULL CHECK (label <> ''),
    -- "height" is the spec's size class; the measured dimensions are *_mm.
    height      text        NOT NULL CHECK (height IN ('small', 'big')),
    type        text        NOT NULL DEFAULT 'standard' CHECK (type <> ''),
    temperature text        NOT NULL CHECK (temperature IN ('cool', 'neutral', 'warm')),
    height_mm   integer     NOT NULL CHECK (height_mm > 0),
    width_mm    integer     NOT NULL CHECK (width_mm > 0),
    depth_mm    integer     NOT NULL CHECK (depth_mm > 0),
    state       text        NOT NULL DEFAULT 'available' CHECK (state IN ('available', 'out_of_service')),
    door_state  text        NOT NULL DEFAULT 'unknown' CHECK (door_state IN ('closed', 'open', 'unknown')),
    created_at  timestamptz NOT NULL DEFAULT now(),
    updated_at  timestamptz NOT NULL DEFAULT now(),
    UNIQUE (station_id, label)
);

-- A product is (station, height, type, temperature): availability looks lockers up by it.
CREATE INDEX lockers_product_idx ON lockers (station_id, height, type, temperature);

-- +goose Down
DROP TABLE lockers;
DROP TABLE stations;
