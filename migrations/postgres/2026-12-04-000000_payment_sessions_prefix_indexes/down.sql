CREATE INDEX idx_payment_sessions_user ON payment_sessions (user_id);
CREATE INDEX idx_payment_sessions_cart ON payment_sessions (cart_id);
