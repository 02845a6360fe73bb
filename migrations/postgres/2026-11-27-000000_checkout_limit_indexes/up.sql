-- The checks issues 31 and 32 added to every checkout read one account's or one cart's payment
-- sessions, which pile up with every purchase: the sessions an account opened in the last hour
-- (SHOP_CHECKOUT_SESSIONS_PER_HOUR, twice per opening) and whether a cart has an open session
-- (every cart change). With only (user_id) and (cart_id) indexed, each visited every session
-- the account or cart ever had; these make both a range of one index.
CREATE INDEX idx_payment_sessions_user_created ON payment_sessions (user_id, created_on);
CREATE INDEX idx_payment_sessions_cart_open ON payment_sessions (cart_id, status, expires_at);
