DROP INDEX idx_reports_status;
ALTER TABLE reports DROP COLUMN attempts;
ALTER TABLE reports DROP COLUMN claimed_at;
ALTER TABLE reports DROP COLUMN result;
