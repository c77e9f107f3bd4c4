-- Issues for operators (issue 15, /admin/issues). locker_issues (00007) held
-- only the system's "door did not open"; it grows into every issue operators
-- work on: raised by the system (a locker, maybe an order locker) or reported
-- by a user (issue 16: a category, their text, an optional photo reference,
-- maybe a station, locker or order). An issue moves open → in_progress →
-- resolved, each step with a note in issue_notes.

-- +goose Up
-- 00010 (doors) made locker_id optional, added station_id and the alarm kinds;
-- a user's report may name neither a locker nor a station.
ALTER TABLE locker_issues DROP CONSTRAINT locker_issues_kind_check;
ALTER TABLE locker_issues ADD CONSTRAINT locker_issues_kind_check CHECK (kind IN
    ('door_did_not_open', 'door_left_open', 'temperature_out_of_range', 'station_offline', 'user_report'));
ALTER TABLE locker_issues DROP CONSTRAINT locker_issues_subject_check;
ALTER TABLE locker_issues ADD CONSTRAINT locker_issues_subject_check
    CHECK (kind = 'user_report' OR locker_id IS NOT NULL OR station_id IS NOT NULL);
ALTER TABLE locker_issues ADD COLUMN user_id uuid REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE locker_issues ADD COLUMN category text NOT NULL DEFAULT '';
ALTER TABLE locker_issues ADD COLUMN body text NOT NULL DEFAULT '';
ALTER TABLE locker_issues ADD COLUMN photo_ref text;
ALTER TABLE locker_issues ADD COLUMN state text NOT NULL DEFAULT 'open'
    CHECK (state IN ('open', 'in_progress', 'resolved'));
ALTER TABLE locker_issues ADD COLUMN updated_at timestamptz;
-- One open alarm per compartment or station and kind (00010); users may report many.
DROP INDEX locker_issues_open_alarm_idx;
CREATE UNIQUE INDEX locker_issues_open_alarm_idx ON locker_issues (COALESCE(locker_id, station_id), kind)
    WHERE resolved_at IS NULL AND kind NOT IN ('door_did_not_open', 'user_report');

UPDATE locker_issues i SET station_id = l.station_id FROM lockers l WHERE l.id = i.locker_id;
UPDATE locker_issues SET state = 'resolved' WHERE resolved_at IS NOT NULL;

-- The hardware domain inserts (id, locker_id, order_locker_id, kind,
-- created_at); the station follows from the locker, so the list can filter
-- and page by station with an index.
-- +goose StatementBegin
CREATE FUNCTION locker_issues_station() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.station_id IS NULL AND NEW.locker_id IS NOT NULL THEN
        SELECT station_id INTO NEW.station_id FROM lockers WHERE id = NEW.locker_id;
    END IF;
    RETURN NEW;
END;
$$;
-- +goose StatementEnd

CREATE TRIGGER locker_issues_station BEFORE INSERT ON locker_issues
    FOR EACH ROW EXECUTE FUNCTION locker_issues_station();

CREATE INDEX locker_issues_created_idx ON locker_issues (created_at, id);
CREATE INDEX locker_issues_state_created_idx ON locker_issues (state, created_at, id);
CREATE INDEX locker_issues_station_created_idx ON locker_issues (station_id, created_at, id);
CREATE INDEX locker_issues_kind_created_idx ON locker_issues (kind, created_at, id);

CREATE TABLE issue_notes (
    id         uuid        NOT NULL PRIMARY KEY,
    issue_id   uuid        NOT NULL REFERENCES locker_issues (id) ON DELETE CASCADE,
    -- Who wrote it; NULL once that account is gone.
    author_id  uuid        REFERENCES users (id) ON DELETE SET NULL,
    from_state text        NOT NULL,
    to_state   text        NOT NULL,
    note       text        NOT NULL CHECK (note <> ''),
    created_at timestamptz NOT NULL
);

CREATE INDEX issue_notes_issue_idx ON issue_notes (issue_id, created_at, id);

-- +goose Down
DROP TABLE issue_notes;
DROP INDEX locker_issues_kind_created_idx;
DROP INDEX locker_issues_station_created_idx;
DROP INDEX locker_issues_state_created_idx;
DROP INDEX locker_issues_created_idx;
DROP TRIGGER locker_issues_station ON locker_issues;
DROP FUNCTION locker_issues_station();
DELETE FROM locker_issues WHERE kind = 'user_report';
DROP INDEX locker_issues_open_alarm_idx;
CREATE UNIQUE INDEX locker_issues_open_alarm_idx ON locker_issues (COALESCE(locker_id, station_id), kind)
    WHERE resolved_at IS NULL AND kind <> 'door_did_not_open';
ALTER TABLE locker_issues DROP COLUMN updated_at;
ALTER TABLE locker_issues DROP COLUMN state;
ALTER TABLE locker_issues DROP COLUMN photo_ref;
ALTER TABLE locker_issues DROP COLUMN body;
ALTER TABLE locker_issues DROP COLUMN category;
ALTER TABLE locker_issues DROP COLUMN user_id;
ALTER TABLE locker_issues DROP CONSTRAINT locker_issues_subject_check;
ALTER TABLE locker_issues ADD CONSTRAINT locker_issues_subject_check CHECK (locker_id IS NOT NULL OR station_id IS NOT NULL);
ALTER TABLE locker_issues DROP CONSTRAINT locker_issues_kind_check;
ALTER TABLE locker_issues ADD CONSTRAINT locker_issues_kind_check CHECK (kind IN
    ('door_did_not_open', 'door_left_open', 'temperature_out_of_range', 'station_offline'));
