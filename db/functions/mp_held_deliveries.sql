-- The rows with dedupe keys `p_keys` (a jsonb array) that a commit queued already claimed until
-- `p_held` for the request that delivers them (no claim to write), while still pending and
-- still so claimed, as `mp_claim_deliveries` returns rows. A row whose claim was given up, or
-- that the cron took after it lapsed, is not returned.
CREATE OR REPLACE FUNCTION mp_held_deliveries(p_now timestamptz, p_held timestamptz, p_keys jsonb)
RETURNS json
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN coalesce((
    SELECT json_agg(json_build_object('notice', row_to_json(o), 'context', mp_delivery_context(o.kind, o.channel, o.user_id, o.game_id, o.payload))
      ORDER BY o.next_attempt_at, o.id)
    FROM outbox o
    WHERE o.dedupe_key = ANY (ARRAY(SELECT jsonb_array_elements_text(p_keys))) AND o.status = 'pending'
      AND o.claimed_until = p_held AND p_held > p_now AND o.next_attempt_at <= p_now), '[]'::json);
END $$;
