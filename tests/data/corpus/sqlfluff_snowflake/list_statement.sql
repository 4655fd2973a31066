list @%mytable;

list @mystage/path1;

list @%mytable pattern='.*data_0.*';

list @my_csv_stage/analysis/ pattern='.*data_0.*';

ls @~;
