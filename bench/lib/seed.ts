/**
 * Fills a database with N games built from the recorded games (test/records), in bulk: the rows
 * a real table leaves behind (game, seats, events with their log, outbox rows, sessions, push
 * devices, webhooks, endings), without going through the API one game at a time.
 *
 * The record's moves are replayed here once per template (a record cut at a point of its play),
 * and PostgreSQL copies the templates into the N games with INSERT ... SELECT, so a seeded
 * running game holds a state the engine reached with the game's own seed: the record's next
 * move is legal through the real API. Seeding is incremental (`seedGames(from, to)`), so one
 * run measures at 1,000 games, grows to 10,000 and measures again.
 *
 * Mix per 100 games: 12 waiting for players, 28 running, 60 finished; 2 to 5 seats as the
 * records have them. Each player sits at about 6 tables; one player (`MANY_GAMES_USER`) owns
 * 300 finished games (My games at its largest).
 */
import type { Pool } from '@neondatabase/serverless';
import { playMove, type GameRecord } from '../../engine/core';
import { newClocks } from '../../worker/time-control/seat-clocks';
import { TIME_CONTROL_PRESETS } from '../../worker/time-control/rules';
import { gameFor, loadRecords } from './records';

export const MANY_GAMES_USER = 'su-many';
export const MANY_GAMES_FINISHED = 300;
/** Share of each 100 games by status. */
export const MIX = { open: 12, running: 28, finished: 60 } as const;
/** Running games are cut at these shares of their record's moves. */
const RUNNING_CUTS = [0.2, 0.5, 0.8];
/** Tables a player sits at, on average (sets the number of users). */
const TABLES_PER_PLAYER = 6;
const DAY_MS = 86_400_000;
/** Seeded games were created over this many days before now. */
const SPAN_DAYS = 180;

export interface Template {
  t: number;
  record: GameRecord;
  file: string;
  status: 'open' | 'active' | 'finished';
  version: number;
  snapshot: string | null;
  activeSeats: number[];
  result: unknown;
  /** Seats taken (open tables wait for the last one). */
  taken: number;
  events: { seq: number; kind: string; seat: number | null; payload: string; log: string }[];
  /** Running only: the record's moves still to play, in order. */
  next: { seat: number; move: unknown }[];
}

/** The templates: per record one finished, three running cuts and one open table. */
export function buildTemplates(): Template[] {
  const out: Template[] = [];
  for (const { file, record } of loadRecords()) {
    const game = gameFor(record.type);
    const moves = record.events.filter((e) => e.kind === 'move').map((e) => ({ seat: e.seat!, move: e.move }));
    const cuts = [...RUNNING_CUTS.map((f) => Math.floor(moves.length * f)), moves.length];
    let state = game.setup({ players: record.players, options: (record.options ?? {}) as never, seed: record.seed! });
    const events: Template['events'] = [{ seq: 1, kind: 'start', seat: null, payload: '{}', log: '[]' }];
    let played = 0;
    for (const cut of cuts) {
      for (; played < cut; played++) {
        const m = moves[played];
        const r = playMove(game, state, m.seat, m.move);
        state = r.state;
        events.push({
          seq: events.length + 1,
          kind: 'move',
          seat: m.seat,
          payload: JSON.stringify({ move: m.move }),
          log: JSON.stringify(r.log),
        });
      }
      const finished = cut === moves.length;
      out.push({
        t: out.length,
        record,
        file,
        status: finished ? 'finished' : 'active',
        version: events.length,
        snapshot: JSON.stringify(state),
        activeSeats: finished ? [] : game.activeSeats(state),
        result: finished ? game.result(state) : null,
        taken: record.players,
        events: [...events],
        next: finished ? [] : moves.slice(cut),
      });
    }
    out.push({
      t: out.length,
      record,
      file,
      status: 'open',
      version: 0,
      snapshot: null,
      activeSeats: [],
      result: null,
      taken: record.players - 1,
      events: [],
      next: [],
    });
  }
  return out;
}

