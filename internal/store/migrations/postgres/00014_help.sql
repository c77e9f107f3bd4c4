-- +goose Up
-- Help centre (issue 16): sections and articles in a tree of any depth, each
-- addressed by its path ("renting/booking/choose-a-locker"), with a title and a
-- Markdown body in English and Estonian. The fold_* columns are the same texts
-- as plain lower-case text (folded in Go, Unicode-aware on both databases), which
-- search matches with LIKE. seed_hash is the hash of the repository files a row
-- was last written from ('' for a node an operator made); edited_at, once set
-- by an operator's edit, keeps the seeding off the row (docs/decisions.md, "Help
-- centre").
CREATE TABLE help_nodes (
    path          TEXT        NOT NULL PRIMARY KEY CHECK (path <> ''),
    parent_path   TEXT        NOT NULL,
    kind          TEXT        NOT NULL CHECK (kind IN ('section', 'article')),
    position      INTEGER     NOT NULL DEFAULT 0,
    title_en      TEXT        NOT NULL CHECK (title_en <> ''),
    title_et      TEXT        NOT NULL CHECK (title_et <> ''),
    body_en       TEXT        NOT NULL DEFAULT '',
    body_et       TEXT        NOT NULL DEFAULT '',
    fold_title_en TEXT        NOT NULL,
    fold_title_et TEXT        NOT NULL,
    fold_body_en  TEXT        NOT NULL,
    fold_body_et  TEXT        NOT NULL,
    seed_hash     TEXT        NOT NULL DEFAULT '',
    edited_at     timestamptz,
    updated_at    timestamptz NOT NULL
);

-- A section's children in order.
CREATE INDEX help_nodes_parent_idx ON help_nodes (parent_path, position, path);

-- +goose Down
DROP INDEX help_nodes_parent_idx;
DROP TABLE help_nodes;
