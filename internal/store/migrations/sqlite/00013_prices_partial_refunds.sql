-- Back office (issue 15): product prices per station, and partial refunds.
--
-- A station may set its own tariff for a product (size × temperature); a
-- product without a row here uses the service's default
-- (internal/station/pricing.go).
--
-- An operator may give part of an order's money back: a payment may then have
-- several refunds of reason 'partial', still at most one whole (cancel or
-- surplus) refund, which gives back what the partial ones left. SQLite cannot
-- drop a UNIQUE or change a CHECK in place, so refunds is rebuilt (nothing
-- refers to it).

-- Statistics keep a daily summary per station (stats_daily) of the days
-- before today, computed on first read; stats_days lists the days summed. A
-- write that changes a past day's figures (an order's times or confirmation,
-- a payment's or refund's money) takes that day off stats_days by trigger, so
-- the next read sums it again. Days are kept as the text the driver writes for
-- a time at midnight UTC ("2026-06-01 00:00:00+00:00").

-- +goose Up
CREATE TABLE station_prices (
    station_id   TEXT      NOT NULL REFERENCES stations (id) ON DELETE CASCADE,
    height       TEXT      NOT NULL CHECK (height IN ('small', 'big')),
    temperature  TEXT      NOT NULL CHECK (temperature IN ('cool', 'neutral', 'warm')),
    hourly_cents INTEGER   NOT NULL CHECK (hourly_cents > 0),
    daily_cents  INTEGER   NOT NULL CHECK (daily_cents > 0),
    updated_at   TIMESTAMP NOT NULL,
    PRIMARY KEY (station_id, height, temperature)
);

CREATE TABLE refunds_new (
    id              TEXT      NOT NULL PRIMARY KEY CHECK (length(id) = 36),
    payment_id      TEXT      NOT NULL REFERENCES payments (id),
    order_id        TEXT      NOT NULL REFERENCES orders (id),
    user_id         TEXT      NOT NULL REFERENCES users (id),
    provider        TEXT      NOT NULL,
    provider_ref    TEXT,
    -- Bumped only after the provider refused an attempt for good, so a retry
    -- after a timeout reuses the key and cannot refund twice.
    attempt         INTEGER   NOT NULL DEFAULT 1,
    amount_cents    INTEGER   NOT NULL CHECK (amount_cents > 0),
    vat_cents       INTEGER   NOT NULL,
    currency        TEXT      NOT NULL,
    reason          TEXT      NOT NULL CHECK (reason IN ('cancel', 'surplus', 'partial')),
    state           TEXT      NOT NULL CHECK (state IN ('pending', 'succeeded', 'failed')),
    failure         TEXT,
    created_at      TIMESTAMP NOT NULL,
    updated_at      TIMESTAMP NOT NULL,
    refunded_at     TIMESTAMP,
    invoiced_at     TIMESTAMP
);
INSERT INTO refunds_new SELECT id, payment_id, order_id, user_id, provider, provider_ref, attempt, amount_cents,
    vat_cents, currency, reason, state, failure, created_at, updated_at, refunded_at, invoiced_at FROM refunds;
DROP TABLE refunds;
ALTER TABLE refunds_new RENAME TO refunds;

CREATE INDEX refunds_order_idx ON refunds (order_id);
CREATE INDEX refunds_open_idx ON refunds (updated_at) WHERE state <> 'succeeded' OR invoiced_at IS NULL;
CREATE UNIQUE INDEX refunds_payment_whole_idx ON refunds (payment_id) WHERE reason <> 'partial';
CREATE INDEX refunds_payment_idx ON refunds (payment_id);

-- Statistics count today's (and part-days') money by these times.
CREATE INDEX payments_paid_idx ON payments (paid_at) WHERE paid_at IS NOT NULL;
CREATE INDEX refunds_refunded_idx ON refunds (refunded_at) WHERE state = 'succeeded';

-- reserved.list walks the few live orders newest first (its query states this
-- very condition).
CREATE INDEX orders_live_idx ON orders (created_at, id)
    WHERE status IN ('reserved', 'unpaid', 'processing', 'active', 'extended');

-- The back office's user search matches a substring of e-mail, name and
-- phone (internal/backoffice userSearch): an FTS5 trigram table of that text,
-- one row per user by rowid, kept by triggers, finds rare matches without
-- reading every user.
CREATE VIRTUAL TABLE users_search USING fts5 (doc, tokenize = 'trigram');
INSERT INTO users_search (rowid, doc) SELECT rowid, lower(coalesce(users.email, '') || ' ' || users.first_name || ' ' || users.last_name || ' ' || coalesce(users.phone_prefix || users.phone, '')) FROM users;

-- +goose StatementBegin
CREATE TRIGGER users_search_insert AFTER INSERT ON users
BEGIN
    INSERT INTO users_search (rowid, doc) VALUES (NEW.rowid, lower(coalesce(NEW.email, '') || ' ' || NEW.first_name || ' ' || NEW.last_name || ' ' || coalesce(NEW.phone_prefix || NEW.phone, '')));
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER users_search_update AFTER UPDATE OF email, first_name, last_name, phone_prefix, phone ON users
BEGIN
    UPDATE users_search SET doc = lower(coalesce(NEW.email, '') || ' ' || NEW.first_name || ' ' || NEW.last_name || ' ' || coalesce(NEW.phone_prefix || NEW.phone, '')) WHERE rowid = NEW.rowid;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER users_search_delete AFTER DELETE ON users
