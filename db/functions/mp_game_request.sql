-- Everything a request about one game needs before it acts, in one statement (`GameRequest`), as
-- one JSON object (a scalar result plans and returns more cheaply than a row set): the session
-- whose token hashes to `p_token` (unexpired at `p_now`), the game row as JSON (only with `p_row`;
-- else its version and visibility alone, for a conditional GET), the caller's human seat and seen
-- mark, the event an earlier request with Idempotency-Key `p_key` appended, and with
-- `p_recipients` / `p_tail` the notice recipients and the seat's events (`mp_tail`). NULL when the
-- game does not exist.
CREATE OR REPLACE FUNCTION mp_game_request(p_game text, p_token text, p_now timestamptz, p_row boolean, p_key text,
  p_recipients boolean, p_tail boolean, p_undo_tail int, p_max int)
RETURNS json
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    SELECT json_build_object('game', CASE WHEN p_row THEN row_to_json(g) END, 'version', g.version, 'is_public', g.is_public,
      'user_id', u.id, 'user_email', u.email, 'user_name', u.name || coalesce(' ' || u.name_mark, ''), 'seat', s.seat, 'last_seen', s.last_seen_seq,
      'prior_seq', e.seq, 'prior_seat', e.seat, 'prior_payload', e.payload, 'prior_response', e.response,
      'recipients', CASE WHEN p_recipients THEN mp_recipients(g.id) END,
      'tail', CASE WHEN p_tail AND s.seat IS NOT NULL THEN mp_tail(g.id, s.last_seen_seq, g.version, p_undo_tail, p_max) END)
    FROM games g
    LEFT JOIN sessions ss ON ss.token_hash = p_token AND ss.expires_at > p_now
    LEFT JOIN users u ON u.id = ss.user_id
    LEFT JOIN seats s ON s.game_id = g.id AND s.user_id = u.id AND NOT s.is_bot
    LEFT JOIN game_events e ON e.game_id = g.id AND e.idempotency_key = p_key
    WHERE g.id = p_game);
END $$;
