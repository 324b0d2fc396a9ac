-- What recording a game's end needs besides the commit that ends it (worker/services/ending.ts),
-- read before that commit in one statement: the table's rated and public flags and type, its seats,
-- the events that say who left early (as `loadEndedRecords` selects them), each seat's moves of its
-- own in effect (moves less undos, not the bot's nor one played on time), and the ratings of its
-- seated players in its type, each with the count of games that made it (the commit's check that
-- no other ending changed them meanwhile). NULL for a game that does not exist.
CREATE OR REPLACE FUNCTION mp_ending_inputs(p_game text) RETURNS json
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    SELECT json_build_object(
      'type', g.type,
      'rated', g.rated,
      'isPublic', g.is_public,
      'seats', (SELECT coalesce(json_agg(json_build_object('seat', s.seat, 'userId', s.user_id, 'accountDeleted', s.account_deleted)
                  ORDER BY s.seat), '[]'::json)
                FROM seats s WHERE s.game_id = g.id),
      'events', (SELECT coalesce(json_agg(json_build_object('kind', e.kind, 'seat', e.seat, 'payload', e.payload) ORDER BY e.seq), '[]'::json)
                 FROM game_events e
                 WHERE e.game_id = g.id
                   AND (e.kind IN ('resign', 'leave', 'timeout', 'clock') OR (e.kind = 'move' AND e.payload ? 'timeout'))),
      'ownMoves', (SELECT coalesce(json_object_agg(m.seat, m.n), '{}'::json) FROM (
                     SELECT e.seat, (count(*) FILTER (WHERE e.kind = 'move' AND NOT (e.payload ? 'bot') AND NOT (e.payload ? 'timeout'))
                                     - count(*) FILTER (WHERE e.kind = 'undo'))::int AS n
                     FROM game_events e WHERE e.game_id = g.id AND e.kind IN ('move', 'undo') AND e.seat IS NOT NULL
                     GROUP BY e.seat) m),
      'ratings', (SELECT coalesce(json_agg(json_build_object('userId', r.user_id, 'mu', r.mu, 'sigma', r.sigma, 'games', r.games)), '[]'::json)
                  FROM ratings r
                  WHERE r.type = g.type
                    AND r.user_id IN (SELECT s.user_id FROM seats s WHERE s.game_id = g.id AND s.user_id IS NOT NULL)))
    FROM games g WHERE g.id = p_game);
END $$;
