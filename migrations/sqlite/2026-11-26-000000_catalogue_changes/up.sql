-- What each catalogue version changed that the list index of the API nodes reads
-- (persistence/src/catalogue/index): one row per product whose filters, title or order the
-- write may have changed, '*' when the node must read every product again (vocabulary writes,
-- or a writer that did not say), and an empty product id marking that the version was logged
-- at all. Written in the transaction that bumps catalogue_version, with its new version, so a
-- node at version v catches up with the rows of the versions after v. Pruned as it grows.
CREATE TABLE catalogue_changes (
    version    BIGINT NOT NULL,
    product_id TEXT NOT NULL,
    PRIMARY KEY (version, product_id)
);
