-- One day of Amazon Redshift query history, as the `redshift` log format reads it (README, "Feeding it your
-- warehouse's query history"). Save the result as CSV with a header line, in one file, in this order, e.g.
--   psql "host=... dbname=dev user=..." --csv -f redshift_export.sql > landing/<ACCOUNT>/2026-11-16/history.csv
-- or with the query editor's CSV export. Run it as a superuser (a user sees only their own rows) and change the
-- day in both WHERE clauses.
--
-- SYS_QUERY_HISTORY.query_text keeps the first 4,000 characters of a statement; SYS_QUERY_TEXT has the whole text in
-- chunks of 4,000 (by sequence), padded with blanks. full_query_text puts the chunks back together: a chunk shorter
-- than a full one once its padding is trimmed ends with a blank (the padding cannot be told from a blank that ended
-- the chunk, and a blank lost between two words would join them). LISTAGG returns at most 65,535 bytes, and a
-- statement too long for it would stop the whole export: such a statement (over 60,000 bytes) gets no
-- full_query_text, and the reader sets it aside, saying it may be cut, rather than reading its first 4,000
-- characters as a statement.
SELECT h.query_id,
       TRIM(h.query_label) AS query_label,
       h.transaction_id,
       h.session_id,
       TRIM(h.database_name) AS database_name,
       TRIM(h.query_type) AS query_type,
       TRIM(h.status) AS status,
       h.start_time,
       h.end_time,
       h.elapsed_time,
       TRIM(h.error_message) AS error_message,
       RTRIM(h.query_text) AS query_text,
       h.user_id,
       TRIM(u.user_name) AS user_name,
       t.full_query_text
FROM sys_query_history h
LEFT JOIN svv_user_info u ON u.user_id = h.user_id
LEFT JOIN (
    SELECT query_id,
           CASE WHEN MAX(total_bytes) <= 60000 THEN
               LISTAGG(CASE WHEN total_bytes <= 60000 THEN
                           CASE WHEN LEN(RTRIM(text)) >= 4000 OR OCTET_LENGTH(RTRIM(text)) >= 4000 THEN text
                                ELSE RTRIM(text) || ' ' END
                       END, '') WITHIN GROUP (ORDER BY sequence)
           END AS full_query_text
    FROM (SELECT query_id, sequence, text,
                 SUM(OCTET_LENGTH(text) + 1) OVER (PARTITION BY query_id) AS total_bytes
          FROM sys_query_text
          WHERE start_time >= '2026-11-16' AND start_time < '2026-11-17') chunks
    GROUP BY query_id
) t ON t.query_id = h.query_id
WHERE h.start_time >= '2026-11-16' AND h.start_time < '2026-11-17'
  AND h.user_id > 1             -- user 1 is Redshift's own (rdsdb)
ORDER BY h.start_time;          -- a session's SET search_path must come before the statements it names tables for
