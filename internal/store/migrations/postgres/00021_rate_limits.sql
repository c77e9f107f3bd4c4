-- Rate limits shared by every lockerd process on this database (issue 18,
-- "More than one machine"). UNLOGGED: no WAL is written for them, so a bucket
-- costs one in-memory page write; a crash of the server empties the table,
-- which only forgives the limits' counts for a minute or so.

-- +goose Up
CREATE UNLOGGED TABLE rate_limits (
    k            text PRIMARY KEY,
    -- token buckets (GCRA): the time the bucket is full again, Unix nanoseconds
    tat          bigint NOT NULL DEFAULT 0,
    -- lockouts: the fixed window's start, the failures in it and the lock's end
    window_start bigint NOT NULL DEFAULT 0,
    fails        integer NOT NULL DEFAULT 0,
    locked_until bigint NOT NULL DEFAULT 0,
    -- the row changes no decision after this (Unix nanoseconds); pruned by a job
    expires      bigint NOT NULL
);
CREATE INDEX rate_limits_expires ON rate_limits (expires);

-- +goose Down
DROP TABLE rate_limits;
