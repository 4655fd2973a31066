--------------------------------------------------------------------
--  Purpose: create table to manage incremental processing
--
--  Revision History:
--  Date     Engineer      Description
--  -------- ------------- ----------------------------------
--  dd/mm/yy
--------------------------------------------------------------------
use database DEV_WEBINAR_COMMON_DB;
use SCHEMA UTIL;

create or replace transient table dw_delta_date
(
     event_dt       timestamp_ltz not null
    ,dw_load_ts     timestamp_ltz not null
)
data_retention_time_in_days = 0
;
