/**
 * The bare database work of a move: the statements the Worker's transaction writes (traced from
 * a real PostgreSQL: insert the event, move the game row from v to v+1, mark the seat as having
 * seen v+1, insert the outbox rows) in one transaction through the same Neon driver, with the
 * same values the Worker would bind - and nothing else: no HTTP, no session or game reads, no
 * engine. The move contents are precomputed from the "secret-dice" fixture game.
 */
import type { PoolClient } from '@neondatabase/serverless';
import { playMove } from '../../engine/core';
import { secretDice } from '../../test/fixtures/secret-dice';
import { planTransition } from '../../worker/notices/transition';
import { stateFor } from '../../worker/lib/state';

// The exact SQL drizzle generates for these writes (worker/services/events.ts, commit.ts, notify/enqueue.ts).
export const SQL = {
  begin: 'begin ',
  insertEvent:
    'insert into "game_events" ("game_id", "seq", "kind", "seat", "payload", "log", "reveals", "idempotency_key", "response", "created_at") values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)',
  updateGame:
    'update "games" set "status" = $1, "version" = $2, "snapshot" = $3, "active_seats" = $4, "result" = $5, "deadline_at" = $6, "reminder_stage" = $7, "updated_at" = $8 where ("games"."id" = $9 and "games"."version" = $10) returning "version"',
  updateSeat:
    'update "seats" set "last_seen_seq" = greatest("seats"."last_seen_seq", $1) where ("seats"."game_id" = $2 and "seats"."seat" = $3)',
  outboxColumns:
    'insert into "outbox" ("id", "channel", "target", "payload", "status", "kind", "user_id", "game_id", "claimed_until", "sent_at", "attempts", "next_attempt_at", "last_error", "dedupe_key", "created_at") values ',
  commit: 'commit',
};

/** One precomputed move of a 4-player, 10-round secret-dice game (bank, end, bank, end ...). */
export interface BareStep {
  kind: 'bank' | 'end';
  seat: number;
  payload: string;
  log: string;
  response: string;
  snapshot: string;
  status: 'active' | 'finished';
  activeSeats: string;
  result: string | null;
  /** Seats told about this move (your_turn / game_over): one email outbox row each. */
  notices: { seat: number; kind: string }[];
}

export const BARE_PLAYERS = 4;
export const BARE_ROUNDS = 10;

export function bareSteps(): BareStep[] {
  let state = secretDice.setup({ players: BARE_PLAYERS, options: { rounds: BARE_ROUNDS }, seed: '0123456789abcdef0123456789abcdef' });
  const steps: BareStep[] = [];
  let version = 5; // create + 3 joins + start
  let before = {
    status: 'active' as const,
    activeSeats: [0],
    deadlineAt: null,
    reminderStage: 0,
    timeControl: 'none' as const,
    players: BARE_PLAYERS,
  };
  while (!state.over) {
    const seat = state.turn;
    const kind = state.stepsThisTurn === 0 ? 'bank' : 'end';
    const r = playMove(secretDice, state, seat, { type: kind });
    state = r.state;
    version++;
    const result = secretDice.result(state);
    const status = result ? 'finished' : 'active';
    const activeSeats = status === 'active' ? secretDice.activeSeats(state) : [];
    const plan = planTransition(before, { status, activeSeats });
    const answer = stateFor(secretDice, { id: 'bare-game-id-0000', type: 'secret-dice', status, version, snapshot: state }, seat);
    steps.push({
      kind,
      seat,
      payload: JSON.stringify({ move: { type: kind } }),
      log: JSON.stringify(r.log),
      response: JSON.stringify(answer),
      snapshot: JSON.stringify(state),
      status,
      activeSeats: JSON.stringify(activeSeats),
      result: result ? JSON.stringify(result) : null,
      notices: plan.notices.map((n) => ({ seat: n.seat, kind: n.kind })),
    });
    before = { ...before, status: status as 'active', activeSeats };
  }
  return steps;
}

/** A game of the bare benchmark: its row, its seats' users, and where it is in the step list. */
export interface BareLane {
  gameId: string;
  users: { id: string; email: string }[];
  version: number;
  step: number;
}

