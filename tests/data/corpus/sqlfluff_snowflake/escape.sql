-- Backslash escapes work in snowflake
select 'c\' ' as escaped, 'c\' '' ' as escaped_double
