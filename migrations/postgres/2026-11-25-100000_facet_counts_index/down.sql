DROP INDEX idx_products_kind_facets;
