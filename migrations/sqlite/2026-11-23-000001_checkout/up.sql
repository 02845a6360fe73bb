-- Checkout (issue 10): the provider's reference of a payment session, stock held by open
-- sessions, and the sandbox payment provider's own ledger.
ALTER TABLE payment_sessions ADD COLUMN provider_ref TEXT NOT NULL DEFAULT '';
CREATE INDEX idx_payment_sessions_status ON payment_sessions (status, expires_at);

-- Variant items held by an open payment session until it expires, is aborted or is bought.
-- Available = available_stock - the quantities of unexpired holds.
CREATE TABLE stock_holds (
    session_id TEXT NOT NULL REFERENCES payment_sessions (id) ON DELETE CASCADE,
    variant_id TEXT NOT NULL REFERENCES apparel_variants (id) ON DELETE CASCADE,
    quantity   INTEGER NOT NULL CHECK (quantity >= 1),
    expires_at TIMESTAMP NOT NULL,
    PRIMARY KEY (session_id, variant_id)
);
CREATE INDEX idx_stock_holds_variant ON stock_holds (variant_id, expires_at);
CREATE INDEX idx_stock_holds_expiry ON stock_holds (expires_at);

-- The sandbox payment provider (the default adapter of the payment port) keeps its
-- authorizations here; a real provider keeps them at the provider. Only the last four digits
-- of a card are ever stored.
CREATE TABLE sandbox_payments (
    reference    TEXT PRIMARY KEY NOT NULL,
    amount_cents BIGINT NOT NULL CHECK (amount_cents >= 0),
    status       TEXT NOT NULL CHECK (status IN ('PENDING', 'DECLINED', 'AUTHORIZED', 'CAPTURED', 'VOIDED')),
    card_last4   TEXT,
    attempts     INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    expires_at   TIMESTAMP NOT NULL,
    created_on   TIMESTAMP NOT NULL,
    updated_on   TIMESTAMP NOT NULL
);
CREATE INDEX idx_sandbox_payments_expiry ON sandbox_payments (expires_at);
