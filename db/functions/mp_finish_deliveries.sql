-- The last statement of a delivery batch as a PL/pgSQL function, so its plan stays on the pooled
-- server connection (planning this UPDATE of a table with five indexes cost more than running it).
-- Ends the claims of the outbox rows in `p_rows` (a jsonb array of {id, status, error, sent_at,
-- next_attempt_at, payload}): `status` (null keeps it: a retry stays pending), `error` as
-- last_error, and `sent_at`, `next_attempt_at`, `payload` where not null. One statement for the
-- whole batch, however many rows it sent.
CREATE OR REPLACE FUNCTION mp_finish_deliveries(p_rows jsonb)
RETURNS void
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  UPDATE outbox o SET
    status = coalesce(r.status, o.status),
    claimed_until = NULL,
    last_error = r.error,
    sent_at = coalesce(r.sent_at, o.sent_at),
    next_attempt_at = coalesce(r.next_attempt_at, o.next_attempt_at),
    payload = coalesce(r.payload, o.payload)
  FROM jsonb_to_recordset(p_rows) AS r(id bigint, status text, error text, sent_at timestamptz, next_attempt_at timestamptz,
    payload jsonb)
  WHERE o.id = r.id;
END $$;
