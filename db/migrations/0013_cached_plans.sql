-- the reads of a move and a state answer as PL/pgSQL functions. The driver sends unnamed
-- statements, so PostgreSQL parses and plans a plain statement again on every request (about
-- 0.5 ms of CPU for the move's read, three times its execution). PL/pgSQL keeps the plans of a
-- function's statements for the life of the server connection, and server connections outlive
-- requests behind PgBouncer and Neon's pooled endpoint. These functions are the only copy of
-- each read (worker/services/game-request.ts, worker/notify/enqueue.ts,
-- worker/services/since-last-seen.ts call them). They build json, not jsonb: the driver parses
-- the text either way, and row_to_json of a game row costs three quarters of to_jsonb's CPU.

-- The notice recipients of a game as one JSON array (`Recipient[]`), bots and empty seats left out.
CREATE OR REPLACE FUNCTION mp_recipients(p_game text) RETURNS json
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    SELECT coalesce(json_agg(json_build_object(
      'seat', s.seat, 'userId', s.user_id, 'email', u.email,
      'settings', CASE WHEN ns.user_id IS NULL THEN NULL
        ELSE json_build_object('email', ns.email, 'digest', ns.digest, 'push', ns.push, 'kinds', ns.kinds, 'webhook', ns.webhook) END,
      'gameHook', gw.config,
      'pushDevices', coalesce((SELECT json_agg(ps.id ORDER BY ps.id) FROM push_subscriptions ps WHERE ps.user_id = s.user_id), '[]'::json))), '[]'::json)
    FROM seats s
    JOIN users u ON u.id = s.user_id
    LEFT JOIN notification_settings ns ON ns.user_id = s.user_id
    LEFT JOIN game_webhooks gw ON gw.game_id = s.game_id AND gw.user_id = s.user_id
    WHERE s.game_id = p_game AND NOT s.is_bot);
END $$;
--> statement-breakpoint

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
--> statement-breakpoint

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
      'user_id', u.id, 'user_email', u.email, 'user_name', u.name, 'seat', s.seat, 'last_seen', s.last_seen_seq,
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
--> statement-breakpoint

-- Appends event `p_expected + 1` of game `p_game` (`appendEvent`, worker/services/events.ts), atomic
-- in the caller's statement: lock the game row at `p_expected` (a writer that committed meanwhile
-- makes it match nothing: returns NULL), insert the event, move the game row to the new version
-- with the columns `p_update` names (snake_case keys; an absent key keeps the column; these are
-- the columns a game event changes), mark `p_seen_by` as having seen it, and insert the outbox
-- rows `p_outbox` (a jsonb array of rows, each possibly already claimed by the request that will
-- deliver it; a repeated dedupe_key is left out). Returns the new version.
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
    reminder_stage = CASE WHEN p_update ? 'reminder_stage' THEN (p_update ->> 'reminder_stage')::int ELSE g.reminder_stage END
  WHERE g.id = p_game;
  IF p_seen_by IS NOT NULL THEN
    UPDATE seats s SET last_seen_seq = greatest(s.last_seen_seq, v) WHERE s.game_id = p_game AND s.seat = p_seen_by;
  END IF;
  IF jsonb_array_length(p_outbox) > 0 THEN
    INSERT INTO outbox (channel, target, payload, kind, user_id, game_id, next_attempt_at, created_at, dedupe_key, claimed_until, attempts)
    SELECT r.channel, r.target, r.payload, r.kind, r.user_id, r.game_id, r.next_attempt_at, r.created_at, r.dedupe_key,
      r.claimed_until, coalesce(r.attempts, 0)
    FROM jsonb_to_recordset(p_outbox) AS r(channel text, target text, payload jsonb, kind text, user_id text, game_id text,
      next_attempt_at timestamptz, created_at timestamptz, dedupe_key text, claimed_until timestamptz, attempts int)
    ON CONFLICT (dedupe_key) DO NOTHING;
  END IF;
  RETURN v;
END $$;
