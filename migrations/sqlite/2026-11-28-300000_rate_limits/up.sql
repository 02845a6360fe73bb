-- Request limit counters shared by every API node (issue 36; see the PostgreSQL migration).
-- A SQLite shop is one node and counts its limits in memory: the table is here so that both
-- trees keep the same migrations and the adapter's queries can be tested on both.
CREATE TABLE rate_limits (
    limit_name TEXT NOT NULL,
    key_hash BLOB NOT NULL,
    hits INTEGER NOT NULL DEFAULT 0,
    expires_us BIGINT NOT NULL,
    PRIMARY KEY (limit_name, key_hash)
);
