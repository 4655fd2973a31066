ALTER TASK my_task SET x = 'y';
