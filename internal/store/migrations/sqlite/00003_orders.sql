-- Orders, their lockers and price lines, docs/product.md "Orders: life cycle".
-- SQLite has no exclusion constraint: bookings run in one writer transaction
-- (BEGIN IMMEDIATE) that checks and inserts, and the triggers below refuse an
-- overlapping live row of one locker as a second line of defence.
-- Timestamps are UTC text in one format, so text comparison orders them.

-- +goose Up
CREATE TABLE orders (
    id              TEXT      NOT NULL PRIMARY KEY CHECK (length(id) = 36),
    user_id         TEXT      NOT NULL REFERENCES users (id),
    station_id      TEXT      NOT NULL REFERENCES stations (id),
    status          TEXT      NOT NULL CHECK (status IN ('reserved', 'unfinished', 'unpaid', 'processing',
                        'booked', 'active', 'extended', 'expired', 'finalized', 'cancelled', 'refunded',
                        'failed', 'deleted')),
    height          TEXT      NOT NULL CHECK (height IN ('small', 'big')),
    type            TEXT      NOT NULL CHECK (type <> ''),
    temperature     TEXT      NOT NULL CHECK (temperature IN ('cool', 'neutral', 'warm')),
    starts_at       TIMESTAMP NOT NULL,
    ends_at         TIMESTAMP NOT NULL,
    reserved_until  TIMESTAMP NOT NULL,
    user_coupon_id  TEXT      REFERENCES user_coupons (id),
    coupon_used     INTEGER   NOT NULL DEFAULT 0 CHECK (coupon_used IN (0, 1)),
    idempotency_key TEXT,
    cancel_note     TEXT,
    confirmed_at    TIMESTAMP,
    cancelled_at    TIMESTAMP,
    created_at      TIMESTAMP NOT NULL,
    updated_at      TIMESTAMP NOT NULL,
    CHECK (ends_at > starts_at),
    UNIQUE (user_id, idempotency_key)
);

CREATE INDEX orders_user_starts_idx ON orders (user_id, starts_at);
CREATE INDEX orders_hold_idx ON orders (reserved_until) WHERE status IN ('reserved', 'unpaid');
CREATE INDEX orders_starts_idx ON orders (starts_at) WHERE status = 'booked';
CREATE INDEX orders_ends_idx ON orders (ends_at) WHERE status IN ('booked', 'active', 'extended', 'expired');

CREATE TABLE order_lockers (
    id               TEXT      NOT NULL PRIMARY KEY CHECK (length(id) = 36),
    order_id         TEXT      NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    locker_id        TEXT      NOT NULL REFERENCES lockers (id),
    status           TEXT      NOT NULL DEFAULT 'booked' CHECK (status IN ('booked', 'delivered', 'picked')),
    delivery_code    TEXT      NOT NULL CHECK (length(delivery_code) = 6 AND delivery_code NOT GLOB '*[^0-9]*'),
    picking_code     TEXT      NOT NULL CHECK (length(picking_code) = 6 AND picking_code NOT GLOB '*[^0-9]*'),
    delivery_used_at TIMESTAMP,
    picking_used_at  TIMESTAMP,
    opened_at        TIMESTAMP,
    starts_at        TIMESTAMP NOT NULL,
    ends_at          TIMESTAMP NOT NULL,
    live             INTEGER   NOT NULL DEFAULT 1 CHECK (live IN (0, 1)),
    CHECK (ends_at > starts_at),
    CHECK (delivery_code <> picking_code)
);

CREATE INDEX order_lockers_order_idx ON order_lockers (order_id);
-- Booking (and the SQLite overlap trigger) probe one locker: "does it have a
-- live booking ending after the start?".
CREATE INDEX order_lockers_locker_ends_idx ON order_lockers (locker_id, ends_at) WHERE live;
-- Availability asks the same for a whole station at once: a range over the live
-- bookings still to come, however long the history.
CREATE INDEX order_lockers_live_ends_idx ON order_lockers (ends_at, starts_at, locker_id) WHERE live;

-- +goose StatementBegin
CREATE TRIGGER order_lockers_no_overlap_insert BEFORE INSERT ON order_lockers
WHEN NEW.live AND EXISTS (SELECT 1 FROM order_lockers o WHERE o.locker_id = NEW.locker_id AND o.live
    AND o.starts_at < NEW.ends_at AND NEW.starts_at < o.ends_at)
BEGIN
    SELECT RAISE(ABORT, 'order_lockers_no_overlap');
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER order_lockers_no_overlap_update BEFORE UPDATE OF starts_at, ends_at, live, locker_id ON order_lockers
WHEN NEW.live AND EXISTS (SELECT 1 FROM order_lockers o WHERE o.locker_id = NEW.locker_id AND o.live
    AND o.id <> NEW.id AND o.starts_at < NEW.ends_at AND NEW.starts_at < o.ends_at)
BEGIN
    SELECT RAISE(ABORT, 'order_lockers_no_overlap');
END;
-- +goose StatementEnd

CREATE TABLE order_price_lines (
    id           TEXT      NOT NULL PRIMARY KEY CHECK (length(id) = 36),
    order_id     TEXT      NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    kind         TEXT      NOT NULL CHECK (kind IN ('rental', 'extension', 'coupon')),
    quantity     INTEGER   NOT NULL CHECK (quantity > 0),
    days         INTEGER   NOT NULL CHECK (days >= 0),
    hours        INTEGER   NOT NULL CHECK (hours >= 0),
    amount_cents INTEGER   NOT NULL,
    vat_cents    INTEGER   NOT NULL,
    created_at   TIMESTAMP NOT NULL
);

CREATE INDEX order_price_lines_order_idx ON order_price_lines (order_id, created_at);

-- +goose Down
DROP TABLE order_price_lines;
DROP TABLE order_lockers;
DROP TABLE orders;
