-- Payments (docs/product.md "Payments", docs/decisions.md "Payments"): saved
-- cards, payment attempts, refunds and the provider notifications already seen.
-- Orders learn what they were paid, the state of their latest payment and the
-- extension that waits for its charge.

-- +goose Up
CREATE TABLE payment_methods (
    id           uuid        NOT NULL PRIMARY KEY,
    user_id      uuid        NOT NULL REFERENCES users (id),
    provider     text        NOT NULL CHECK (provider IN ('demo', 'stripe')),
    -- The provider's saved card (Stripe: pm_...), known once the setup succeeded.
    provider_ref text,
    -- The provider's customer the card is attached to (Stripe: cus_...).
    customer_ref text,
    -- The hosted setup page the card is added on (Stripe: a Checkout Session).
    setup_ref    text,
    setup_url    text,
    brand        text,
    last4        text        CHECK (last4 ~ '^[0-9]{4}$'),
    exp_month    integer     CHECK (exp_month BETWEEN 1 AND 12),
    exp_year     integer,
    state        text        NOT NULL CHECK (state IN ('initial', 'processing', 'valid', 'settled', 'failed')),
    is_default   boolean     NOT NULL DEFAULT false,
    failure      text,
    created_at   timestamptz NOT NULL,
    updated_at   timestamptz NOT NULL,
    removed_at   timestamptz
);

CREATE INDEX payment_methods_user_idx ON payment_methods (user_id, created_at) WHERE removed_at IS NULL;
-- At most one default card per user.
CREATE UNIQUE INDEX payment_methods_default_idx ON payment_methods (user_id) WHERE is_default AND removed_at IS NULL;

CREATE TABLE payments (
    id              uuid        NOT NULL PRIMARY KEY,
    user_id         uuid        NOT NULL REFERENCES users (id),
    order_id        uuid        NOT NULL REFERENCES orders (id),
    -- What it pays: the order itself or an extension of one of its lockers.
    kind            text        NOT NULL CHECK (kind IN ('order', 'extension')),
    -- How: a saved card charged off-session, or a one-time hosted payment page.
    flow            text        NOT NULL CHECK (flow IN ('charge', 'link')),
    method_id       uuid        REFERENCES payment_methods (id),
    provider        text        NOT NULL CHECK (provider IN ('demo', 'stripe')),
    provider_ref    text,
    -- Sent with every call about this attempt, so a retry never charges twice.
    idempotency_key text        NOT NULL UNIQUE,
    amount_cents    bigint      NOT NULL CHECK (amount_cents > 0),
    vat_cents       bigint      NOT NULL,
    currency        text        NOT NULL,
    -- The price lines paid, as JSON (kind, quantity, days, hours, amountCents, vatCents).
    lines           text        NOT NULL,
    ext_order_locker_id uuid    REFERENCES order_lockers (id),
    ext_new_end     timestamptz,
    state           text        NOT NULL CHECK (state IN ('pending', 'processing', 'paid', 'failed', 'refunded', 'expired')),
    url             text,
    failure         text,
    created_at      timestamptz NOT NULL,
    updated_at      timestamptz NOT NULL,
    paid_at         timestamptz,
    -- The invoicer accepted the payment; NULL while it still has to be told.
    invoiced_at     timestamptz,
    CHECK ((kind = 'extension') = (ext_order_locker_id IS NOT NULL AND ext_new_end IS NOT NULL)),
    CHECK ((flow = 'charge') = (method_id IS NOT NULL))
);

CREATE INDEX payments_order_idx ON payments (order_id, created_at);
-- The reconciler's scans: attempts the provider has not decided, and payments not invoiced yet.
CREATE INDEX payments_open_idx ON payments (updated_at) WHERE state IN ('pending', 'processing');
CREATE INDEX payments_uninvoiced_idx ON payments (paid_at) WHERE invoiced_at IS NULL AND paid_at IS NOT NULL;

