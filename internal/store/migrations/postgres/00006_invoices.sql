-- Invoices and credit notes (issue 12): one invoice per payment, a credit note
-- per refund, numbered without gaps per calendar year in one sequence for both
-- kinds (2026-000123). The number comes from invoice_counters in the
-- transaction that inserts the invoice: the counter row stays locked until that
-- transaction ends, and a rollback gives the number back.
-- Payments and refunds are referred to by their ids as plain text, without a
-- foreign key: the payments tables belong to the payments domain.

-- +goose Up
CREATE TABLE invoice_counters (
    year     integer NOT NULL PRIMARY KEY CHECK (year BETWEEN 2000 AND 9999),
    last_seq integer NOT NULL CHECK (last_seq > 0)
);

CREATE TABLE invoices (
    id                 uuid        NOT NULL PRIMARY KEY,
    kind               text        NOT NULL CHECK (kind IN ('invoice', 'credit_note')),
    year               integer     NOT NULL,
    seq                integer     NOT NULL CHECK (seq > 0),
    number             text        NOT NULL UNIQUE,
    user_id            uuid        NOT NULL REFERENCES users (id),
    order_id           uuid        NOT NULL REFERENCES orders (id),
    -- The payment invoiced; on a credit note, the payment whose invoice it credits.
    payment_id         text        NOT NULL CHECK (payment_id <> ''),
    refund_id          text        UNIQUE CHECK (refund_id <> ''),
    credits_invoice_id uuid        REFERENCES invoices (id),
    state              text        NOT NULL CHECK (state IN ('created', 'paid', 'settled', 'cancelled')),
    currency           text        NOT NULL CHECK (currency = 'EUR'),
    net_cents          bigint      NOT NULL,
    vat_cents          bigint      NOT NULL,
    gross_cents        bigint      NOT NULL,
    created_at         timestamptz NOT NULL,
    paid_at            timestamptz,
    settled_at         timestamptz,
    cancelled_at       timestamptz,
    UNIQUE (year, seq),
    CHECK (net_cents + vat_cents = gross_cents),
    -- A credit note documents a refund of an invoice; an invoice neither.
    CHECK ((kind = 'invoice') = (refund_id IS NULL)),
    CHECK ((kind = 'invoice') = (credits_invoice_id IS NULL)),
    CHECK ((state = 'cancelled') = (cancelled_at IS NOT NULL))
);

-- One invoice per payment: issuing twice for one payment is refused here.
CREATE UNIQUE INDEX invoices_payment_idx ON invoices (payment_id) WHERE kind = 'invoice';
CREATE INDEX invoices_user_idx ON invoices (user_id, year, seq);
CREATE INDEX invoices_order_idx ON invoices (order_id);
CREATE INDEX invoices_credits_idx ON invoices (credits_invoice_id) WHERE credits_invoice_id IS NOT NULL;

CREATE TABLE invoice_lines (
    invoice_id  uuid    NOT NULL REFERENCES invoices (id) ON DELETE CASCADE,
    position    integer NOT NULL CHECK (position > 0),
    kind        text    NOT NULL CHECK (kind IN ('rental', 'extension', 'coupon', 'refund')),
    quantity    integer NOT NULL CHECK (quantity > 0),
    days        integer NOT NULL CHECK (days >= 0),
    hours       integer NOT NULL CHECK (hours >= 0),
    net_cents   bigint  NOT NULL,
    vat_cents   bigint  NOT NULL,
    gross_cents bigint  NOT NULL,
    vat_percent integer NOT NULL CHECK (vat_percent BETWEEN 0 AND 100),
    PRIMARY KEY (invoice_id, position),
    CHECK (net_cents + vat_cents = gross_cents)
);

-- +goose Down
DROP TABLE invoice_lines;
DROP TABLE invoices;
DROP TABLE invoice_counters;
