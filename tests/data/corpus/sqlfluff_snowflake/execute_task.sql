EXECUTE TASK my_task;

EXECUTE TASK myschema.my_task;
