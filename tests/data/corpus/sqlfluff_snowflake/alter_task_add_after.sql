ALTER TASK my_task ADD AFTER another_task;

ALTER TASK my_task ADD AFTER another_task, yet_another_task;
