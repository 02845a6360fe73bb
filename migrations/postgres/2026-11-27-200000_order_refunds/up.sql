-- Refunds of orders (back office): the amount given back through the payment provider, why,
-- by whom and when. A refund is pending (provider_refund_id NULL) from before the provider is
-- called until it confirms; pending ones count against what is left, so an order's refunds
-- never add up to more than its payment.
CREATE TABLE order_refunds (
    id TEXT PRIMARY KEY NOT NULL,
    order_id TEXT NOT NULL REFERENCES orders (id),
    amount_cents BIGINT NOT NULL CHECK (amount_cents > 0),
    reason TEXT NOT NULL,
    restocked BOOLEAN NOT NULL,
    provider_refund_id TEXT,
    created_by TEXT NOT NULL REFERENCES users (id),
    created_on TIMESTAMP NOT NULL,
    confirmed_on TIMESTAMP
);
CREATE INDEX idx_order_refunds_order ON order_refunds (order_id, created_on);
