truncate table temp;
truncate table if exists temp;
truncate table something.temp;
