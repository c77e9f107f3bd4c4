-- A door that opens with no command of lockerd's in flight is an alarm
-- (docs/station-protocol.md "Unexpected openings"): a locker issue of its own
-- kind, and a notification to the renter of the compartment. SQLite cannot
-- change a CHECK in place, so both tables are rebuilt. issue_notes and
-- issue_photos refer to locker_issues, and dropping a table with foreign keys
-- on would cascade to them: the rebuild runs with foreign keys off, in a
-- transaction of its own (SQLite's documented way to change a table), on the
-- one write connection.

-- +goose NO TRANSACTION
-- +goose Up
PRAGMA foreign_keys = OFF;
BEGIN;
CREATE TABLE locker_issues_new (
    id              TEXT      NOT NULL PRIMARY KEY CHECK (length(id) = 36),
    locker_id       TEXT      REFERENCES lockers (id),
    station_id      TEXT      REFERENCES stations (id),
    order_locker_id TEXT      REFERENCES order_lockers (id) ON DELETE SET NULL,
    kind            TEXT      NOT NULL CHECK (kind IN
                        ('door_did_not_open', 'door_left_open', 'temperature_out_of_range', 'station_offline', 'user_report',
                         'unexpected_door_opening')),
    created_at      TIMESTAMP NOT NULL,
    resolved_at     TIMESTAMP,
    user_id         TEXT      REFERENCES users (id) ON DELETE SET NULL,
    category        TEXT      NOT NULL DEFAULT '',
    body            TEXT      NOT NULL DEFAULT '',
    photo_ref       TEXT,
    state           TEXT      NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'in_progress', 'resolved')),
    updated_at      TIMESTAMP,
    -- A user's report may name neither a locker nor a station.
    CHECK (kind = 'user_report' OR locker_id IS NOT NULL OR station_id IS NOT NULL)
);
INSERT INTO locker_issues_new (id, locker_id, station_id, order_locker_id, kind, created_at, resolved_at, user_id, category, body,
    photo_ref, state, updated_at)
    SELECT id, locker_id, station_id, order_locker_id, kind, created_at, resolved_at, user_id, category, body,
    photo_ref, state, updated_at FROM locker_issues;
DROP TABLE locker_issues;
ALTER TABLE locker_issues_new RENAME TO locker_issues;
CREATE INDEX locker_issues_open_idx ON locker_issues (created_at) WHERE resolved_at IS NULL;
CREATE UNIQUE INDEX locker_issues_open_alarm_idx ON locker_issues (COALESCE(locker_id, station_id), kind)
    WHERE resolved_at IS NULL AND kind NOT IN ('door_did_not_open', 'user_report');
CREATE INDEX locker_issues_created_idx ON locker_issues (created_at, id);
CREATE INDEX locker_issues_state_created_idx ON locker_issues (state, created_at, id);
CREATE INDEX locker_issues_station_created_idx ON locker_issues (station_id, created_at, id);
CREATE INDEX locker_issues_kind_created_idx ON locker_issues (kind, created_at, id);
CREATE INDEX locker_issues_user_created_idx ON locker_issues (user_id, created_at, id) WHERE user_id IS NOT NULL;
-- +goose StatementBegin
CREATE TRIGGER locker_issues_station AFTER INSERT ON locker_issues
WHEN NEW.station_id IS NULL AND NEW.locker_id IS NOT NULL
BEGIN
    UPDATE locker_issues SET station_id = (SELECT station_id FROM lockers WHERE id = NEW.locker_id)
    WHERE id = NEW.id;
END;
-- +goose StatementEnd
CREATE TABLE notifications_new (
    id         TEXT      NOT NULL PRIMARY KEY CHECK (length(id) = 36),
    user_id    TEXT      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind       TEXT      NOT NULL CHECK (kind IN ('booking_confirmed', 'payment_failed', 'starts_soon', 'ends_soon',
                   'ended', 'door_left_open', 'refund_made', 'issue_answered', 'locker_moved', 'unexpected_door_opening')),
    order_id   TEXT,
    title      TEXT      NOT NULL,
    body       TEXT      NOT NULL,
    created_at TIMESTAMP NOT NULL,
    read_at    TIMESTAMP,
    params     TEXT      NOT NULL DEFAULT '{}'
);
INSERT INTO notifications_new (id, user_id, kind, order_id, title, body, created_at, read_at, params)
    SELECT id, user_id, kind, order_id, title, body, created_at, read_at, params FROM notifications;
