-- Invoices and credit notes (issue 12): one invoice per payment, a credit note
-- per refund, numbered without gaps per calendar year in one sequence for both
-- kinds (2026-000123). The number comes from invoice_counters in the
-- transaction that inserts the invoice (one writer at a time on SQLite), and a
-- rollback gives the number back.
-- Payments and refunds are referred to by their ids as plain text, without a
-- foreign key: the payments tables belong to the payments domain.
-- Timestamps are UTC text in one format, so text comparison orders them.

-- +goose Up
CREATE TABLE invoice_counters (
    year     INTEGER NOT NULL PRIMARY KEY CHECK (year BETWEEN 2000 AND 9999),
    last_seq INTEGER NOT NULL CHECK (last_seq > 0)
);

CREATE TABLE invoices (
    id                 TEXT      NOT NULL PRIMARY KEY CHECK (length(id) = 36),
    kind               TEXT      NOT NULL CHECK (kind IN ('invoice', 'credit_note')),
    year               INTEGER   NOT NULL,
    seq                INTEGER   NOT NULL CHECK (seq > 0),
    number             TEXT      NOT NULL UNIQUE,
    user_id            TEXT      NOT NULL REFERENCES users (id),
    order_id           TEXT      NOT NULL REFERENCES orders (id),
    payment_id         TEXT      NOT NULL CHECK (payment_id <> ''),
    refund_id          TEXT      UNIQUE CHECK (refund_id <> ''),
    credits_invoice_id TEXT      REFERENCES invoices (id),
    state              TEXT      NOT NULL CHECK (state IN ('created', 'paid', 'settled', 'cancelled')),
    currency           TEXT      NOT NULL CHECK (currency = 'EUR'),
    net_cents          INTEGER   NOT NULL,
    vat_cents          INTEGER   NOT NULL,
    gross_cents        INTEGER   NOT NULL,
    created_at         TIMESTAMP NOT NULL,
    paid_at            TIMESTAMP,
    settled_at         TIMESTAMP,
    cancelled_at       TIMESTAMP,
    UNIQUE (year, seq),
    CHECK (net_cents + vat_cents = gross_cents),
    CHECK ((kind = 'invoice') = (refund_id IS NULL)),
    CHECK ((kind = 'invoice') = (credits_invoice_id IS NULL)),
    CHECK ((state = 'cancelled') = (cancelled_at IS NOT NULL))
);

CREATE UNIQUE INDEX invoices_payment_idx ON invoices (payment_id) WHERE kind = 'invoice';
CREATE INDEX invoices_user_idx ON invoices (user_id, year, seq);
CREATE INDEX invoices_order_idx ON invoices (order_id);
CREATE INDEX invoices_credits_idx ON invoices (credits_invoice_id) WHERE credits_invoice_id IS NOT NULL;

CREATE TABLE invoice_lines (
    invoice_id  TEXT    NOT NULL REFERENCES invoices (id) ON DELETE CASCADE,
    position    INTEGER NOT NULL CHECK (position > 0),
    kind        TEXT    NOT NULL CHECK (kind IN ('rental', 'extension', 'coupon', 'refund')),
    quantity    INTEGER NOT NULL CHECK (quantity > 0),
    days        INTEGER NOT NULL CHECK (days >= 0),
    hours       INTEGER NOT NULL CHECK (hours >= 0),
    net_cents   INTEGER NOT NULL,
    vat_cents   INTEGER NOT NULL,
    gross_cents INTEGER NOT NULL,
    vat_percent INTEGER NOT NULL CHECK (vat_percent BETWEEN 0 AND 100),
    PRIMARY KEY (invoice_id, position),
    CHECK (net_cents + vat_cents = gross_cents)
);

-- +goose Down
DROP TABLE invoice_lines;
DROP TABLE invoices;
DROP TABLE invoice_counters;
