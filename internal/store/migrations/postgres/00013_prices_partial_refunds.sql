-- Back office (issue 15): product prices per station, and partial refunds.
--
-- A station may set its own tariff for a product (size × temperature); a
-- product without a row here uses the service's default
-- (internal/station/pricing.go).
--
-- An operator may give part of an order's money back: a payment may then have
-- several refunds of reason 'partial', still at most one whole (cancel or
-- surplus) refund, which gives back what the partial ones left.

-- Statistics keep a daily summary per station (stats_daily) of the days
-- before today, computed on first read; stats_days lists the days summed. A
-- write that changes a past day's figures (an order's times or confirmation,
-- a payment's or refund's money) takes that day off stats_days by trigger, so
-- the next read sums it again.

-- +goose Up
CREATE TABLE station_prices (
    station_id   uuid        NOT NULL REFERENCES stations (id) ON DELETE CASCADE,
    height       text        NOT NULL CHECK (height IN ('small', 'big')),
    temperature  text        NOT NULL CHECK (temperature IN ('cool', 'neutral', 'warm')),
    hourly_cents bigint      NOT NULL CHECK (hourly_cents > 0),
    daily_cents  bigint      NOT NULL CHECK (daily_cents > 0),
    updated_at   timestamptz NOT NULL,
    PRIMARY KEY (station_id, height, temperature)
);

ALTER TABLE refunds DROP CONSTRAINT refunds_payment_id_key;
ALTER TABLE refunds DROP CONSTRAINT refunds_reason_check;
ALTER TABLE refunds ADD CONSTRAINT refunds_reason_check CHECK (reason IN ('cancel', 'surplus', 'partial'));
CREATE UNIQUE INDEX refunds_payment_whole_idx ON refunds (payment_id) WHERE reason <> 'partial';
CREATE INDEX refunds_payment_idx ON refunds (payment_id);

-- Statistics count today's (and part-days') money by these times.
CREATE INDEX payments_paid_idx ON payments (paid_at) WHERE paid_at IS NOT NULL;
CREATE INDEX refunds_refunded_idx ON refunds (refunded_at) WHERE state = 'succeeded';

-- The back office's user search matches a substring of e-mail, name and
-- phone: a trigram index of that very expression (internal/backoffice
-- userSearch) finds rare matches without reading every user. pg_trgm is a
-- trusted extension; without the right to create it the search still works,
-- by reading the users table.
-- +goose StatementBegin
DO $$
BEGIN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    CREATE INDEX users_search_trgm_idx ON users USING gin ((lower(coalesce(email, '') || ' ' || first_name || ' ' ||
        last_name || ' ' || coalesce(phone_prefix || phone, ''))) gin_trgm_ops);
EXCEPTION WHEN insufficient_privilege OR undefined_file OR feature_not_supported THEN
    RAISE NOTICE 'pg_trgm is not available: the user search reads the users table';
END;
$$;
-- +goose StatementEnd

-- reserved.list walks the few live orders newest first (its query states this
-- very condition).
CREATE INDEX orders_live_idx ON orders (created_at, id)
    WHERE status IN ('reserved', 'unpaid', 'processing', 'active', 'extended');

CREATE TABLE stats_days (
    day       timestamptz NOT NULL PRIMARY KEY, -- midnight UTC
    rolled_at timestamptz NOT NULL
);

CREATE TABLE stats_daily (
    day            timestamptz      NOT NULL,
    station_id     uuid             NOT NULL,
    bookings       bigint           NOT NULL,
    rental_hours   double precision NOT NULL,
    locker_hours   double precision NOT NULL,
    paid_cents     bigint           NOT NULL,
    refunded_cents bigint           NOT NULL,
    PRIMARY KEY (day, station_id)
);

-- +goose StatementBegin
CREATE FUNCTION stats_stale(at timestamptz) RETURNS void LANGUAGE sql AS $$
    DELETE FROM stats_days WHERE day = date_trunc('day', at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
$$;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE FUNCTION stats_stale_order() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM stats_stale(NEW.created_at);
    RETURN NULL;
END;
$$;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE FUNCTION stats_stale_payment() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.paid_at IS NOT NULL THEN PERFORM stats_stale(NEW.paid_at); END IF;
    IF TG_OP = 'UPDATE' AND OLD.paid_at IS NOT NULL THEN PERFORM stats_stale(OLD.paid_at); END IF;
    RETURN NULL;
END;
$$;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE FUNCTION stats_stale_refund() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.refunded_at IS NOT NULL THEN PERFORM stats_stale(NEW.refunded_at); END IF;
    RETURN NULL;
END;
$$;
-- +goose StatementEnd

CREATE TRIGGER orders_stats_insert AFTER INSERT ON orders FOR EACH ROW EXECUTE FUNCTION stats_stale_order();
CREATE TRIGGER orders_stats_update AFTER UPDATE ON orders FOR EACH ROW
    WHEN (OLD.confirmed_at IS DISTINCT FROM NEW.confirmed_at OR OLD.starts_at <> NEW.starts_at
          OR OLD.ends_at <> NEW.ends_at)
    EXECUTE FUNCTION stats_stale_order();
CREATE TRIGGER payments_stats AFTER INSERT OR UPDATE OF paid_at, amount_cents ON payments FOR EACH ROW
    EXECUTE FUNCTION stats_stale_payment();
CREATE TRIGGER refunds_stats AFTER INSERT OR UPDATE OF state, refunded_at, amount_cents ON refunds FOR EACH ROW
    EXECUTE FUNCTION stats_stale_refund();

-- +goose Down
DROP TRIGGER refunds_stats ON refunds;
DROP TRIGGER payments_stats ON payments;
DROP TRIGGER orders_stats_update ON orders;
DROP TRIGGER orders_stats_insert ON orders;
DROP FUNCTION stats_stale_refund();
DROP FUNCTION stats_stale_payment();
DROP FUNCTION stats_stale_order();
DROP FUNCTION stats_stale(timestamptz);
DROP TABLE stats_daily;
DROP TABLE stats_days;
DROP INDEX refunds_refunded_idx;
DROP INDEX payments_paid_idx;
DROP INDEX orders_live_idx;
DROP INDEX IF EXISTS users_search_trgm_idx;
DELETE FROM refunds WHERE reason = 'partial';
DROP INDEX refunds_payment_idx;
DROP INDEX refunds_payment_whole_idx;
ALTER TABLE refunds DROP CONSTRAINT refunds_reason_check;
ALTER TABLE refunds ADD CONSTRAINT refunds_reason_check CHECK (reason IN ('cancel', 'surplus'));
ALTER TABLE refunds ADD CONSTRAINT refunds_payment_id_key UNIQUE (payment_id);
DROP TABLE station_prices;
