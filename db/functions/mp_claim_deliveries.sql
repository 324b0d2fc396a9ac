-- Claims up to `p_limit` due outbox rows until `p_until` (attempts + 1; FOR UPDATE SKIP LOCKED, so
-- concurrent drains never share a row) and returns them as one JSON array, oldest due first, of
-- `{notice: row_to_json of the row, context: mp_delivery_context}`.
CREATE OR REPLACE FUNCTION mp_claim_deliveries(p_now timestamptz, p_until timestamptz, p_limit int)
RETURNS json
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  claimed_rows json;
BEGIN
  WITH claimed AS (
    UPDATE outbox o SET claimed_until = p_until, attempts = o.attempts + 1
    WHERE o.id IN (
      SELECT d.id FROM outbox d
      WHERE d.status = 'pending' AND d.next_attempt_at <= p_now AND (d.claimed_until IS NULL OR d.claimed_until < p_now)
      ORDER BY d.next_attempt_at, d.id
      LIMIT p_limit
      FOR UPDATE SKIP LOCKED)
    RETURNING o.*)
  SELECT json_agg(json_build_object('notice', row_to_json(c), 'context', mp_delivery_context(c.kind, c.channel, c.user_id, c.game_id, c.payload))
    ORDER BY c.next_attempt_at, c.id)
  INTO claimed_rows FROM claimed c;
  RETURN coalesce(claimed_rows, '[]'::json);
END $$;
