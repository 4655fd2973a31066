-- One day of Amazon Redshift query history, as the `redshift` log format reads it (README, "Feeding it your
-- warehouse's query history"). Save the result as CSV with a header line, e.g.
--   psql "host=... dbname=dev user=..." --csv -f redshift_export.sql > landing/<ACCOUNT>/2026-11-16/history.csv
-- or with the query editor's "Export" to CSV or JSON. Run it as a superuser (a user sees only their own rows).
--
-- SYS_QUERY_HISTORY.query_text keeps the first 4,000 characters of a statement; SYS_QUERY_TEXT has the whole text in
-- chunks of 4,000 (by sequence). full_query_text puts the chunks back together: a chunk shorter than 4,000
-- characters once its padding is trimmed ends with a blank (the padding cannot be told from a blank that ended the
-- chunk, and a blank lost between two words would join them). LISTAGG returns at most 65,535 bytes, so statements of
-- more than 16 chunks get no full_query_text: the reader sets such a statement aside, saying it may be cut, rather
-- than reading its first 4,000 characters as a statement.
--
-- Older Redshift versions have no `username` column: add `u.usename AS user_name` and
-- `LEFT JOIN pg_user u ON u.usesysid = h.user_id` (provisioned) or `svv_user_info` (Serverless).
SELECT h.*,
       t.full_query_text
FROM sys_query_history h
LEFT JOIN (
    SELECT query_id,
           CASE WHEN MAX(sequence) < 16 THEN
               LISTAGG(CASE WHEN sequence < 16 THEN
                           CASE WHEN LEN(RTRIM(text)) = 4000 THEN text ELSE RTRIM(text) || ' ' END
                       END, '') WITHIN GROUP (ORDER BY sequence)
           END AS full_query_text
    FROM sys_query_text
    GROUP BY query_id
) t ON t.query_id = h.query_id
WHERE h.start_time >= '2026-11-16' AND h.start_time < '2026-11-17'
  AND h.user_id > 1             -- user 1 is Redshift's own (rdsdb)
ORDER BY h.start_time;          -- a session's SET search_path must come before the statements it names tables for
