explain using tabular select 1;

explain using json select 1;

explain using text select 1;

explain select 1;
