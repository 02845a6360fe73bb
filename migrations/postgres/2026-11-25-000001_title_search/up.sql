-- Title search through PostgreSQL's own text index: pg_trgm's GIN index answers
-- `title_lower LIKE '%piece%'` for a piece of three or more characters without reading every
-- title, and PostgreSQL keeps it in step with every write. pg_trgm is a trusted extension
-- (PostgreSQL 13+): the database's owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX idx_products_title_trgm ON products USING gin (title_lower gin_trgm_ops);
