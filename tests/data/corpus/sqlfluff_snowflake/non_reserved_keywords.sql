SELECT account
FROM foo;

CREATE TABLE IF NOT EXISTS table_name(
    organization VARCHAR
);

with pivot as (select 1)
select * from pivot;
