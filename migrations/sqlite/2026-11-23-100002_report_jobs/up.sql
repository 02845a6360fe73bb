-- Reports are computed by a background job on one API node: the result, when and how often
-- the report was claimed (a node that goes silent leaves a stale claim another node takes).
ALTER TABLE reports ADD COLUMN result TEXT;
ALTER TABLE reports ADD COLUMN claimed_at TIMESTAMP;
ALTER TABLE reports ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
CREATE INDEX idx_reports_status ON reports (status, created_at);
