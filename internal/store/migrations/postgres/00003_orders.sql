-- Orders, their lockers and price lines, docs/product.md "Orders: life cycle".
-- No double booking is the database's job: the exclusion constraint on
-- order_lockers refuses two live rows of one locker with overlapping timeframes,
-- whatever the application code does.

-- +goose Up
CREATE EXTENSION IF NOT EXISTS btree_gist;

CREATE TABLE orders (
    id              uuid        NOT NULL PRIMARY KEY,
    user_id         uuid        NOT NULL REFERENCES users (id),
    station_id      uuid        NOT NULL REFERENCES stations (id),
    status          text        NOT NULL CHECK (status IN ('reserved', 'unfinished', 'unpaid', 'processing',
                        'booked', 'active', 'extended', 'expired', 'finalized', 'cancelled', 'refunded',
                        'failed', 'deleted')),
    height          text        NOT NULL CHECK (height IN ('small', 'big')),
    type            text        NOT NULL CHECK (type <> ''),
    temperature     text        NOT NULL CHECK (temperature IN ('cool', 'neutral', 'warm')),
    starts_at       timestamptz NOT NULL,
    ends_at         timestamptz NOT NULL,
    -- The 15-minute hold of a reserved (or unpaid) order; the sweep releases it.
    reserved_until  timestamptz NOT NULL,
    -- The coupon proposed for (or, once coupon_used, spent on) this order.
    user_coupon_id  uuid        REFERENCES user_coupons (id),
    coupon_used     boolean     NOT NULL DEFAULT false,
    idempotency_key text,
    cancel_note     text,
    confirmed_at    timestamptz,
    cancelled_at    timestamptz,
    created_at      timestamptz NOT NULL,
    updated_at      timestamptz NOT NULL,
    CHECK (ends_at > starts_at),
    UNIQUE (user_id, idempotency_key)
);

CREATE INDEX orders_user_starts_idx ON orders (user_id, starts_at);
-- The sweep's three scans: holds to release, starts to activate, ends to expire.
CREATE INDEX orders_hold_idx ON orders (reserved_until) WHERE status IN ('reserved', 'unpaid');
CREATE INDEX orders_starts_idx ON orders (starts_at) WHERE status = 'booked';
CREATE INDEX orders_ends_idx ON orders (ends_at) WHERE status IN ('booked', 'active', 'extended', 'expired');

CREATE TABLE order_lockers (
    id              uuid        NOT NULL PRIMARY KEY,
    order_id        uuid        NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    locker_id       uuid        NOT NULL REFERENCES lockers (id),
    status          text        NOT NULL DEFAULT 'booked' CHECK (status IN ('booked', 'delivered', 'picked')),
    delivery_code   text        NOT NULL CHECK (delivery_code ~ '^[0-9]{6}$'),
    picking_code    text        NOT NULL CHECK (picking_code ~ '^[0-9]{6}$'),
    delivery_used_at timestamptz,
    picking_used_at  timestamptz,
    opened_at       timestamptz,
    starts_at       timestamptz NOT NULL,
    ends_at         timestamptz NOT NULL,
    -- live is false once the order let the locker go (cancelled, unfinished, ...).
    live            boolean     NOT NULL DEFAULT true,
    CHECK (ends_at > starts_at),
    CHECK (delivery_code <> picking_code),
    CONSTRAINT order_lockers_no_overlap EXCLUDE USING gist
        (locker_id WITH =, tstzrange(starts_at, ends_at, '[)') WITH &&) WHERE (live)
);

CREATE INDEX order_lockers_order_idx ON order_lockers (order_id);
-- Booking (and the SQLite overlap trigger) probe one locker: "does it have a
-- live booking ending after the start?".
CREATE INDEX order_lockers_locker_ends_idx ON order_lockers (locker_id, ends_at) WHERE live;
-- Availability asks the same for a whole station at once: a range over the live
-- bookings still to come, however long the history.
CREATE INDEX order_lockers_live_ends_idx ON order_lockers (ends_at, starts_at, locker_id) WHERE live;

CREATE TABLE order_price_lines (
    id           uuid        NOT NULL PRIMARY KEY,
    order_id     uuid        NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    kind         text        NOT NULL CHECK (kind IN ('rental', 'extension', 'coupon')),
    quantity     integer     NOT NULL CHECK (quantity > 0),
    days         integer     NOT NULL CHECK (days >= 0),
    hours        integer     NOT NULL CHECK (hours >= 0),
    amount_cents bigint      NOT NULL,
    vat_cents    bigint      NOT NULL,
    created_at   timestamptz NOT NULL
);

CREATE INDEX order_price_lines_order_idx ON order_price_lines (order_id, created_at);

-- +goose Down
DROP TABLE order_price_lines;
DROP TABLE order_lockers;
DROP TABLE orders;
