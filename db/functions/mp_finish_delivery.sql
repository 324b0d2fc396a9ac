-- the last statement of a delivery as a PL/pgSQL function, so its plan stays on the pooled
-- server connection (planning this UPDATE of a table with five indexes cost more than running it).
-- Ends the claim of outbox row `p_id`: `p_status` (NULL keeps it: a retry stays pending),
-- `p_error` as last_error, and `p_sent_at`, `p_next_attempt_at`, `p_payload` where not NULL.
CREATE OR REPLACE FUNCTION mp_finish_delivery(p_id bigint, p_status text, p_error text, p_sent_at timestamptz,
  p_next_attempt_at timestamptz, p_payload jsonb)
RETURNS void
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  UPDATE outbox o SET
    status = coalesce(p_status, o.status),
    claimed_until = NULL,
    last_error = p_error,
    sent_at = coalesce(p_sent_at, o.sent_at),
    next_attempt_at = coalesce(p_next_attempt_at, o.next_attempt_at),
    payload = coalesce(p_payload, o.payload)
  WHERE o.id = p_id;
END $$;
