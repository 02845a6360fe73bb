-- Nothing changes on PostgreSQL: pg_trgm's index stays (the SQLite side drops its FTS5 table).
SELECT 1;
