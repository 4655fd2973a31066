select * from table1
EXCEPT
(select * from table1)
