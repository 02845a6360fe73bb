-- The outbox of e-mail (issue 35): a mail is written in the same transaction as the change
-- that causes it, then a sender delivers it. message_id is fixed when the row is written, so
-- a retry is the same message. state: PENDING (to send, next_attempt_at says when), SENT or
-- FAILED (given up: a permanent refusal, or still failing a day after it was written).
-- locked_until is a sender's lease on the row while it sends (several nodes never send one
-- row twice at once). payload is the notification as JSON; a reset link's token is blanked
-- once the mail is sent.
CREATE TABLE mail_outbox (
    id TEXT PRIMARY KEY NOT NULL,
    message_id TEXT NOT NULL UNIQUE,
    recipient TEXT NOT NULL,
    kind TEXT NOT NULL,
    subject TEXT NOT NULL,
    payload TEXT NOT NULL,
    state TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    last_error TEXT,
    next_attempt_at TIMESTAMP NOT NULL,
    locked_until TIMESTAMP,
    created_at TIMESTAMP NOT NULL,
    sent_at TIMESTAMP
);
CREATE INDEX idx_mail_outbox_due ON mail_outbox (state, next_attempt_at);
CREATE INDEX idx_mail_outbox_created ON mail_outbox (created_at);

-- Password reset links: the SHA-256 of the random token (the token itself is only in the
-- mail), whose account, until when, and when it was used (once).
CREATE TABLE password_resets (
    token_hash TEXT PRIMARY KEY NOT NULL,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    expires_at TIMESTAMP NOT NULL,
    used_at TIMESTAMP,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX idx_password_resets_user ON password_resets (user_id, created_at);
