select * from (values (1, 'one'), (2, 'two'), (3, 'three'));

select * from values (1, 'one'), (2, 'two'), (3, 'three');
