-- Booking looks up a free locker of one product, on SQLite on the read pool
-- before the write transaction (ordersql.freeLockerFrom). A read connection's
-- page cache is emptied whenever another connection has committed since its
-- last read, which under booking load is every time, so every page the query
-- touches is read again. The old index held the product's locker IDs only, and
-- every locker then cost a table lookup on its own page; this one also holds
-- what the query selects and filters on, in ID order, so the lookup walks one or
-- two index pages from a random ID and stops at the first free locker.

-- +goose Up
CREATE INDEX lockers_product_state_idx ON lockers
    (station_id, height, type, temperature, state, id, label, height_mm, width_mm, depth_mm);
DROP INDEX lockers_product_idx;

-- +goose Down
CREATE INDEX lockers_product_idx ON lockers (station_id, height, type, temperature);
DROP INDEX lockers_product_state_idx;
