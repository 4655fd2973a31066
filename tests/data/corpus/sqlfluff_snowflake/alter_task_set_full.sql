ALTER TASK my_task SET a = 'b', c = 1, d = TRUE;
