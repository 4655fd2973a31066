ALTER TASK my_task REMOVE AFTER another_task;

ALTER TASK my_task REMOVE AFTER another_task, yet_another_task;
