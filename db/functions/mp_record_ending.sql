-- Records a game's end in the statement that commits it, after `mp_append_event` (its result
-- `p_seq`; NULL when that commit matched nothing, and then this writes nothing either): the
-- ending's place in the order of endings, each seat's outcome, and the players' new ratings,
-- computed by the Worker from `mp_ending_inputs` (worker/services/ending.ts).
-- Endings that share a player take their advisory locks first, in the order of `p_locks`, as
-- `applyEnding` does inside a transaction. A rating whose count of games differs from the one
-- its new value was computed from (`before`, NULL for a newcomer) was changed by another ending
-- since the read: the statement fails with SQLSTATE 40001 (serialization_failure), which rolls
-- the commit back with it, and the Worker records the ending in a transaction instead.
-- p_played: every human seat took part. p_results: [{seat, user_id, place, won, resigned, timed_out,
-- rating}] (rating: a rated seat's {before, after}, as its record publishes it); p_ratings: [{user_id,
-- mu, sigma, ordinal, games, before}]. Returns the ending's seq, or NULL when nothing was written.
CREATE OR REPLACE FUNCTION mp_record_ending(p_seq int, p_game text, p_type text, p_now timestamptz, p_timed boolean,
  p_rated boolean, p_played boolean, p_locks jsonb, p_results jsonb, p_ratings jsonb) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  v_key text;
  v_end bigint;
  v_rating jsonb;
  v_games int;
BEGIN
  IF p_seq IS NULL THEN
    RETURN NULL;
  END IF;
  FOR v_key IN SELECT jsonb_array_elements_text(p_locks) LOOP
    PERFORM pg_advisory_xact_lock(hashtext('ratings:' || p_type), hashtext(v_key));
  END LOOP;
  INSERT INTO game_endings (game_id, type, ended_at) VALUES (p_game, p_type, p_now)
    ON CONFLICT DO NOTHING RETURNING seq INTO v_end;
  IF v_end IS NULL THEN
    RETURN NULL;
  END IF;
  FOR v_rating IN SELECT jsonb_array_elements(p_ratings) LOOP
    SELECT r.games INTO v_games FROM ratings r WHERE r.user_id = v_rating->>'user_id' AND r.type = p_type FOR UPDATE;
    IF v_games IS DISTINCT FROM (v_rating->>'before')::int THEN
      RAISE EXCEPTION 'the % rating of % changed since it was read', p_type, v_rating->>'user_id' USING ERRCODE = '40001';
    END IF;
  END LOOP;
  INSERT INTO seat_results (game_id, seat, user_id, type, end_seq, ended_at, timed, rated, played, place, won, resigned, timed_out, rating)
    SELECT p_game, x.seat, x.user_id, p_type, v_end, p_now, p_timed, p_rated, p_played, x.place, x.won, x.resigned, x.timed_out, x.rating
    FROM jsonb_to_recordset(p_results) AS x(seat int, user_id text, place int, won boolean, resigned boolean, timed_out boolean, rating jsonb);
  INSERT INTO ratings (user_id, type, mu, sigma, ordinal, games, updated_at)
    SELECT x.user_id, p_type, x.mu, x.sigma, x.ordinal, x.games, p_now
    FROM jsonb_to_recordset(p_ratings) AS x(user_id text, mu float8, sigma float8, ordinal float8, games int)
    ON CONFLICT (user_id, type) DO UPDATE
      SET mu = excluded.mu, sigma = excluded.sigma, ordinal = excluded.ordinal, games = excluded.games, updated_at = excluded.updated_at;
  RETURN v_end;
END $$;
