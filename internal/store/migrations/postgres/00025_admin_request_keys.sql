-- An operator's refund is not idempotent by itself (a partial refund may be
-- asked for twice on purpose), so a double-click or a retried request made two
-- refunds. The back office's screen sends a key per confirmed dialog; the
-- first request with a key records it in the audit's transaction, a repeat
-- finds it and changes nothing.

-- +goose Up
CREATE TABLE admin_request_keys (
    key        text    NOT NULL PRIMARY KEY,
    action     text    NOT NULL,
    target_id  text    NOT NULL,
    created_at timestamptz NOT NULL
);

-- +goose Down
DROP TABLE admin_request_keys;
