-- Door intents (issue 26): a door opens only on a fresh, deliberate command.
-- The app asks for an intent when the user is asked "Are you sure?" and sends
-- it with the open; the server obeys the open only if the intent is the
-- caller's, for that door, unused and at most DOOR_INTENT_TTL old. Only the
-- token's SHA-256 is stored. A row is deleted when it is used (so two opens
-- with one intent open once, whichever lockerd process serves them) and when
-- it is older than any TTL (hardware.Prune).

-- +goose Up
CREATE TABLE door_intents (
    token_hash TEXT      NOT NULL PRIMARY KEY,
    user_id    TEXT      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    -- app: target_id is an order locker (locker.open); operator: a compartment
    -- (stations.openDoor).
    kind       TEXT      NOT NULL CHECK (kind IN ('app', 'operator')),
    target_id  TEXT      NOT NULL CHECK (length(target_id) = 36),
    issued_at  TIMESTAMP NOT NULL
);

CREATE INDEX door_intents_issued_idx ON door_intents (issued_at);

-- +goose Down
DROP TABLE door_intents;
