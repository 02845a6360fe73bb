-- One row counting catalogue writes. Every write to products, their links, variants, unit
-- products, shows, metadata or terminals bumps it in the write's transaction
-- (persistence::catalogue::bump_version); API nodes key their read caches by it.
CREATE TABLE catalogue_version (
    id      INTEGER PRIMARY KEY NOT NULL CHECK (id = 1),
    version BIGINT NOT NULL DEFAULT 0
);
INSERT INTO catalogue_version (id, version) VALUES (1, 0);
