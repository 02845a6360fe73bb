DROP TABLE sandbox_payments;
DROP TABLE stock_holds;
DROP INDEX idx_payment_sessions_status;
ALTER TABLE payment_sessions DROP COLUMN provider_ref;