/** For each of 100 slots, the template a game in that slot copies (game g uses slot g % 100). */
export function mixTable(templates: readonly Template[]): number[] {
  const by = (s: Template['status']) => templates.filter((t) => t.status === s);
  const open = by('open');
  const running = by('active');
  const finished = by('finished');
  const slots: number[] = [];
  for (let k = 0; k < 100; k++) {
    const pick = k < MIX.open ? open : k < MIX.open + MIX.running ? running : finished;
    // Spread consecutive slots over different records.
    slots.push(pick[(k * 7) % pick.length].t);
  }
  return slots;
}

/** Users for `n` games: enough that each sits at about TABLES_PER_PLAYER tables. */
export const usersFor = (n: number) => Math.max(200, Math.ceil((n * 3.3) / TABLES_PER_PLAYER));

/** The bearer token the seeder gives each seeded user's session (its SHA-256 is what `sessions` stores). */
export const tokenOf = (userId: string) => `seed-${userId}`;

type Q = (sql: string, params?: unknown[]) => Promise<unknown>;

/** Writes the templates into helper tables (kept out of the measured tables' sizes by their `seed_` names). */
export async function loadTemplates(pool: Pool, templates: readonly Template[]): Promise<void> {
  const q: Q = (s, p) => pool.query(s, p as never[]);
  await q(`create table if not exists seed_templates (t int primary key, type text, rules_version text, options jsonb, players int,
    status text, version int, snapshot jsonb, active_seats jsonb, result jsonb, seed text, seed_hash text, taken int)`);
  await q('create table if not exists seed_events (t int, seq int, kind text, seat int, payload jsonb, log jsonb, primary key (t, seq))');
  await q('create table if not exists seed_mix (k int primary key, t int)');
  await q('truncate seed_templates, seed_events, seed_mix');
  for (const t of templates) {
    await q(`insert into seed_templates values ($1, $2, $3, $4::jsonb, $5, $6, $7, $8::jsonb, $9::jsonb, $10::jsonb, $11, $12, $13)`, [
      t.t,
      t.record.type,
      t.record.rulesVersion,
      JSON.stringify(t.record.options ?? {}),
      t.record.players,
      t.status,
      t.version,
      t.snapshot,
      JSON.stringify(t.activeSeats),
      t.result === null ? null : JSON.stringify(t.result),
      t.record.seed,
      t.record.seedHash,
      t.taken,
    ]);
    if (t.events.length)
      await q(
        `insert into seed_events (t, seq, kind, seat, payload, log)
         select $1, e.seq, e.kind, e.seat, e.payload, e.log
         from jsonb_to_recordset($2::jsonb) as e(seq int, kind text, seat int, payload jsonb, log jsonb)`,
        [t.t, JSON.stringify(t.events.map((e) => ({ ...e, payload: JSON.parse(e.payload), log: JSON.parse(e.log) })))],
      );
  }
  const mix = mixTable(templates);
  await q('insert into seed_mix select k - 1, t from unnest($1::int[]) with ordinality as m(t, k)', [mix]);
}

export interface SeedTimings {
  games: number;
  events: number;
  ms: Record<string, number>;
}

/**
 * Adds games `from`..`to` (1-based, inclusive) and the users they need, in chunks of
 * `chunk` games per statement. Game ids are `sg<n>`, users `su<n>`. `nAll` is the final size
 * the timestamps spread over (games created over SPAN_DAYS days, the newest now).
 */
