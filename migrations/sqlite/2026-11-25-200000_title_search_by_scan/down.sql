CREATE VIRTUAL TABLE product_titles USING fts5(
    title_lower,
    product_id UNINDEXED,
    tokenize = 'trigram'
);

INSERT INTO product_titles (title_lower, product_id) SELECT title_lower, id FROM products;

CREATE TRIGGER product_titles_insert AFTER INSERT ON products BEGIN
    INSERT INTO product_titles (title_lower, product_id) VALUES (new.title_lower, new.id);
END;

-- The old row is found through the index by its old title (a title of three or more
-- characters), or by a scan for a shorter one.
CREATE TRIGGER product_titles_update AFTER UPDATE OF title_lower, id ON products BEGIN
    DELETE FROM product_titles WHERE rowid IN (
        SELECT rowid FROM product_titles
        WHERE length(old.title_lower) >= 3
          AND product_titles MATCH '"' || replace(old.title_lower, '"', '""') || '"'
          AND product_id = old.id
        UNION ALL
        SELECT rowid FROM product_titles
        WHERE length(old.title_lower) < 3 AND product_id = old.id
    );
    INSERT INTO product_titles (title_lower, product_id) VALUES (new.title_lower, new.id);
END;

CREATE TRIGGER product_titles_delete AFTER DELETE ON products BEGIN
    DELETE FROM product_titles WHERE rowid IN (
        SELECT rowid FROM product_titles
        WHERE length(old.title_lower) >= 3
          AND product_titles MATCH '"' || replace(old.title_lower, '"', '""') || '"'
          AND product_id = old.id
        UNION ALL
        SELECT rowid FROM product_titles
        WHERE length(old.title_lower) < 3 AND product_id = old.id
    );
END;
