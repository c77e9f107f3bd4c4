-- Payments (docs/product.md "Payments", docs/decisions.md "Payments"): saved
-- cards, payment attempts, refunds and the provider notifications already seen.
-- Orders learn what they were paid, the state of their latest payment and the
-- extension that waits for its charge.

-- +goose Up
CREATE TABLE payment_methods (
    id           TEXT      NOT NULL PRIMARY KEY CHECK (length(id) = 36),
    user_id      TEXT      NOT NULL REFERENCES users (id),
    provider     TEXT      NOT NULL CHECK (provider IN ('demo', 'stripe')),
    -- The provider's saved card (Stripe: pm_...), known once the setup succeeded.
    provider_ref TEXT,
    -- The provider's customer the card is attached to (Stripe: cus_...).
    customer_ref TEXT,
    -- The hosted setup page the card is added on (Stripe: a Checkout Session).
    setup_ref    TEXT,
    setup_url    TEXT,
    brand        TEXT,
    last4        TEXT      CHECK (length(last4) = 4 AND last4 NOT GLOB '*[^0-9]*'),
    exp_month    INTEGER   CHECK (exp_month BETWEEN 1 AND 12),
    exp_year     INTEGER,
    state        TEXT      NOT NULL CHECK (state IN ('initial', 'processing', 'valid', 'settled', 'failed')),
    is_default   INTEGER   NOT NULL DEFAULT 0 CHECK (is_default IN (0, 1)),
    failure      TEXT,
    created_at   TIMESTAMP NOT NULL,
    updated_at   TIMESTAMP NOT NULL,
    removed_at   TIMESTAMP
);

CREATE INDEX payment_methods_user_idx ON payment_methods (user_id, created_at) WHERE removed_at IS NULL;
-- At most one default card per user.
CREATE UNIQUE INDEX payment_methods_default_idx ON payment_methods (user_id) WHERE is_default AND removed_at IS NULL;

CREATE TABLE payments (
    id              TEXT      NOT NULL PRIMARY KEY CHECK (length(id) = 36),
    user_id         TEXT      NOT NULL REFERENCES users (id),
    order_id        TEXT      NOT NULL REFERENCES orders (id),
    -- What it pays: the order itself or an extension of one of its lockers.
    kind            TEXT      NOT NULL CHECK (kind IN ('order', 'extension')),
    -- How: a saved card charged off-session, or a one-time hosted payment page.
    flow            TEXT      NOT NULL CHECK (flow IN ('charge', 'link')),
    method_id       TEXT      REFERENCES payment_methods (id),
    provider        TEXT      NOT NULL CHECK (provider IN ('demo', 'stripe')),
    provider_ref    TEXT,
    -- Sent with every call about this attempt, so a retry never charges twice.
    idempotency_key TEXT      NOT NULL UNIQUE,
    amount_cents    INTEGER   NOT NULL CHECK (amount_cents > 0),
    vat_cents       INTEGER   NOT NULL,
    currency        TEXT      NOT NULL,
    -- The price lines paid, as JSON (kind, quantity, days, hours, amountCents, vatCents).
    lines           TEXT      NOT NULL,
    ext_order_locker_id TEXT  REFERENCES order_lockers (id),
    ext_new_end     TIMESTAMP,
    state           TEXT      NOT NULL CHECK (state IN ('pending', 'processing', 'paid', 'failed', 'refunded', 'expired')),
    url             TEXT,
    failure         TEXT,
    created_at      TIMESTAMP NOT NULL,
    updated_at      TIMESTAMP NOT NULL,
    paid_at         TIMESTAMP,
    -- The invoicer accepted the payment; NULL while it still has to be told.
    invoiced_at     TIMESTAMP,
    CHECK ((kind = 'extension') = (ext_order_locker_id IS NOT NULL AND ext_new_end IS NOT NULL)),
    CHECK ((flow = 'charge') = (method_id IS NOT NULL))
);

CREATE INDEX payments_order_idx ON payments (order_id, created_at);
-- The reconciler's scans: attempts the provider has not decided, and payments not invoiced yet.
CREATE INDEX payments_open_idx ON payments (updated_at) WHERE state IN ('pending', 'processing');
CREATE INDEX payments_uninvoiced_idx ON payments (paid_at) WHERE invoiced_at IS NULL AND paid_at IS NOT NULL;

