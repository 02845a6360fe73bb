DROP INDEX idx_products_category_kind;
DROP INDEX idx_products_brand_kind;
