DROP INDEX idx_payment_sessions_provider_ref;
DROP TABLE payment_events;
