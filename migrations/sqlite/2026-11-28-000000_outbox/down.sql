DROP TABLE password_resets;
DROP TABLE mail_outbox;
