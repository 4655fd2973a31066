select * exclude col1 from table1;

select * exclude (col1) from table1;

select * exclude (col1, col2) from table1;

select * exclude (col1, col2, coln) from table1;
