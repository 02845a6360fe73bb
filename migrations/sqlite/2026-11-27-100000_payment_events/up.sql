-- The events payment providers sent to the webhook, each acted on once (a replay finds its
-- id here and changes nothing); and the sessions by the provider's id of their payment, which
-- is how an event names the session it is about.
CREATE TABLE payment_events (
    id TEXT PRIMARY KEY NOT NULL,
    kind TEXT NOT NULL,
    received_on TIMESTAMP NOT NULL
);
CREATE INDEX idx_payment_sessions_provider_ref ON payment_sessions (provider_ref);
