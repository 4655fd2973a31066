-- Reference 000, "Facilitate compliance audits": when the access occurred in the last 30 days
-- (filled in: the object id of HR.DATA.T1 for 32998411400350).
SELECT query_id
       , query_start_time
FROM access_history
     , lateral flatten(base_objects_accessed) f1
WHERE f1.value:"objectId"::int=100
AND f1.value:"objectDomain"::string='Table'
AND query_start_time >= dateadd('day', -30, current_timestamp())
;
