-- Reference 000, "Facilitate compliance audits": who accessed a sensitive table in the last
-- 30 days (filled in: the object id of HR.DATA.T1).
SELECT distinct user_name
FROM access_history
     , lateral flatten(base_objects_accessed) f1
WHERE f1.value:"objectId"::int=100
AND f1.value:"objectDomain"::string='Table'
AND query_start_time >= dateadd('day', -30, current_timestamp())
;
