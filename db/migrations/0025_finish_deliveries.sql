-- A delivery batch records its outcomes in one statement (db/functions/mp_finish_deliveries.sql)
-- instead of one a row: the one-row function goes.
DROP FUNCTION IF EXISTS mp_finish_delivery(bigint, text, text, timestamptz, timestamptz, jsonb);
