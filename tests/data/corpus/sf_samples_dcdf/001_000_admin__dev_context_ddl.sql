------------------------------------------------------------------------------
-- context
--





create database if not exists DEV_WEBINAR_COMMON_DB;
create schema if not exists DEV_WEBINAR_COMMON_DB.UTIL;

create database if not exists DEV_WEBINAR_ORDERS_RL_DB;
create schema if not exists DEV_WEBINAR_ORDERS_RL_DB.tpch;

create database if not exists DEV_WEBINAR_IL_DB;
create schema if not exists DEV_WEBINAR_IL_DB.main;

create database if not exists DEV_WEBINAR_PL_DB;
create schema if not exists DEV_WEBINAR_PL_DB.main;

create warehouse if not exists DEV_WEBINAR_WH warehouse_size=small;