export async function seedGames(
  pool: Pool,
  from: number,
  to: number,
  opts: { chunk?: number; log?: (m: string) => void } = {},
): Promise<SeedTimings> {
  const q = async (s: string, p: unknown[] = []) => pool.query(s, p as never[]);
  const ms: Record<string, number> = {};
  const timed = async (name: string, f: () => Promise<unknown>) => {
    const t0 = performance.now();
    await f();
    ms[name] = (ms[name] ?? 0) + (performance.now() - t0);
  };
  const chunk = opts.chunk ?? 5000;
  const users = usersFor(to);
  const usersBefore = from > 1 ? usersFor(from - 1) : 0;
  const now = Date.now();
  // Users (with a session each; 30% with a push device; 10% with a webhook in their settings).
  await timed('users', async () => {
    if (usersBefore === 0)
      await q(`insert into users (id, email, name) values ($1, $1 || '@example.test', 'Many Games') on conflict do nothing`, [
        MANY_GAMES_USER,
      ]);
    await q(
      `insert into users (id, email, name, created_at)
       select 'su' || u, 'su' || u || '@example.test', 'Player ' || u, now() - interval '200 days'
       from generate_series($1::int, $2::int) u`,
      [usersBefore + 1, users],
    );
    const ids = `(select 'su' || u as id from generate_series($1::int, $2::int) u union all select $3 where $1 = 1)`;
    const p = [usersBefore + 1, users, MANY_GAMES_USER];
    await q(
      `insert into sessions (token_hash, user_id, created_at, expires_at)
       select encode(sha256(convert_to('seed-' || id, 'UTF8')), 'hex'), id, now() - interval '3 days', now() + interval '27 days' from ${ids} x`,
      p,
    );
    await q(
      `insert into push_subscriptions (id, user_id, endpoint, p256dh, auth, name, created_at, last_used_at)
       select 'ps-' || id, id, 'https://push.example.test/send/' || md5(id), rpad(md5(id || 'p'), 87, 'x'), left(md5(id || 'a'), 22),
         'Chrome on Android', now() - interval '60 days', now() - interval '1 day'
       from ${ids} x where abs(hashtext(id)) % 10 < 3`,
      p,
    );
    await q(
      `insert into notification_settings (user_id, kinds, webhook, unsubscribe_token)
       select id, '{"yourTurn":true,"gameStarted":true,"gameOver":true,"chatMention":true,"reminder":true}',
         case when abs(hashtext(id)) % 10 = 0 then jsonb_build_object('url', 'https://hooks.example.test/' || md5(id), 'format', 'json', 'secret', md5(id || 's')) end,
         md5('unsub' || id)
       from ${ids} x where abs(hashtext(id)) % 10 < 4`,
      p,
    );
  });
  let events = 0;
  for (let a = from; a <= to; a += chunk) {
    const b = Math.min(to, a + chunk - 1);
    // The chunk's games with their template and creation instant (oldest first, spread over SPAN_DAYS).
    await q('drop table if exists seed_chunk');
    await q(
      `create unlogged table seed_chunk as
       select g, 'sg' || g as id, m.t, t.status, t.players, t.taken, t.version,
         to_timestamp(($3::bigint - ($4::bigint - g) * $5::bigint) / 1000.0) as created
       from generate_series($1::int, $2::int) g join seed_mix m on m.k = g % 100 join seed_templates t on t.t = m.t`,
      [a, b, now, Math.max(to, 1000), Math.round((SPAN_DAYS * DAY_MS) / Math.max(to, 1000))],
    );
    await timed('games', () =>
      q(
        `insert into games (id, type, rules_version, options, players, status, seed, seed_hash, invite_code, created_by, version, snapshot,
           active_seats, result, time_control, is_public, created_at, updated_at)
         select c.id, t.type, t.rules_version, t.options, t.players, t.status, t.seed, t.seed_hash, md5(c.id), null, t.version, t.snapshot,
           t.active_seats, t.result, 'none', abs(hashtext(c.id)) % 10 < 8,
           c.created,
           case t.status when 'open' then c.created when 'active' then greatest(c.created, now() - interval '2 days' * (abs(hashtext(c.id)) % 100) / 100)
             else c.created + interval '5 minutes' * t.version end
         from seed_chunk c join seed_templates t on t.t = c.t`,
      ),
    );
    // Seat s of game g: user (g * 13 + s * stride) mod U, distinct within a game (stride * 4 < U).
    // The first MANY_GAMES_FINISHED finished games (in id order) seat MANY_GAMES_USER at seat 0.
    await timed('seats', async () => {
      await q(
        `insert into seats (game_id, seat, user_id, joined_at, last_seen_seq)
         select c.id, s,
           case when s = 0 and c.status = 'finished' and c.g in (select g from seed_many) then $1
             else 'su' || (1 + ((c.g::bigint * 13 + s * ($2::int / 5)) % $2::int)) end,
           c.created, case when c.status = 'finished' then c.version else greatest(0, c.version - (s % 2)) end
         from seed_chunk c cross join generate_series(0, 4) s where s < c.taken`,
        [MANY_GAMES_USER, users],
      );
      await q(`update games g set created_by = s.user_id from seats s, seed_chunk c where c.id = g.id and s.game_id = g.id and s.seat = 0`);
    });
    await timed('events', async () => {
      const r = (await q(
        `insert into game_events (game_id, seq, kind, seat, payload, log, reveals, created_at)
         select c.id, e.seq, e.kind, e.seat, e.payload, e.log, e.kind = 'start',
           c.created + interval '5 minutes' * e.seq
         from seed_chunk c join seed_events e on e.t = c.t`,
      )) as { rowCount: number | null };
      events += r.rowCount ?? 0;
    });
    // What finished games leave: their ending, each seat's result, and the outbox rows of the
    // last month (a "your turn" per seat and a "game over" each; older ones the retention sweep deleted).
    await timed('endings', async () => {
      await q(
        `insert into game_endings (game_id, type, ended_at)
         select c.id, t.type, c.created + interval '5 minutes' * c.version from seed_chunk c join seed_templates t on t.t = c.t
         where c.status = 'finished' order by c.g`,
      );
      await q(
        `insert into seat_results (game_id, seat, user_id, type, end_seq, ended_at, timed, rated, place, won, resigned, timed_out)
         select s.game_id, s.seat, s.user_id, e.type, e.seq, e.ended_at, false, true, coalesce(r.place, 0), coalesce(r.place, 0) = 0, false, false
         from seed_chunk c join seats s on s.game_id = c.id join game_endings e on e.game_id = c.id join games g on g.id = c.id
         left join lateral (select (k - 1)::int as place from jsonb_array_elements_text(g.result -> 'ranking') with ordinality as x(v, k) where x.v::int = s.seat) r on true
         where c.status = 'finished'`,
      );
    });
    await timed('outbox', () =>
      q(
        `insert into outbox (channel, target, payload, status, kind, user_id, game_id, sent_at, attempts, next_attempt_at, dedupe_key, created_at)
         select 'email', s.user_id || '@example.test', jsonb_build_object('subject', 'Your turn in game ' || c.id, 'game', c.id, 'seat', s.seat),
           'sent', k.kind, s.user_id, c.id, c.created + interval '1 hour', 1, c.created, c.id || ':' || s.seat || ':' || k.kind, c.created
         from seed_chunk c join seats s on s.game_id = c.id cross join (values ('your_turn'), ('game_over')) k(kind)
         where c.status <> 'open' and (k.kind = 'your_turn' or c.status = 'finished') and c.created > now() - interval '30 days'`,
      ),
    );
    // 5% of running and finished games have a table webhook (the group's Discord channel).
    await timed('webhooks', () =>
      q(
        `insert into game_webhooks (game_id, user_id, config)
         select c.id, s.user_id, jsonb_build_object('url', 'https://discord.example.test/api/webhooks/' || md5(c.id), 'format', 'discord', 'secret', md5(c.id || 'w'))
         from seed_chunk c join seats s on s.game_id = c.id and s.seat = 0 where c.status <> 'open' and c.g % 20 = 3`,
      ),
    );
    opts.log?.(`seeded games ${a}-${b}`);
  }
  await q('drop table if exists seed_chunk');
  return { games: to - from + 1, events, ms };
}

/** Before the first chunk: which game numbers seat MANY_GAMES_USER (the first 300 finished ones). */
export async function markManyGames(pool: Pool): Promise<void> {
  await pool.query('create table if not exists seed_many (g int primary key)');
  await pool.query('truncate seed_many');
  await pool.query(
    `insert into seed_many select g from generate_series(1, 100000) g join seed_mix m on m.k = g % 100 join seed_templates t on t.t = m.t
     where t.status = 'finished' order by g limit $1`,
    [MANY_GAMES_FINISHED],
  );
}

/**
 * A time control for the games the cron pass finds due: 24 h a move, the seat to move's clock
 * running for 13 h (its half-time reminder is due).
 */
export function dueClocks(players: number, activeSeats: readonly number[], now: number) {
  const c = newClocks(TIME_CONTROL_PRESETS['24h'], players)!;
  for (const s of activeSeats) c.seats[s] = { ...c.seats[s], since: now - 13 * 3600_000 };
  return c;
}
