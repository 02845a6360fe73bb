DROP INDEX idx_products_title_trgm;
