-- Appends event `p_expected + 1` of game `p_game` (`appendEvent`, worker/services/events.ts), atomic
-- in the caller's statement: lock the game row at `p_expected` (a writer that committed meanwhile
-- makes it match nothing: returns NULL), insert the event, move the game row to the new version
-- with the columns `p_update` names (snake_case keys; an absent key keeps the column; these are
-- the columns a game event changes), mark `p_seen_by` as having seen it, and insert the outbox
-- rows `p_outbox` (a jsonb array of rows, each possibly already claimed by the request that will
-- deliver it; a repeated dedupe_key is left out). A turn notice not yet sent that a new one for
-- the same seat, channel and player covers is marked skipped: the turn went away and came back
-- within the grace (an undo, then the move again), and the player is told once, by the newer.
-- Returns the new version. A commit also moves the seats' clocks and the game's next due instant.
CREATE OR REPLACE FUNCTION mp_append_event(p_game text, p_expected int, p_kind text, p_seat int, p_payload jsonb, p_log jsonb,
  p_reveals boolean, p_key text, p_response text, p_now timestamptz, p_update jsonb, p_seen_by int, p_outbox jsonb)
RETURNS int
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v int := p_expected + 1;
BEGIN
  PERFORM 1 FROM games g WHERE g.id = p_game AND g.version = p_expected FOR UPDATE;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  INSERT INTO game_events (game_id, seq, kind, seat, payload, log, reveals, idempotency_key, response, created_at)
  VALUES (p_game, v, p_kind, p_seat, p_payload, p_log, p_reveals, p_key, p_response, p_now);
  UPDATE games g SET
    version = v,
    updated_at = p_now,
    snapshot = CASE WHEN p_update ? 'snapshot' THEN nullif(p_update -> 'snapshot', 'null'::jsonb) ELSE g.snapshot END,
    status = CASE WHEN p_update ? 'status' THEN p_update ->> 'status' ELSE g.status END,
    active_seats = CASE WHEN p_update ? 'active_seats' THEN p_update -> 'active_seats' ELSE g.active_seats END,
    bot_seats = CASE WHEN p_update ? 'bot_seats' THEN p_update -> 'bot_seats' ELSE g.bot_seats END,
    result = CASE WHEN p_update ? 'result' THEN nullif(p_update -> 'result', 'null'::jsonb) ELSE g.result END,
    options = CASE WHEN p_update ? 'options' THEN p_update -> 'options' ELSE g.options END,
    deadline_at = CASE WHEN p_update ? 'deadline_at' THEN (p_update ->> 'deadline_at')::timestamptz ELSE g.deadline_at END,
    reminder_stage = CASE WHEN p_update ? 'reminder_stage' THEN (p_update ->> 'reminder_stage')::int ELSE g.reminder_stage END,
    clocks = CASE WHEN p_update ? 'clocks' THEN nullif(p_update -> 'clocks', 'null'::jsonb) ELSE g.clocks END,
    due_at = CASE WHEN p_update ? 'due_at' THEN (p_update ->> 'due_at')::timestamptz ELSE g.due_at END
  WHERE g.id = p_game;
  IF p_seen_by IS NOT NULL THEN
    UPDATE seats s SET last_seen_seq = greatest(s.last_seen_seq, v) WHERE s.game_id = p_game AND s.seat = p_seen_by;
  END IF;
  IF jsonb_array_length(p_outbox) > 0 THEN
    UPDATE outbox o SET status = 'skipped', claimed_until = NULL
    FROM jsonb_to_recordset(p_outbox) AS r(channel text, target text, user_id text, kind text, payload jsonb)
    WHERE r.kind = 'your_turn' AND o.game_id = p_game AND o.status = 'pending' AND o.kind = 'your_turn'
      AND o.channel = r.channel AND o.target = r.target AND o.user_id IS NOT DISTINCT FROM r.user_id
      AND o.payload->>'seat' = r.payload->>'seat'
      AND (o.payload->>'version')::int < (r.payload->>'version')::int;
    INSERT INTO outbox (channel, target, payload, kind, user_id, game_id, next_attempt_at, created_at, dedupe_key, claimed_until, attempts)
    SELECT r.channel, r.target, r.payload, r.kind, r.user_id, r.game_id, r.next_attempt_at, r.created_at, r.dedupe_key,
      r.claimed_until, coalesce(r.attempts, 0)
    FROM jsonb_to_recordset(p_outbox) AS r(channel text, target text, payload jsonb, kind text, user_id text, game_id text,
      next_attempt_at timestamptz, created_at timestamptz, dedupe_key text, claimed_until timestamptz, attempts int)
    ON CONFLICT (dedupe_key) DO NOTHING;
  END IF;
  RETURN v;
END $$;
