-- An apparel variant the admin removes while orders reference it is kept for those orders and
-- marked unavailable: hidden from the storefront, the back office and checkout.
ALTER TABLE apparel_variants ADD COLUMN available BOOLEAN NOT NULL DEFAULT TRUE;