CREATE TABLE refunds (
    id              uuid        NOT NULL PRIMARY KEY,
    -- One refund per payment, of the whole amount: a payment is never refunded twice.
    payment_id      uuid        NOT NULL UNIQUE REFERENCES payments (id),
    order_id        uuid        NOT NULL REFERENCES orders (id),
    user_id         uuid        NOT NULL REFERENCES users (id),
    provider        text        NOT NULL,
    provider_ref    text,
    -- Bumped only after the provider refused an attempt for good, so a retry
    -- after a timeout reuses the key and cannot refund twice.
    attempt         integer     NOT NULL DEFAULT 1,
    amount_cents    bigint      NOT NULL CHECK (amount_cents > 0),
    vat_cents       bigint      NOT NULL,
    currency        text        NOT NULL,
    reason          text        NOT NULL CHECK (reason IN ('cancel', 'surplus')),
    state           text        NOT NULL CHECK (state IN ('pending', 'succeeded', 'failed')),
    failure         text,
    created_at      timestamptz NOT NULL,
    updated_at      timestamptz NOT NULL,
    refunded_at     timestamptz,
    invoiced_at     timestamptz
);

CREATE INDEX refunds_order_idx ON refunds (order_id);
CREATE INDEX refunds_open_idx ON refunds (updated_at) WHERE state <> 'succeeded' OR invoiced_at IS NULL;

-- Every verified notification, so a replay changes nothing.
CREATE TABLE webhook_events (
    provider    text        NOT NULL,
    event_id    text        NOT NULL,
    type        text        NOT NULL,
    received_at timestamptz NOT NULL,
    PRIMARY KEY (provider, event_id)
);

ALTER TABLE orders
    -- Money kept for the order: paid minus refunded, every payment and extension.
    ADD COLUMN paid_cents          bigint      NOT NULL DEFAULT 0,
    ADD COLUMN refunded_cents      bigint      NOT NULL DEFAULT 0,
    -- The state of the order's latest payment attempt (NULL: none yet).
    ADD COLUMN payment_state       text        CHECK (payment_state IN ('pending', 'processing', 'paid', 'failed',
                                       'refunded', 'expired')),
    -- An extension that waits for its charge: the locker's row already ends at
    -- ext_new_end (so nobody else can book that time) until ext_hold_until; a
    -- declined charge or a lapsed hold puts ext_old_end back.
    ADD COLUMN ext_order_locker_id uuid        REFERENCES order_lockers (id),
    ADD COLUMN ext_old_end         timestamptz,
    ADD COLUMN ext_new_end         timestamptz,
    ADD COLUMN ext_amount_cents    bigint,
    ADD COLUMN ext_vat_cents       bigint,
    ADD COLUMN ext_days            integer,
    ADD COLUMN ext_hours           integer,
    ADD COLUMN ext_hold_until      timestamptz,
    ADD COLUMN ext_created_at      timestamptz,
    ADD CONSTRAINT orders_ext_complete CHECK ((ext_order_locker_id IS NULL) = (ext_hold_until IS NULL));

-- A saved-card charge in flight (processing) holds its lockers too, for a bounded time.
DROP INDEX orders_hold_idx;
CREATE INDEX orders_hold_idx ON orders (reserved_until) WHERE status IN ('reserved', 'unpaid', 'processing');
CREATE INDEX orders_ext_hold_idx ON orders (ext_hold_until) WHERE ext_hold_until IS NOT NULL;

-- +goose Down
DROP INDEX orders_ext_hold_idx;
DROP INDEX orders_hold_idx;
CREATE INDEX orders_hold_idx ON orders (reserved_until) WHERE status IN ('reserved', 'unpaid');
ALTER TABLE orders
    DROP CONSTRAINT orders_ext_complete,
    DROP COLUMN ext_created_at,
    DROP COLUMN ext_hold_until,
    DROP COLUMN ext_hours,
    DROP COLUMN ext_days,
    DROP COLUMN ext_vat_cents,
    DROP COLUMN ext_amount_cents,
    DROP COLUMN ext_new_end,
    DROP COLUMN ext_old_end,
    DROP COLUMN ext_order_locker_id,
    DROP COLUMN payment_state,
    DROP COLUMN refunded_cents,
    DROP COLUMN paid_cents;
DROP TABLE webhook_events;
DROP TABLE refunds;
DROP TABLE payments;
DROP TABLE payment_methods;
