/**
 * Thousands of games due at once, for the Worker test of many deadlines and the bench's
 * `due_10k_clear_seconds`: one started game of the fixture Worker with a 24 h clock that ends the
 * game, copied straight in the database `n` times with each copy's clock ending at a chosen
 * instant; and a backlog of pending notices, copies of a real one. Copies are named
 * `<prefix>_<i>`, so a count by prefix says how many were applied.
 */
import type { ApiClient } from './http-client';
import { inviteCode, uniqueEmail } from './http-client';

/** One query against the Worker's database (test/support/neon-node.ts `sqlRows` bound to it). */
export type Sql = <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;

/** The template game and its first player's session (a request path to keep asking while the copies are applied). */
export interface DueTemplate {
  gameId: string;
  token: string;
}

/** A started 2-seat fixture game whose running clock ends the game (24 h a move). */
export async function startTemplate(api: ApiClient): Promise<DueTemplate> {
  const a = (await api.signIn(uniqueEmail('many-a'))).token;
  const b = (await api.signIn(uniqueEmail('many-b'))).token;
  const created = await api.post(
    '/api/games',
    { type: 'secret-dice', players: 2, timeControl: '24h', onTimeout: 'end', allowVacation: false, startWhenFull: true },
    { token: a },
  );
  const joined = await api.post(`/api/games/${created.body.id}/join`, { invite: inviteCode(created.body.inviteUrl) }, { token: b });
  if (joined.status !== 200) throw new Error(`join -> ${joined.status} ${joined.text}`);
  return { gameId: created.body.id as string, token: a };
}

/**
 * `n` copies of the template, seats included, each seat 0's clock ending at `firstEnd` plus
 * `(i % 100) / 100` of `spreadMs` (epoch ms, the Worker's time), each game due then. Returns the
 * last end.
 */
export async function copyDueGames(sql: Sql, t: DueTemplate, n: number, opts: { prefix: string; firstEnd: number; spreadMs: number }) {
  const step = opts.spreadMs / 100;
  await sql(
    `insert into games (id, type, rules_version, options, players, status, seed, seed_hash, invite_code, created_by, version, snapshot,
       active_seats, bot_seats, time_control, on_timeout, on_resign, is_public, start_when_full, clocks, due_at, deadline_at, created_at, updated_at)
     select $4 || '_' || i, type, rules_version, options, players, status, seed, seed_hash, invite_code, created_by, version, snapshot,
       active_seats, bot_seats, time_control, on_timeout, on_resign, is_public, start_when_full,
       jsonb_set(clocks, '{seats,0,since}', to_jsonb(round($2::float8 - 86400000 + (i % 100) * $5::float8)::bigint)),
       to_timestamp(($2::float8 + (i % 100) * $5::float8) / 1000.0), to_timestamp(($2::float8 + (i % 100) * $5::float8) / 1000.0), now(), now()
     from games, generate_series(1, $3) i where id = $1`,
    [t.gameId, opts.firstEnd, n, opts.prefix, step],
  );
  // Each copy seats players of its own, as thousands of games would: games that share a player
  // apply their endings one at a time (their ratings), which would measure two players' queue.
  await sql(
    `insert into users (id, email, name, created_at)
     select $3 || '_u' || i || '_' || s.seat, $3 || '_u' || i || '_' || s.seat || '@example.test', 'Player ' || s.seat, now()
     from seats s, generate_series(1, $2) i where s.game_id = $1 and s.user_id is not null`,
    [t.gameId, n, opts.prefix],
  );
  await sql(
    `insert into seats (game_id, seat, user_id, is_bot, joined_at, last_seen_seq, choices)
     select $3 || '_' || i, s.seat, case when s.user_id is null then null else $3 || '_u' || i || '_' || s.seat end,
       s.is_bot, s.joined_at, s.last_seen_seq, s.choices
     from seats s, generate_series(1, $2) i where s.game_id = $1`,
    [t.gameId, n, opts.prefix],
  );
  return opts.firstEnd + 99 * step;
}

/** How many of the copies named `prefix` have ended (their clock ran out). */
export async function endedCopies(sql: Sql, prefix: string): Promise<number> {
  const [r] = await sql<{ n: string }>("select count(*) as n from games where id like $1 || '\\_%' and status = 'abandoned'", [prefix]);
  return Number(r.n);
}

/** The timeout events of the copies named `prefix`: how many games have one, and how many there are. */
export async function timeoutsOf(sql: Sql, prefix: string): Promise<{ games: number; events: number }> {
  const [r] = await sql<{ games: string; events: string }>(
    "select count(distinct game_id) as games, count(*) as events from game_events where game_id like $1 || '\\_%' and kind = 'timeout'",
    [prefix],
  );
  return { games: Number(r.games), events: Number(r.events) };
}

/**
 * `n` pending email notices due now, copies of the template game's first email (each its own
 * dedupe key `<prefix>:<i>`): a backlog for the outbox drain.
 */
export async function queueBacklog(sql: Sql, t: DueTemplate, n: number, prefix: string): Promise<void> {
  const [r] = await sql<{ n: string }>(
    `with copied as (
       insert into outbox (channel, target, payload, kind, user_id, game_id, next_attempt_at, dedupe_key)
       select o.channel, o.target, o.payload, o.kind, o.user_id, o.game_id, now() - interval '1 second', $3 || ':' || i
       from (select * from outbox where game_id = $1 and channel = 'email' order by id limit 1) o cross join generate_series(1, $2) i
       returning 1)
     select count(*) as n from copied`,
    [t.gameId, n, prefix],
  );
  if (Number(r.n) !== n) throw new Error('the template game queued no email to copy');
}

/** How many of the backlog named `prefix` are still pending. */
export async function pendingBacklog(sql: Sql, prefix: string): Promise<number> {
  const [r] = await sql<{ n: string }>("select count(*) as n from outbox where dedupe_key like $1 || ':%' and status = 'pending'", [
    prefix,
  ]);
  return Number(r.n);
}
