SELECT {'a': 1, 'b': 'foo', 'c': 4 + 5, 'd': some_column_ref}
FROM foo
