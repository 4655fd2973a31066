rm @%mytable/myobject;
rm @%mytable/myobject/;
remove @mystage/path1/subpath2;
remove @%orders;
rm @~ pattern='.*jun.*';
REMOVE @foo.bar PATTERN = '\w';
RM @foo.foo PATTERN=$bar;
