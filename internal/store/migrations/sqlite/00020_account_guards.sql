-- +goose Up
-- Account-takeover guards (issue 18, docs/security.md).
--
-- code_tries counts tries at e-mailed and texted codes per subject and UTC day,
-- across resends (a new code no longer buys new guesses). The subject is a
-- SHA-256 of the address or user it stands for, so no personal data is kept;
-- day is 'YYYY-MM-DD'. Rows older than yesterday are dropped as new ones come.
CREATE TABLE code_tries (
    subject TEXT    NOT NULL CHECK (length(subject) = 64),
    day     TEXT    NOT NULL CHECK (length(day) = 10),
    tries   INTEGER NOT NULL CHECK (tries >= 0),
    PRIMARY KEY (subject, day)
);
CREATE INDEX code_tries_day_idx ON code_tries (day);

-- login_clients are the clients (a hash of user and client address) that signed
-- in to an account or opened its unlock link: they keep signing in while
-- strangers' failures have the account locked.
CREATE TABLE login_clients (
    user_id     TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    client_hash TEXT NOT NULL CHECK (length(client_hash) = 64),
    seen_at     TIMESTAMP NOT NULL,
    PRIMARY KEY (user_id, client_hash)
);

-- login_unlocks are the single-use links e-mailed to an account's owner when
-- failed sign-ins lock the account; only the token's SHA-256 is kept.
CREATE TABLE login_unlocks (
    token_hash TEXT NOT NULL PRIMARY KEY CHECK (length(token_hash) = 64),
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at TIMESTAMP NOT NULL,
    expires_at TIMESTAMP NOT NULL,
    used_at    TIMESTAMP
);
CREATE INDEX login_unlocks_user_idx ON login_unlocks (user_id);

-- +goose Down
DROP TABLE login_unlocks;
DROP TABLE login_clients;
DROP TABLE code_tries;
