-- The same index as on SQLite (see its migration of this number): a product's
-- available lockers in ID order with what booking selects, from the index alone.

-- +goose Up
CREATE INDEX lockers_product_state_idx ON lockers (station_id, height, type, temperature, state, id)
    INCLUDE (label, height_mm, width_mm, depth_mm);
DROP INDEX lockers_product_idx;

-- +goose Down
CREATE INDEX lockers_product_idx ON lockers (station_id, height, type, temperature);
DROP INDEX lockers_product_state_idx;
