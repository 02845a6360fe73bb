-- A list filtered by brand and category (the storefront's most common pair) reads only this
-- index: both equalities, the stock and kind flags, and the sort key. Without it SQLite took
-- idx_products_category_kind and read the table row of every product of the category to check
-- its brand (6.3 ms for a page at 100,000 products; 0.2 ms with it).
CREATE INDEX idx_products_brand_category ON products (brand_id, category_id, in_stock, is_show, is_apparel, title_lower, id);
