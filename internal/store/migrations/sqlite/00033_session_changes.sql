-- PostgreSQL's 00033 tells every lockerd when a session ends, for the session
-- cache each keeps; on SQLite one process owns the file and keeps no cache. The
-- file keeps both engines' migration versions the same.

-- +goose Up
SELECT 1;

-- +goose Down
SELECT 1;
