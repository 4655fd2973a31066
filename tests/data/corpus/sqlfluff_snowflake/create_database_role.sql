create database role dbname.rolename
  comment = 'TEST';
