-- What a pass over one game's clocks reads first, in one statement (worker/services/clock-pass.ts):
-- the game row as JSON, its notice recipients (reminders and timeouts tell them), and, when a
-- clock that ends the game has run out by `p_now` (`deadline_at`, the earliest end of any seat's
-- clock), what recording the game's end needs (`mp_ending_inputs`), so the timeout's commit is
-- its only other statement. NULL when the game does not exist.
CREATE OR REPLACE FUNCTION mp_pass_read(p_game text, p_now timestamptz) RETURNS json
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    SELECT json_build_object('game', row_to_json(g), 'recipients', mp_recipients(g.id),
      'ending', CASE WHEN g.status = 'active' AND g.on_timeout = 'end' AND g.deadline_at <= p_now THEN mp_ending_inputs(g.id) END)
    FROM games g WHERE g.id = p_game);
END $$;
