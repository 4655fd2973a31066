-- Reference 000, "Multiple statements in a single request": the statements a request ran
-- (filled in: the request's query_id).
SELECT query_id, parent_query_id, direct_objects_accessed
FROM snowflake.account_usage.access_history
WHERE parent_query_id = '6789';