CREATE TABLE refunds (
    id              TEXT      NOT NULL PRIMARY KEY CHECK (length(id) = 36),
    -- One refund per payment, of the whole amount: a payment is never refunded twice.
    payment_id      TEXT      NOT NULL UNIQUE REFERENCES payments (id),
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
    reason          TEXT      NOT NULL CHECK (reason IN ('cancel', 'surplus')),
    state           TEXT      NOT NULL CHECK (state IN ('pending', 'succeeded', 'failed')),
    failure         TEXT,
    created_at      TIMESTAMP NOT NULL,
    updated_at      TIMESTAMP NOT NULL,
    refunded_at     TIMESTAMP,
    invoiced_at     TIMESTAMP
);

CREATE INDEX refunds_order_idx ON refunds (order_id);
CREATE INDEX refunds_open_idx ON refunds (updated_at) WHERE state <> 'succeeded' OR invoiced_at IS NULL;

-- Every verified notification, so a replay changes nothing.
CREATE TABLE webhook_events (
    provider    TEXT      NOT NULL,
    event_id    TEXT      NOT NULL,
    type        TEXT      NOT NULL,
    received_at TIMESTAMP NOT NULL,
    PRIMARY KEY (provider, event_id)
) WITHOUT ROWID;

-- Money kept for the order: paid minus refunded, every payment and extension.
ALTER TABLE orders ADD COLUMN paid_cents INTEGER NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN refunded_cents INTEGER NOT NULL DEFAULT 0;
-- The state of the order's latest payment attempt (NULL: none yet).
ALTER TABLE orders ADD COLUMN payment_state TEXT CHECK (payment_state IN ('pending', 'processing', 'paid', 'failed',
    'refunded', 'expired'));
-- An extension that waits for its charge: the locker's row already ends at
-- ext_new_end (so nobody else can book that time) until ext_hold_until; a
-- declined charge or a lapsed hold puts ext_old_end back. (No REFERENCES here:
-- SQLite cannot drop a column that has one, and the Down step drops it.)
ALTER TABLE orders ADD COLUMN ext_order_locker_id TEXT;
ALTER TABLE orders ADD COLUMN ext_old_end TIMESTAMP;
ALTER TABLE orders ADD COLUMN ext_new_end TIMESTAMP;
ALTER TABLE orders ADD COLUMN ext_amount_cents INTEGER;
ALTER TABLE orders ADD COLUMN ext_vat_cents INTEGER;
ALTER TABLE orders ADD COLUMN ext_days INTEGER;
ALTER TABLE orders ADD COLUMN ext_hours INTEGER;
ALTER TABLE orders ADD COLUMN ext_hold_until TIMESTAMP;
ALTER TABLE orders ADD COLUMN ext_created_at TIMESTAMP;

-- A saved-card charge in flight (processing) holds its lockers too, for a bounded time.
DROP INDEX orders_hold_idx;
CREATE INDEX orders_hold_idx ON orders (reserved_until) WHERE status IN ('reserved', 'unpaid', 'processing');
CREATE INDEX orders_ext_hold_idx ON orders (ext_hold_until) WHERE ext_hold_until IS NOT NULL;

-- +goose Down
DROP INDEX orders_ext_hold_idx;
DROP INDEX orders_hold_idx;
CREATE INDEX orders_hold_idx ON orders (reserved_until) WHERE status IN ('reserved', 'unpaid');
ALTER TABLE orders DROP COLUMN ext_created_at;
ALTER TABLE orders DROP COLUMN ext_hold_until;
ALTER TABLE orders DROP COLUMN ext_hours;
ALTER TABLE orders DROP COLUMN ext_days;
ALTER TABLE orders DROP COLUMN ext_vat_cents;
ALTER TABLE orders DROP COLUMN ext_amount_cents;
ALTER TABLE orders DROP COLUMN ext_new_end;
ALTER TABLE orders DROP COLUMN ext_old_end;
ALTER TABLE orders DROP COLUMN ext_order_locker_id;
ALTER TABLE orders DROP COLUMN payment_state;
ALTER TABLE orders DROP COLUMN refunded_cents;
ALTER TABLE orders DROP COLUMN paid_cents;
DROP TABLE webhook_events;
DROP TABLE refunds;
DROP TABLE payments;
DROP TABLE payment_methods;
