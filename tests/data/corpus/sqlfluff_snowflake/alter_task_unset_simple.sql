ALTER TASK my_task UNSET a;
