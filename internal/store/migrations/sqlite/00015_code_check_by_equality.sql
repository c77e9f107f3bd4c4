-- PostgreSQL's booking trigger checks a code by equality (see its 00015).
-- SQLite's trigger (00010) probes the (station_id, code) index once per value
-- of its IN list already, so nothing changes here; the file keeps both
-- engines' migration versions the same.

-- +goose Up
SELECT 1;

-- +goose Down
SELECT 1;