BEGIN
    DELETE FROM users_search WHERE rowid = OLD.rowid;
END;
-- +goose StatementEnd

CREATE TABLE stats_days (
    day       TIMESTAMP NOT NULL PRIMARY KEY,
    rolled_at TIMESTAMP NOT NULL
);

CREATE TABLE stats_daily (
    day            TIMESTAMP NOT NULL,
    station_id     TEXT      NOT NULL,
    bookings       INTEGER   NOT NULL,
    rental_hours   REAL      NOT NULL,
    locker_hours   REAL      NOT NULL,
    paid_cents     INTEGER   NOT NULL,
    refunded_cents INTEGER   NOT NULL,
    PRIMARY KEY (day, station_id)
);

-- +goose StatementBegin
CREATE TRIGGER orders_stats_insert AFTER INSERT ON orders
BEGIN
    DELETE FROM stats_days WHERE day = strftime('%Y-%m-%d 00:00:00+00:00', NEW.created_at);
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER orders_stats_update AFTER UPDATE ON orders
WHEN OLD.confirmed_at IS NOT NEW.confirmed_at OR OLD.starts_at <> NEW.starts_at OR OLD.ends_at <> NEW.ends_at
BEGIN
    DELETE FROM stats_days WHERE day = strftime('%Y-%m-%d 00:00:00+00:00', NEW.created_at);
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER payments_stats_insert AFTER INSERT ON payments WHEN NEW.paid_at IS NOT NULL
BEGIN
    DELETE FROM stats_days WHERE day = strftime('%Y-%m-%d 00:00:00+00:00', NEW.paid_at);
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER payments_stats_update AFTER UPDATE OF paid_at, amount_cents ON payments
BEGIN
    DELETE FROM stats_days WHERE day IN (strftime('%Y-%m-%d 00:00:00+00:00', NEW.paid_at), strftime('%Y-%m-%d 00:00:00+00:00', OLD.paid_at));
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER refunds_stats_insert AFTER INSERT ON refunds WHEN NEW.refunded_at IS NOT NULL
BEGIN
    DELETE FROM stats_days WHERE day = strftime('%Y-%m-%d 00:00:00+00:00', NEW.refunded_at);
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER refunds_stats_update AFTER UPDATE OF state, refunded_at, amount_cents ON refunds
WHEN NEW.refunded_at IS NOT NULL
BEGIN
    DELETE FROM stats_days WHERE day = strftime('%Y-%m-%d 00:00:00+00:00', NEW.refunded_at);
END;
-- +goose StatementEnd

-- +goose Down
DROP TRIGGER refunds_stats_update;
DROP TRIGGER refunds_stats_insert;
DROP TRIGGER payments_stats_update;
DROP TRIGGER payments_stats_insert;
DROP TRIGGER orders_stats_update;
DROP TRIGGER orders_stats_insert;
DROP TABLE stats_daily;
DROP TABLE stats_days;
DROP INDEX refunds_refunded_idx;
DROP INDEX payments_paid_idx;
DROP TRIGGER users_search_delete;
DROP TRIGGER users_search_update;
DROP TRIGGER users_search_insert;
DROP TABLE users_search;
DROP INDEX orders_live_idx;
DROP TABLE station_prices;
DELETE FROM refunds WHERE reason = 'partial';
CREATE TABLE refunds_old (
    id              TEXT      NOT NULL PRIMARY KEY CHECK (length(id) = 36),
    payment_id      TEXT      NOT NULL UNIQUE REFERENCES payments (id),
    order_id        TEXT      NOT NULL REFERENCES orders (id),
    user_id         TEXT      NOT NULL REFERENCES users (id),
    provider        TEXT      NOT NULL,
    provider_ref    TEXT,
    attempt         INTEGER   NOT NULL DEFAULT 1,
    amount_cents    INTEGER   NOT NULL CHECK (amount_cents > 0),
    vat_cents       INTEGER   NOT NULL,
    currency        TEXT      NOT NULL,
    reason          TEXT      NOT NULL CHECK (reason IN ('cancel', 'surplus')),
    state           TEXT      NOT NULL CHECK (state IN ('pending', 'succeeded', 'failed')),
    failure         TEXT,
    created_at      TIMESTAMP NOT NULL,
    updated_at      TIMESTAMP NOT NULL,
    refunded_at     TIMESTAMP,
    invoiced_at     TIMESTAMP
);
INSERT INTO refunds_old SELECT * FROM refunds;
DROP TABLE refunds;
ALTER TABLE refunds_old RENAME TO refunds;
CREATE INDEX refunds_order_idx ON refunds (order_id);
CREATE INDEX refunds_open_idx ON refunds (updated_at) WHERE state <> 'succeeded' OR invoiced_at IS NULL;
