-- The events a seat's answer needs, newest first, as one JSON array (`TailRow[]`): those after
-- the seat's seen mark `p_mark` and the newest `p_undo_tail` of the game at `p_version`, at most
-- `p_max` (a primary-key range scan).
CREATE OR REPLACE FUNCTION mp_tail(p_game text, p_mark int, p_version int, p_undo_tail int, p_max int) RETURNS json
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    SELECT coalesce(json_agg(json_build_object('seq', t.seq, 'kind', t.kind, 'seat', t.seat, 'log', t.log, 'reveals', t.reveals, 'at', t.created_at) ORDER BY t.seq DESC), '[]'::json)
    FROM (SELECT e.seq, e.kind, e.seat, e.log, e.reveals, e.created_at FROM game_events e
      WHERE e.game_id = p_game AND e.seq > greatest(0, least(p_mark, p_version - p_undo_tail))
      ORDER BY e.seq DESC LIMIT p_max) t);
END $$;
