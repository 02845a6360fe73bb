-- Tokens carry the version they were issued under; an admin's password reset moves it on, so
-- every token issued before the reset stops working at once on every node.
ALTER TABLE users ADD COLUMN token_version INTEGER NOT NULL DEFAULT 0;
