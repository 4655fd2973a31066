CREATE TABLE foo (
   timestamp_col TIMESTAMP,
   date_col DATE,
   partition INTEGER
);
