-- Reference 000, "Facilitate compliance audits": which columns were accessed in the last 30
-- days (filled in: the object id of HR.DATA.T1 for 32998411400350).
SELECT distinct f4.value AS column_name
FROM access_history
     , lateral flatten(base_objects_accessed) f1
     , lateral flatten(f1.value) f2
     , lateral flatten(f2.value) f3
     , lateral flatten(f3.value) f4
WHERE f1.value:"objectId"::int=100
AND f1.value:"objectDomain"::string='Table'
AND f4.key='columnName'
;
