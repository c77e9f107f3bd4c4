-- Rate limits kept in the database (RATE_LIMIT_STORE=database). lockerd on
-- SQLite keeps them in memory by default: one process serves one file.
-- Columns as on PostgreSQL (00021 there).

-- +goose Up
CREATE TABLE rate_limits (
    k            TEXT PRIMARY KEY,
    tat          INTEGER NOT NULL DEFAULT 0,
    window_start INTEGER NOT NULL DEFAULT 0,
    fails        INTEGER NOT NULL DEFAULT 0,
    locked_until INTEGER NOT NULL DEFAULT 0,
    expires      INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX rate_limits_expires ON rate_limits (expires);

-- +goose Down
DROP TABLE rate_limits;
