-- Statistics by month (issue 15): a year by month and station read 365 × 200
-- stats_daily rows and grouped them (0.4–1.2 s on SQLite at a million orders).
-- stats_monthly holds the same figures per whole UTC calendar month and station
-- (plus the all-stations row), summed from stats_daily; stats_months lists the
-- months summed.
--
-- A month is the text "2026-06": it is the bucket name statistics.get returns,
-- so the read selects the column as it is, and it is a prefix of the day text
-- ("2026-06-01 00:00:00+00:00"), so the trigger finds a day's month with substr.
--
-- When a write takes a past day off stats_days (00013's triggers), the trigger
-- below takes that day's month off stats_months too, so the next read by month
-- sums the day and then the month again.

-- +goose Up
CREATE TABLE stats_months (
    month     TEXT      NOT NULL PRIMARY KEY CHECK (length(month) = 7),
    rolled_at TIMESTAMP NOT NULL
);

CREATE TABLE stats_monthly (
    month          TEXT    NOT NULL CHECK (length(month) = 7),
    station_id     TEXT    NOT NULL,
    bookings       INTEGER NOT NULL,
    rental_hours   REAL    NOT NULL,
    locker_hours   REAL    NOT NULL,
    paid_cents     INTEGER NOT NULL,
    refunded_cents INTEGER NOT NULL,
    PRIMARY KEY (month, station_id)
);

-- +goose StatementBegin
CREATE TRIGGER stats_days_month_stale AFTER DELETE ON stats_days
BEGIN
    DELETE FROM stats_months WHERE month = substr(OLD.day, 1, 7);
END;
-- +goose StatementEnd

-- +goose Down
DROP TRIGGER stats_days_month_stale;
DROP TABLE stats_monthly;
DROP TABLE stats_months;
