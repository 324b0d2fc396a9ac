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
            'emailReplies', s.email_replies, 'name', u.name || coalesce(' ' || u.name_mark, '')) ORDER BY s.seat), '[]'::json)
          FROM seats s LEFT JOIN users u ON u.id = s.user_id WHERE s.game_id = g.id),
        'log', (SELECT coalesce(json_agg(e.log ORDER BY e.seq), '[]'::json)
          FROM game_events e
          WHERE p_kind <> 'chat_mention' AND e.game_id = g.id
            AND e.seq > (SELECT s.last_seen_seq FROM seats s WHERE s.game_id = g.id AND s.seat = (p_payload->>'seat')::int)))
      FROM games g WHERE g.id = p_payload->>'gameId') END);
END $$;
