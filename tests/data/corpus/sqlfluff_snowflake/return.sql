begin
select 1;
select 2;
return 5;
end;
