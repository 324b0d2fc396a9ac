CREATE TABLE "vacations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vacations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"charged_ms" bigint NOT NULL,
	"applied" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "clocks" jsonb;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "quiet_start" integer;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "quiet_end" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "vacation_balance_ms" bigint DEFAULT 604800000 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "vacation_balance_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "auto_vacation" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "vacations" ADD CONSTRAINT "vacations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vacations_user_idx" ON "vacations" USING btree ("user_id","starts_at");--> statement-breakpoint
CREATE INDEX "vacations_open_idx" ON "vacations" USING btree ("ends_at") WHERE "vacations"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "games_due_idx" ON "games" USING btree ("due_at") WHERE "games"."status" = 'active' and "games"."due_at" is not null;--> statement-breakpoint
-- Games of the older per-move rule (`24h`, `72h`) go on as before: the same time per move, no
-- vacation or weekend stops their clocks. Running ones get the clock their deadline implies; the
-- next cron pass recomputes their due instant.
UPDATE "games" g SET
  "clocks" = jsonb_build_object(
    'rules', jsonb_build_object('kind', 'per-move', 'hours', CASE g.time_control WHEN '24h' THEN 24 ELSE 72 END),
    'weekendPause', false,
    'allowVacation', false,
    'zones', (SELECT jsonb_agg(NULL::text) FROM generate_series(1, g.players)),
    'away', '[]'::jsonb,
    'pauses', '[]'::jsonb,
    'seats', (SELECT jsonb_agg(CASE
        WHEN g.status = 'active' AND g.deadline_at IS NOT NULL AND g.active_seats @> to_jsonb(s) THEN jsonb_build_object(
          'bankMs', h.ms, 'startMs', h.ms, 'reminded', g.reminder_stage,
          'since', (extract(epoch FROM g.deadline_at) * 1000)::bigint - h.ms)
        ELSE jsonb_build_object('bankMs', h.ms, 'startMs', h.ms, 'reminded', 0, 'since', NULL) END ORDER BY s)
      FROM generate_series(0, g.players - 1) s)),
  "due_at" = CASE WHEN g.status = 'active' AND g.deadline_at IS NOT NULL THEN now() END
FROM (SELECT id, (CASE time_control WHEN '24h' THEN 24 ELSE 72 END) * 3600000::bigint AS ms FROM "games") h
WHERE h.id = g.id AND g.time_control IN ('24h', '72h');
--> statement-breakpoint
-- Recipients carry what timing needs: the zone, quiet hours and the auto-vacation switch.
CREATE OR REPLACE FUNCTION mp_recipients(p_game text) RETURNS json
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    SELECT coalesce(json_agg(json_build_object(
      'seat', s.seat, 'userId', s.user_id, 'email', u.email,
      'settings', CASE WHEN ns.user_id IS NULL THEN NULL
        ELSE json_build_object('email', ns.email, 'digest', ns.digest, 'push', ns.push, 'kinds', ns.kinds, 'webhook', ns.webhook,
          'timeZone', ns.time_zone, 'quietStart', ns.quiet_start, 'quietEnd', ns.quiet_end) END,
      'gameHook', gw.config,
      'pushDevices', coalesce((SELECT json_agg(ps.id ORDER BY ps.id) FROM push_subscriptions ps WHERE ps.user_id = s.user_id), '[]'::json))), '[]'::json)
    FROM seats s
    JOIN users u ON u.id = s.user_id
    LEFT JOIN notification_settings ns ON ns.user_id = s.user_id
    LEFT JOIN game_webhooks gw ON gw.game_id = s.game_id AND gw.user_id = s.user_id
    WHERE s.game_id = p_game AND NOT s.is_bot);
END $$;
--> statement-breakpoint
-- A commit also moves the seats' clocks and the game's next due instant.
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
    INSERT INTO outbox (channel, target, payload, kind, user_id, game_id, next_attempt_at, created_at, dedupe_key, claimed_until, attempts)
    SELECT r.channel, r.target, r.payload, r.kind, r.user_id, r.game_id, r.next_attempt_at, r.created_at, r.dedupe_key,
      r.claimed_until, coalesce(r.attempts, 0)
    FROM jsonb_to_recordset(p_outbox) AS r(channel text, target text, payload jsonb, kind text, user_id text, game_id text,
      next_attempt_at timestamptz, created_at timestamptz, dedupe_key text, claimed_until timestamptz, attempts int)
    ON CONFLICT (dedupe_key) DO NOTHING;
  END IF;
  RETURN v;
END $$;
