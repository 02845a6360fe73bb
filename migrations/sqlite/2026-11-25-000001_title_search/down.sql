DROP TRIGGER product_titles_delete;
DROP TRIGGER product_titles_update;
DROP TRIGGER product_titles_insert;
DROP TABLE product_titles;
