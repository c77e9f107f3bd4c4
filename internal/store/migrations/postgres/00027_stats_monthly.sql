-- Statistics by month (issue 15): a year by month and station read 365 × 200
-- stats_daily rows and grouped them (0.1–0.3 s at a million orders).
-- stats_monthly holds the same figures per whole UTC calendar month and station
-- (plus the all-stations row), summed from stats_daily; stats_months lists the
-- months summed.
--
-- A month is the text "2026-06" (as on SQLite): it is the bucket name
-- statistics.get returns, so the read selects the column as it is, with no
-- to_char per row, and the queries are the same text on both engines.
--
-- When a write takes a past day off stats_days (00013's triggers), the trigger
-- below takes that day's month off stats_months too, so the next read by month
-- sums the day and then the month again.

-- +goose Up
CREATE TABLE stats_months (
    month     text        NOT NULL PRIMARY KEY CHECK (month ~ '^[0-9]{4}-[0-9]{2}$'),
    rolled_at timestamptz NOT NULL
);

CREATE TABLE stats_monthly (
    month          text             NOT NULL CHECK (month ~ '^[0-9]{4}-[0-9]{2}$'),
    station_id     uuid             NOT NULL,
    bookings       bigint           NOT NULL,
    rental_hours   double precision NOT NULL,
    locker_hours   double precision NOT NULL,
    paid_cents     bigint           NOT NULL,
    refunded_cents bigint           NOT NULL,
    PRIMARY KEY (month, station_id)
);

-- +goose StatementBegin
CREATE FUNCTION stats_stale_month() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM stats_months WHERE month = to_char(OLD.day AT TIME ZONE 'UTC', 'YYYY-MM');
    RETURN NULL;
END;
$$;
-- +goose StatementEnd

CREATE TRIGGER stats_days_month_stale AFTER DELETE ON stats_days FOR EACH ROW EXECUTE FUNCTION stats_stale_month();

-- +goose Down
DROP TRIGGER stats_days_month_stale ON stats_days;
DROP FUNCTION stats_stale_month();
DROP TABLE stats_monthly;
DROP TABLE stats_months;
