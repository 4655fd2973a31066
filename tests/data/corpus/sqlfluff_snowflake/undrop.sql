UNDROP database mytestdb2;
undrop schema myschema;
undrop table t2;
UNDROP EXTERNAL VOLUME my_external_volume;
