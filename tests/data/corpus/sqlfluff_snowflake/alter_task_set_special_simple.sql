ALTER TASK my_task SET WAREHOUSE = my_warehouse;
