-- delivering a queued notice in two statements (claim with context; the final update)
-- instead of about six, each a PL/pgSQL function whose statement plans the server connection keeps
-- (see 0013_cached_plans.sql). worker/notify/delivery-context.ts calls them; they are the only
-- copy of these reads.

-- What delivering one outbox row needs, read at send time, as one JSON object
-- (`DeliveryContext` before mapping): the player's notification_settings row (`row_to_json`, or
-- null), the per-game webhook config of (game, player) for a webhook row (or null), and for a
-- game notice (a payload with gameId and seat, not a ready-made message) the games row
-- (`row_to_json`), every seat of the game (isBot, lastSeenSeq, emailReplies, the player's name) and
-- the log column of each event after the notice seat's seen mark, in seq order (none for a chat
-- mention, which quotes its line). Null for a sign-in row.
CREATE OR REPLACE FUNCTION mp_delivery_context(p_kind text, p_channel text, p_user text, p_game text, p_payload jsonb)
RETURNS json
LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF p_kind = 'signin' THEN
    RETURN NULL;
  END IF;
  RETURN json_build_object(
    'settings', (SELECT row_to_json(ns) FROM notification_settings ns WHERE ns.user_id = p_user),
    'gameHook', CASE WHEN p_channel = 'webhook' THEN
      (SELECT gw.config FROM game_webhooks gw WHERE gw.game_id = p_game AND gw.user_id = p_user) END,
    'game', CASE WHEN p_payload ? 'gameId' AND p_payload ? 'seat' AND NOT p_payload ? 'message' THEN
      (SELECT json_build_object(
        'row', row_to_json(g),
        'seats', (SELECT coalesce(json_agg(json_build_object('seat', s.seat, 'isBot', s.is_bot, 'lastSeenSeq', s.last_seen_seq,
            'emailReplies', s.email_replies, 'name', u.name) ORDER BY s.seat), '[]'::json)
          FROM seats s LEFT JOIN users u ON u.id = s.user_id WHERE s.game_id = g.id),
        'log', (SELECT coalesce(json_agg(e.log ORDER BY e.seq), '[]'::json)
          FROM game_events e
          WHERE p_kind <> 'chat_mention' AND e.game_id = g.id
            AND e.seq > (SELECT s.last_seen_seq FROM seats s WHERE s.game_id = g.id AND s.seat = (p_payload->>'seat')::int)))
      FROM games g WHERE g.id = p_payload->>'gameId') END);
END $$;
--> statement-breakpoint

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
--> statement-breakpoint

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
