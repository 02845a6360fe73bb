ALTER TABLE apparel_variants DROP COLUMN available;
