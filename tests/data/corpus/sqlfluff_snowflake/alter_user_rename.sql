ALTER USER IF EXISTS my_user RENAME TO "new_name";
