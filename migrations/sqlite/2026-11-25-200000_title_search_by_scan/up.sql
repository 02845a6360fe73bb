-- The FTS5 trigram table of 2026-11-25-000001 is dropped again: measured (bench/results/misses.md,
-- docs/ARCHITECTURE.md "Performance notes"), `products.id IN (SELECT ... MATCH ...)` made a title
-- search slower than reading the titles from the covering index, because SQLite still walks the
-- sorted index and probes the (often thousands of) matching ids for every entry. Title search
-- reads title_lower from idx_products_kind_stock_title_lower again.
DROP TRIGGER product_titles_delete;
DROP TRIGGER product_titles_update;
DROP TRIGGER product_titles_insert;
DROP TABLE product_titles;
