-- Every purchase writes a payment session twice (opened, then used with its order), and each
-- write updated all ten of its indexes. Two of them are the leading column of a wider one that
-- 2026-11-27-000000_checkout_limit_indexes added: (user_id) of (user_id, created_on) and
-- (cart_id) of (cart_id, status, expires_at). A lookup by user or by cart (the foreign keys'
-- ON DELETE checks among them) uses the wider index as well; the narrow ones only cost writes.
DROP INDEX idx_payment_sessions_user;
DROP INDEX idx_payment_sessions_cart;
