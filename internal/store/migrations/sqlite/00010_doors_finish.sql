-- Doors, finished (issue 13): codes drawn at booking are unique at their
-- station, and alarms (a door left open, a temperature out of range, a
-- controller gone offline) are recorded for operators next to the doors that
-- did not open; a temperature alarm gives the rental's user one free order.

-- +goose Up
-- A booking whose code another live rental at the station holds (not removed,
-- the rental live and not over; rentals of the same compartment never run at
-- once, so they may share one) is refused: the orders domain draws again
-- (order.ErrCodeTaken). The message is what ordersql recognises. A rental
-- already over when it is written (history, seed-load) opens no door and is
-- not checked.
-- +goose StatementBegin
CREATE TRIGGER order_lockers_code_taken BEFORE INSERT ON order_lockers
WHEN NEW.live AND NEW.ends_at > strftime('%Y-%m-%d %H:%M:%f+00:00', 'now') AND EXISTS (SELECT 1 FROM locker_codes c JOIN order_lockers ol ON ol.id = c.order_locker_id
    WHERE c.station_id = (SELECT station_id FROM lockers WHERE id = NEW.locker_id) AND ol.locker_id <> NEW.locker_id
      AND c.code IN (NEW.delivery_code, NEW.picking_code) AND c.removed_at IS NULL AND ol.id <> NEW.id AND ol.live
      AND ol.ends_at > strftime('%Y-%m-%d %H:%M:%f+00:00', 'now'))
BEGIN
    SELECT RAISE(ABORT, 'locker_code_taken');
END;
-- +goose StatementEnd

-- Alarms are issues too. A station's alarm (offline) has no locker.
CREATE TABLE locker_issues_new (
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
INSERT INTO locker_issues_new (id, locker_id, station_id, order_locker_id, kind, created_at, resolved_at)
SELECT i.id, i.locker_id, l.station_id, i.order_locker_id, i.kind, i.created_at, i.resolved_at
FROM locker_issues i LEFT JOIN lockers l ON l.id = i.locker_id;
DROP TABLE locker_issues;
ALTER TABLE locker_issues_new RENAME TO locker_issues;
CREATE INDEX locker_issues_open_idx ON locker_issues (created_at) WHERE resolved_at IS NULL;
-- One open alarm per compartment (or station) and kind: a check that runs
-- again while the condition lasts adds nothing.
CREATE UNIQUE INDEX locker_issues_open_alarm_idx ON locker_issues (COALESCE(locker_id, station_id), kind)
    WHERE resolved_at IS NULL AND kind <> 'door_did_not_open';

-- Handled-event ids are kept a day (a repeat arrives within seconds), then
-- pruned by their time.
CREATE INDEX station_events_received_idx ON station_events (received_at);

-- The pack a temperature alarm grants (subject "temperature:<order locker>",
-- so once per rental).
INSERT INTO coupon_packs (code, name_en, name_et, free_orders, station_id) VALUES
    ('TEMPERATURE', 'A free order: the temperature went out of range', 'Tasuta tellimus: temperatuur oli lubatust väljas', 1, NULL);

-- +goose Down
DROP INDEX station_events_received_idx;
DELETE FROM user_coupons WHERE pack_code = 'TEMPERATURE';
DELETE FROM coupon_packs WHERE code = 'TEMPERATURE';
CREATE TABLE locker_issues_old (
    id              TEXT      NOT NULL PRIMARY KEY CHECK (length(id) = 36),
    locker_id       TEXT      NOT NULL REFERENCES lockers (id),
    order_locker_id TEXT      REFERENCES order_lockers (id) ON DELETE SET NULL,
    kind            TEXT      NOT NULL CHECK (kind IN ('door_did_not_open')),
    created_at      TIMESTAMP NOT NULL,
    resolved_at     TIMESTAMP
);
INSERT INTO locker_issues_old SELECT id, locker_id, order_locker_id, kind, created_at, resolved_at
FROM locker_issues WHERE kind = 'door_did_not_open';
DROP TABLE locker_issues;
ALTER TABLE locker_issues_old RENAME TO locker_issues;
CREATE INDEX locker_issues_open_idx ON locker_issues (created_at) WHERE resolved_at IS NULL;
DROP TRIGGER order_lockers_code_taken;