/** Creates `n` bare games (users, game row at version 5, seats) directly in SQL. */
export async function createBareGames(q: Exec, n: number, tag: string): Promise<BareLane[]> {
  const pool = { query: q };
  const lanes: BareLane[] = [];
  for (let i = 0; i < n; i++) {
    const gameId = `bare-${tag}-${i}`;
    const users = Array.from({ length: BARE_PLAYERS }, (_, s) => ({
      id: `bare-${tag}-${i}-u${s}`,
      email: `bare-${tag}-${i}-${s}@example.test`,
    }));
    for (const u of users) await pool.query('insert into users (id, email, name) values ($1, $2, $3)', [u.id, u.email, u.id]);
    await pool.query(
      `insert into games (id, type, rules_version, options, players, status, seed, seed_hash, invite_code, created_by, version, snapshot, active_seats)
       values ($1, 'secret-dice', '1', '{"rounds":10}', $2, 'active', 'seed', 'hash', $3, $4, 5, $5, '[0]')`,
      [
        gameId,
        BARE_PLAYERS,
        `inv-${gameId}`,
        users[0].id,
        JSON.stringify(
          secretDice.setup({ players: BARE_PLAYERS, options: { rounds: BARE_ROUNDS }, seed: '0123456789abcdef0123456789abcdef' }),
        ),
      ],
    );
    for (let s = 0; s < BARE_PLAYERS; s++)
      await pool.query('insert into seats (game_id, seat, user_id) values ($1, $2, $3)', [gameId, s, users[s].id]);
    lanes.push({ gameId, users, version: 5, step: 0 });
  }
  return lanes;
}

let keyCounter = 0;
const NOT_DUE = new Date(Date.now() + 365 * 24 * 3600 * 1000).toISOString();

/** Runs one parameterized statement; resolves to the number of rows it affected. */
export type Exec = (text: string, params: unknown[]) => Promise<number>;

/**
 * The writes of the lane's next step (without BEGIN/COMMIT): insert the event, move the game row
 * from v to v+1, mark the seat, insert the outbox rows. Throws on a version conflict.
 */
export async function bareWrites(q: Exec, lane: BareLane, steps: BareStep[]): Promise<'bank' | 'end'> {
  const st = steps[lane.step % steps.length];
  const now = new Date().toISOString();
  const seq = lane.version + 1;
  await q(SQL.insertEvent, [
    lane.gameId,
    seq,
    'move',
    st.seat,
    st.payload,
    st.log,
    false,
    `bare-${process.pid}-${++keyCounter}`,
    st.response,
    now,
  ]);
  const moved = await q(SQL.updateGame, [st.status, seq, st.snapshot, st.activeSeats, st.result, null, 0, now, lane.gameId, lane.version]);
  if (moved !== 1) throw new Error(`bare: version conflict on ${lane.gameId} at ${lane.version}`);
  await q(SQL.updateSeat, [seq, lane.gameId, st.seat]);
  if (st.notices.length) {
    const params: unknown[] = [];
    const rows: string[] = [];
    for (const n of st.notices) {
      const u = lane.users[n.seat];
      const payload = JSON.stringify({ kind: n.kind, gameId: lane.gameId, seat: n.seat, version: seq, userId: u.id });
      const b = params.length;
      // Due in a year: the Worker's drains (which take every due row) must not deliver the bare
      // transaction's notices, or their delivery would count as the moves' work.
      params.push(
        'email',
        u.email,
        payload,
        n.kind,
        u.id,
        lane.gameId,
        NOT_DUE,
        `${n.kind}:${lane.gameId}:${n.seat}:${seq}:email:${u.email}`,
        now,
      );
      rows.push(
        `(default, $${b + 1}, $${b + 2}, $${b + 3}, default, $${b + 4}, $${b + 5}, $${b + 6}, default, default, default, $${b + 7}, default, $${b + 8}, $${b + 9})`,
      );
    }
    await q(`${SQL.outboxColumns}${rows.join(', ')} on conflict ("dedupe_key") do nothing`, params);
  }
  return st.kind;
}

/** Marks the lane's step as done (after the transaction committed). */
function advance(lane: BareLane): void {
  lane.version++;
  lane.step++;
}

/** One bare move transaction through the Neon driver on `client` (BEGIN, the writes, COMMIT). */
export async function bareMove(client: PoolClient, lane: BareLane, steps: BareStep[]): Promise<'bank' | 'end'> {
  const q: Exec = async (text, params) => (await client.query(text, params)).rowCount ?? 0;
  await q(SQL.begin, []);
  let kind: 'bank' | 'end';
  try {
    kind = await bareWrites(q, lane, steps);
    await q(SQL.commit, []);
  } catch (e) {
    await client.query('rollback').catch(() => {});
    throw e;
  }
  advance(lane);
  return kind;
}

/** The same transaction through PGlite's own transaction API (in-process comparison). */
export async function bareMovePglite(
  pg: {
    transaction<T>(fn: (tx: { query(text: string, params?: unknown[]): Promise<{ affectedRows?: number }> }) => Promise<T>): Promise<T>;
  },
  lane: BareLane,
  steps: BareStep[],
): Promise<'bank' | 'end'> {
  const kind = await pg.transaction((tx) =>
    bareWrites(async (text, params) => (await tx.query(text, params)).affectedRows ?? 0, lane, steps),
  );
  advance(lane);
  return kind;
}
