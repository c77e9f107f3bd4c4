-- Accounts: users, roles, devices, sessions, verification codes, client events,
-- coupon packs and the packs users hold (docs/product.md "Accounts", spec §3-§9).
-- SQLite: ids are UUID text, timestamps sortable UTC text in columns declared
-- TIMESTAMP. Only hashes of bearer tokens, codes and verification tokens are kept.

-- +goose Up
CREATE TABLE users (
    id                 TEXT      NOT NULL PRIMARY KEY CHECK (length(id) = 36),
    -- NULL once the account is deleted; always stored lower-cased.
    email              TEXT      CHECK (email = lower(email) AND email <> ''),
    first_name         TEXT      NOT NULL DEFAULT '',
    last_name          TEXT      NOT NULL DEFAULT '',
    -- Set only once verified by an SMS code: "+372" and the national digits.
    phone_prefix       TEXT,
    phone              TEXT,
    phone_verified_at  TIMESTAMP,
    language           TEXT      NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'et')),
    default_station_id TEXT      REFERENCES stations (id) ON DELETE SET NULL,
    password_hash      TEXT,
    verified_at        TIMESTAMP, -- registration completed; NULL while pending
    terms_accepted_at  TIMESTAMP,
    created_at         TIMESTAMP NOT NULL,
    updated_at         TIMESTAMP NOT NULL,
    deleted_at         TIMESTAMP,
    delete_reason      TEXT,
    CHECK ((email IS NULL) = (deleted_at IS NOT NULL)),
    CHECK ((phone IS NULL) = (phone_prefix IS NULL) AND (phone IS NULL) = (phone_verified_at IS NULL))
);

-- One live account per address; a deleted account frees it.
CREATE UNIQUE INDEX users_email_idx ON users (email) WHERE deleted_at IS NULL;
-- A verified phone belongs to one live account. The rule is on the E.164 number,
-- so "+37" "25551234" cannot pass for another number than "+372" "5551234".
CREATE UNIQUE INDEX users_phone_idx ON users ((phone_prefix || phone))
    WHERE phone_verified_at IS NOT NULL AND deleted_at IS NULL;

CREATE TABLE user_roles (
    user_id    TEXT      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    role       TEXT      NOT NULL CHECK (role IN ('ADMIN', 'MANAGER')),
    granted_at TIMESTAMP NOT NULL DEFAULT (strftime('%Y-%m-%d %H:%M:%f+00:00', 'now')),
    PRIMARY KEY (user_id, role)
);

-- A device record per sign-in: the client's self-report and its push token.
CREATE TABLE devices (
    id               TEXT      NOT NULL PRIMARY KEY CHECK (length(id) = 36),
    user_id          TEXT      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    app_version      TEXT      NOT NULL DEFAULT '',
    device_name      TEXT      NOT NULL DEFAULT '',
    platform         TEXT      NOT NULL DEFAULT '',
    model            TEXT      NOT NULL DEFAULT '',
    os_version       TEXT      NOT NULL DEFAULT '',
    webview_version  TEXT,
    push_type        TEXT,
    push_token       TEXT,
    created_at       TIMESTAMP NOT NULL,
    updated_at       TIMESTAMP NOT NULL
);

CREATE INDEX devices_user_idx ON devices (user_id);

CREATE TABLE sessions (
    id           TEXT      NOT NULL PRIMARY KEY CHECK (length(id) = 36),
    user_id      TEXT      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    device_id    TEXT      NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
    token_hash   TEXT      NOT NULL UNIQUE CHECK (length(token_hash) = 64),
    created_at   TIMESTAMP NOT NULL,
    last_seen_at TIMESTAMP NOT NULL,
    expires_at   TIMESTAMP NOT NULL,
    revoked_at   TIMESTAMP
);

CREATE INDEX sessions_user_idx ON sessions (user_id) WHERE revoked_at IS NULL;
CREATE INDEX sessions_device_idx ON sessions (device_id);

-- A code sent to an e-mail address (register, reset) or phone (phone). Entering
-- the code of an e-mail purpose yields a short-lived token for the password step.
CREATE TABLE verifications (
    id               TEXT      NOT NULL PRIMARY KEY CHECK (length(id) = 36),
    purpose          TEXT      NOT NULL CHECK (purpose IN ('register', 'reset', 'phone')),
    target           TEXT      NOT NULL CHECK (target <> ''),
    -- NULL for a reset asked for an unknown address (nothing is sent).
    user_id          TEXT      REFERENCES users (id) ON DELETE CASCADE,
    code_hash        TEXT      NOT NULL,
    attempts         INTEGER   NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    sent_at          TIMESTAMP NOT NULL,
    expires_at       TIMESTAMP NOT NULL,
    verified_at      TIMESTAMP,
    token_hash       TEXT      UNIQUE,
    token_expires_at TIMESTAMP,
    used_at          TIMESTAMP
);

