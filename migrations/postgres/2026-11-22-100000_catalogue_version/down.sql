DROP TABLE catalogue_version;
