select * rename col1 as alias from table1;

select * rename (col1 as alias) from table1;

select * rename (col1 as alias1, col2 as alias2) from table1;
