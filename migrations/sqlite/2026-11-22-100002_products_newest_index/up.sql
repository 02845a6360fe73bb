-- The home page's new arrivals: newest products of a kind first.
CREATE INDEX idx_products_kind_newest ON products (is_show, is_apparel, created_on, id);