-- At most one open code per address (register and reset share it) and per phone
-- and user: a new code replaces the open one, so two concurrent requests cannot
-- both send a first code.
CREATE UNIQUE INDEX verifications_open_email_idx ON verifications (target)
    WHERE used_at IS NULL AND purpose IN ('register', 'reset');
CREATE UNIQUE INDEX verifications_open_phone_idx ON verifications (target, user_id)
    WHERE used_at IS NULL AND purpose = 'phone';
CREATE INDEX verifications_user_idx ON verifications (user_id);

-- Client events (event.track) for analytics; user and device when signed in.
CREATE TABLE events (
    id         TEXT      NOT NULL PRIMARY KEY CHECK (length(id) = 36),
    type       TEXT      NOT NULL CHECK (type <> ''),
    user_id    TEXT      REFERENCES users (id) ON DELETE SET NULL,
    device_id  TEXT      REFERENCES devices (id) ON DELETE SET NULL,
    source     TEXT      NOT NULL,
    campaign   TEXT      NOT NULL,
    created_at TIMESTAMP NOT NULL
);

CREATE INDEX events_created_idx ON events (created_at);
CREATE INDEX events_user_idx ON events (user_id);
CREATE INDEX events_device_idx ON events (device_id);

-- Promotions: a pack of free orders, optionally tied to one station (no foreign
-- key: a pack may name a station that is added later) and an expiry.
CREATE TABLE coupon_packs (
    code        TEXT      NOT NULL PRIMARY KEY CHECK (code <> '' AND code = upper(code)),
    name_en     TEXT      NOT NULL CHECK (name_en <> ''),
    name_et     TEXT      NOT NULL CHECK (name_et <> ''),
    free_orders INTEGER   NOT NULL CHECK (free_orders > 0),
    station_id  TEXT      CHECK (station_id IS NULL OR length(station_id) = 36),
    valid_until TIMESTAMP
);

INSERT INTO coupon_packs (code, name_en, name_et, free_orders, station_id) VALUES
    ('FIRST3', 'First 3 orders free', 'Esimesed 3 tellimust tasuta', 3, NULL),
    ('NEXT5', 'Next 5 orders free', 'Järgmised 5 tellimust tasuta', 5, NULL),
    ('TALLINN-CENTRE', '2 free orders at Tallinn Viru Keskus', '2 tasuta tellimust Tallinna Viru Keskuses', 2,
        '11111111-1111-4111-8111-000000000001'),
    ('TARTU-KAUBAMAJA', '2 free orders at Tartu Kaubamaja', '2 tasuta tellimust Tartu Kaubamajas', 2,
        '11111111-1111-4111-8111-000000000003');

-- A pack held by a user. subject says who may hold the pack only once: a hash of
-- the verified e-mail for the registration pack (so deleting and re-registering
-- does not earn it again), "user:<id>" for a pack typed in by code. phone_subject
-- is a hash of the first phone verified while holding the pack: the same phone
-- cannot earn the registration pack on a second account either.
CREATE TABLE user_coupons (
    id            TEXT      NOT NULL PRIMARY KEY CHECK (length(id) = 36),
    user_id       TEXT      NOT NULL REFERENCES users (id),
    pack_code     TEXT      NOT NULL REFERENCES coupon_packs (code),
    remaining     INTEGER   NOT NULL CHECK (remaining >= 0),
    subject       TEXT      NOT NULL CHECK (subject <> ''),
    phone_subject TEXT      CHECK (phone_subject <> ''),
    registered_at TIMESTAMP NOT NULL,
    UNIQUE (pack_code, subject)
);

CREATE INDEX user_coupons_user_idx ON user_coupons (user_id);
CREATE UNIQUE INDEX user_coupons_phone_idx ON user_coupons (pack_code, phone_subject) WHERE phone_subject IS NOT NULL;

-- +goose Down
DROP TABLE user_coupons;
DROP TABLE coupon_packs;
DROP TABLE events;
DROP TABLE verifications;
DROP TABLE sessions;
DROP TABLE devices;
DROP TABLE user_roles;
DROP TABLE users;
