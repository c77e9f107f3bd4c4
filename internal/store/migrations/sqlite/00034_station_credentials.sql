-- Station trust (docs/station-protocol.md): each station's key generation.
-- Keys are derived from STATION_SECRET, the station id and the generation, so
-- no secret is stored here. A station without a row is at generation 1.
-- +goose Up
CREATE TABLE station_credentials (
    station_id        TEXT      NOT NULL PRIMARY KEY REFERENCES stations (id) ON DELETE CASCADE,
    -- the generation lockerd signs with and expects
    generation        INTEGER   NOT NULL CHECK (generation >= 1),
    -- the generation before a rotation, still accepted until grace_until
    previous          INTEGER   CHECK (previous IS NULL OR previous >= 1),
    grace_until       TIMESTAMP,
    -- the generation of the station's broker password (changes on create, not on rotate)
    broker_generation INTEGER   NOT NULL CHECK (broker_generation >= 1),
    revoked_at        TIMESTAMP,
    updated_at        TIMESTAMP NOT NULL
);

-- +goose Down
DROP TABLE station_credentials;
