
CREATE TABLE foo_table (bar INTEGER) COMMENT = '1';