DROP TABLE notifications;
ALTER TABLE notifications_new RENAME TO notifications;
CREATE INDEX notifications_user_idx ON notifications (user_id, created_at DESC, id DESC);
CREATE INDEX notifications_unread_idx ON notifications (user_id, read_at) WHERE read_at IS NULL;
COMMIT;
PRAGMA foreign_keys = ON;

-- +goose Down
PRAGMA foreign_keys = OFF;
BEGIN;
CREATE TABLE locker_issues_old (
    id              TEXT      NOT NULL PRIMARY KEY CHECK (length(id) = 36),
    locker_id       TEXT      REFERENCES lockers (id),
    station_id      TEXT      REFERENCES stations (id),
    order_locker_id TEXT      REFERENCES order_lockers (id) ON DELETE SET NULL,
    kind            TEXT      NOT NULL CHECK (kind IN
                        ('door_did_not_open', 'door_left_open', 'temperature_out_of_range', 'station_offline', 'user_report')),
    created_at      TIMESTAMP NOT NULL,
    resolved_at     TIMESTAMP,
    user_id         TEXT      REFERENCES users (id) ON DELETE SET NULL,
    category        TEXT      NOT NULL DEFAULT '',
    body            TEXT      NOT NULL DEFAULT '',
    photo_ref       TEXT,
    state           TEXT      NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'in_progress', 'resolved')),
    updated_at      TIMESTAMP,
    -- A user's report may name neither a locker nor a station.
    CHECK (kind = 'user_report' OR locker_id IS NOT NULL OR station_id IS NOT NULL)
);
INSERT INTO locker_issues_old (id, locker_id, station_id, order_locker_id, kind, created_at, resolved_at, user_id, category, body,
    photo_ref, state, updated_at)
    SELECT id, locker_id, station_id, order_locker_id, kind, created_at, resolved_at, user_id, category, body,
    photo_ref, state, updated_at FROM locker_issues WHERE kind <> 'unexpected_door_opening';
DROP TABLE locker_issues;
ALTER TABLE locker_issues_old RENAME TO locker_issues;
CREATE INDEX locker_issues_open_idx ON locker_issues (created_at) WHERE resolved_at IS NULL;
CREATE UNIQUE INDEX locker_issues_open_alarm_idx ON locker_issues (COALESCE(locker_id, station_id), kind)
    WHERE resolved_at IS NULL AND kind NOT IN ('door_did_not_open', 'user_report');
CREATE INDEX locker_issues_created_idx ON locker_issues (created_at, id);
CREATE INDEX locker_issues_state_created_idx ON locker_issues (state, created_at, id);
CREATE INDEX locker_issues_station_created_idx ON locker_issues (station_id, created_at, id);
CREATE INDEX locker_issues_kind_created_idx ON locker_issues (kind, created_at, id);
CREATE INDEX locker_issues_user_created_idx ON locker_issues (user_id, created_at, id) WHERE user_id IS NOT NULL;
-- +goose StatementBegin
CREATE TRIGGER locker_issues_station AFTER INSERT ON locker_issues
WHEN NEW.station_id IS NULL AND NEW.locker_id IS NOT NULL
BEGIN
    UPDATE locker_issues SET station_id = (SELECT station_id FROM lockers WHERE id = NEW.locker_id)
    WHERE id = NEW.id;
END;
-- +goose StatementEnd
CREATE TABLE notifications_old (
    id         TEXT      NOT NULL PRIMARY KEY CHECK (length(id) = 36),
    user_id    TEXT      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind       TEXT      NOT NULL CHECK (kind IN ('booking_confirmed', 'payment_failed', 'starts_soon', 'ends_soon',
                   'ended', 'door_left_open', 'refund_made', 'issue_answered', 'locker_moved')),
    order_id   TEXT,
    title      TEXT      NOT NULL,
    body       TEXT      NOT NULL,
    created_at TIMESTAMP NOT NULL,
    read_at    TIMESTAMP,
    params     TEXT      NOT NULL DEFAULT '{}'
);
INSERT INTO notifications_old (id, user_id, kind, order_id, title, body, created_at, read_at, params)
    SELECT id, user_id, kind, order_id, title, body, created_at, read_at, params FROM notifications WHERE kind <> 'unexpected_door_opening';
DROP TABLE notifications;
ALTER TABLE notifications_old RENAME TO notifications;
CREATE INDEX notifications_user_idx ON notifications (user_id, created_at DESC, id DESC);
CREATE INDEX notifications_unread_idx ON notifications (user_id, read_at) WHERE read_at IS NULL;
COMMIT;
PRAGMA foreign_keys = ON;
