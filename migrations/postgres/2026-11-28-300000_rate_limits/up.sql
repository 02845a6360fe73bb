-- Request limit counters shared by every API node (issue 36): one row per counter, changed by
-- one statement per hit. limit_name names the limit (signIn, register, ...); key_hash is 16
-- bytes of a keyed hash of what it counts (a client network, an account), never the address
-- or the e-mail itself. expires_us (microseconds since the Unix epoch) is when the row stops
-- saying anything more than a missing row: for a rate (GCRA) the theoretical arrival time, for
-- a count of failures the last one plus the window. hits is that count (0 for a rate).
-- Rows past expires_us are deleted every minute by one node or another. No index on
-- expires_us: updates stay HOT, and the table holds only the clients of the last hour.
-- UNLOGGED: counters need no crash safety (after a crash they start again from nothing, as a
-- restarted node's in-memory limits do) and skip the WAL on every hit.
CREATE UNLOGGED TABLE rate_limits (
    limit_name TEXT NOT NULL,
    key_hash BYTEA NOT NULL,
    hits INTEGER NOT NULL DEFAULT 0,
    expires_us BIGINT NOT NULL,
    PRIMARY KEY (limit_name, key_hash)
);
