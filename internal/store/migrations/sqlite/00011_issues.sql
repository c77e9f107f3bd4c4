-- Issues for operators (issue 15, /admin/issues). locker_issues (00007) held
-- only the system's "door did not open"; it grows into every issue operators
-- work on: raised by the system (a locker, maybe an order locker) or reported
-- by a user (issue 16: a category, their text, an optional photo reference,
-- maybe a station, locker or order). An issue moves open → in_progress →
-- resolved, each step with a note in issue_notes. SQLite cannot change a
-- column's NOT NULL or a CHECK in place, so the table is rebuilt (nothing
-- refers to it).

-- +goose Up
CREATE TABLE locker_issues_new (
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

INSERT INTO locker_issues_new (id, locker_id, station_id, order_locker_id, kind, created_at, resolved_at, state)
SELECT i.id, i.locker_id, COALESCE(i.station_id, (SELECT l.station_id FROM lockers l WHERE l.id = i.locker_id)),
       i.order_locker_id, i.kind, i.created_at, i.resolved_at,
       CASE WHEN i.resolved_at IS NULL THEN 'open' ELSE 'resolved' END
FROM locker_issues i;

DROP TABLE locker_issues;
ALTER TABLE locker_issues_new RENAME TO locker_issues;

CREATE INDEX locker_issues_open_idx ON locker_issues (created_at) WHERE resolved_at IS NULL;
-- One open alarm per compartment (or station) and kind (00010).
CREATE UNIQUE INDEX locker_issues_open_alarm_idx ON locker_issues (COALESCE(locker_id, station_id), kind)
    WHERE resolved_at IS NULL AND kind NOT IN ('door_did_not_open', 'user_report');
CREATE INDEX locker_issues_created_idx ON locker_issues (created_at, id);
CREATE INDEX locker_issues_state_created_idx ON locker_issues (state, created_at, id);
CREATE INDEX locker_issues_station_created_idx ON locker_issues (station_id, created_at, id);
CREATE INDEX locker_issues_kind_created_idx ON locker_issues (kind, created_at, id);

-- The hardware domain inserts (id, locker_id, order_locker_id, kind,
-- created_at); the station follows from the locker, so the list can filter
-- and page by station with an index.
-- +goose StatementBegin
CREATE TRIGGER locker_issues_station AFTER INSERT ON locker_issues
WHEN NEW.station_id IS NULL AND NEW.locker_id IS NOT NULL
BEGIN
    UPDATE locker_issues SET station_id = (SELECT station_id FROM lockers WHERE id = NEW.locker_id)
    WHERE id = NEW.id;
END;
-- +goose StatementEnd

CREATE TABLE issue_notes (
    id         TEXT      NOT NULL PRIMARY KEY CHECK (length(id) = 36),
    issue_id   TEXT      NOT NULL REFERENCES locker_issues (id) ON DELETE CASCADE,
    -- Who wrote it; NULL once that account is gone.
    author_id  TEXT      REFERENCES users (id) ON DELETE SET NULL,
    from_state TEXT      NOT NULL,
    to_state   TEXT      NOT NULL,
    note       TEXT      NOT NULL CHECK (note <> ''),
    created_at TIMESTAMP NOT NULL
);

CREATE INDEX issue_notes_issue_idx ON issue_notes (issue_id, created_at, id);

-- +goose Down
DROP TABLE issue_notes;
DROP TRIGGER locker_issues_station;
CREATE TABLE locker_issues_old (
    id              TEXT      NOT NULL PRIMARY KEY CHECK (length(id) = 36),
    locker_id       TEXT      REFERENCES lockers (id),
    station_id      TEXT      REFERENCES stations (id),
    order_locker_id TEXT      REFERENCES order_lockers (id) ON DELETE SET NULL,
    kind            TEXT      NOT NULL CHECK (kind IN
                        ('door_did_not_open', 'door_left_open', 'temperature_out_of_range', 'station_offline')),
    created_at      TIMESTAMP NOT NULL,
    resolved_at     TIMESTAMP,
    CHECK (locker_id IS NOT NULL OR station_id IS NOT NULL)
);
INSERT INTO locker_issues_old (id, locker_id, station_id, order_locker_id, kind, created_at, resolved_at)
SELECT id, locker_id, station_id, order_locker_id, kind, created_at, resolved_at FROM locker_issues
WHERE kind <> 'user_report';
DROP TABLE locker_issues;
ALTER TABLE locker_issues_old RENAME TO locker_issues;
CREATE INDEX locker_issues_open_idx ON locker_issues (created_at) WHERE resolved_at IS NULL;
CREATE UNIQUE INDEX locker_issues_open_alarm_idx ON locker_issues (COALESCE(locker_id, station_id), kind)
    WHERE resolved_at IS NULL AND kind <> 'door_did_not_open';
