-- +goose Up
-- Back office (issue 15): a user can be blocked (login refused, sessions ended),
-- every admin write leaves an audit row with its values before and after, and
-- the admin lists page by key (created_at, id) with indexes to walk.
ALTER TABLE users ADD COLUMN blocked_at TIMESTAMP;

CREATE TABLE audit_log (
    id          TEXT      NOT NULL PRIMARY KEY CHECK (length(id) = 36),
    -- Who did it; NULL once that account is gone (the row stays for the record).
    actor_id    TEXT      REFERENCES users (id) ON DELETE SET NULL,
    action      TEXT      NOT NULL CHECK (action <> ''),
    target_type TEXT      NOT NULL CHECK (target_type <> ''),
    target_id   TEXT      NOT NULL,
    -- JSON objects of the changed values; '{}' when there was nothing before.
    before_json TEXT      NOT NULL DEFAULT '{}',
    after_json  TEXT      NOT NULL DEFAULT '{}',
    note        TEXT      NOT NULL DEFAULT '',
    created_at  TIMESTAMP NOT NULL
);

CREATE INDEX audit_log_created_idx ON audit_log (created_at, id);
CREATE INDEX audit_log_target_idx ON audit_log (target_type, target_id, created_at, id);
CREATE INDEX audit_log_actor_idx ON audit_log (actor_id, created_at, id);

CREATE INDEX users_created_idx ON users (created_at, id);
CREATE INDEX orders_created_idx ON orders (created_at, id);
CREATE INDEX orders_status_created_idx ON orders (status, created_at, id);
CREATE INDEX orders_station_created_idx ON orders (station_id, created_at, id);
CREATE INDEX orders_user_created_idx ON orders (user_id, created_at, id);
CREATE INDEX events_created_id_idx ON events (created_at, id);

-- +goose Down
DROP INDEX events_created_id_idx;
DROP INDEX orders_user_created_idx;
DROP INDEX orders_station_created_idx;
DROP INDEX orders_status_created_idx;
DROP INDEX orders_created_idx;
DROP INDEX users_created_idx;
DROP TABLE audit_log;
ALTER TABLE users DROP COLUMN blocked_at;
