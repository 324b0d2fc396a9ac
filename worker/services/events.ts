import { and, eq, gt, sql } from 'drizzle-orm';
import type { LogEntry } from '../../engine/core';
import { gameEvents, games, outbox, seats } from '../../db/schema';
import type { Db } from '../../db/types';
import type { OutboxRow } from '../notify/enqueue';
import { isUniqueViolation } from './db-errors';
import { noteCommit } from '../clock/notes';

/** Someone else appended first: the expected version is no longer current. */
export class VersionConflict extends Error {
  constructor() {
    super('version conflict');
  }
}

/** A new event and the game-row changes it causes, appended at `expectedVersion + 1`. */
export interface NewEvent {
  gameId: string;
  expectedVersion: number;
  kind: string;
  seat: number | null;
  payload: unknown;
  log: LogEntry[];
  reveals?: boolean;
  idempotencyKey?: string | null;
  /** The answer to store for idempotent retries. */
  response?: unknown;
  /** Columns of `games` to set with the new version (snapshot, status, active seats ...). */
  update: Partial<typeof games.$inferInsert>;
  now: Date;
  /** A seat that has now seen the new version (the one that acted). */
  seenBy?: number | null;
  /** Outbox rows of the notifications the event causes (`dedupeKey` repeats are left out). */
  outbox?: OutboxRow[];
  /** More writes in the same transaction (a new seat, a seat handed to the bot). */
  also?: (tx: Db) => Promise<void>;
}

/**
 * Appends one event as ONE statement (one round trip, atomic without BEGIN/COMMIT): lock the
 * game row at `v` (`FOR UPDATE`; a writer that committed `v+1` meanwhile makes it match
 * nothing), then - only if it matched - insert event `v+1`, move the game row to `v+1`, mark
 * `seenBy` as having seen it and insert the outbox rows. The `(game_id, seq)` primary key still
 * refuses a second writer. With `also`, the statement and `also` share a transaction.
 * Throws `VersionConflict` when another writer got there first; nothing is written then.
 */
export async function appendEvent(db: Db, e: NewEvent): Promise<number> {
  const statement = appendStatement(e);
  // Before the commit, never after (#17): the Worker's copy of the version may run ahead of the
  // database (a poll then gets a full answer) but never behind it (a stale 304). Any commit may
  // change what the cron has to do (a deadline, a notice, a bot's turn), so its next tick looks.
  const seq = e.expectedVersion + 1;
  await noteCommit(e.gameId, { version: seq, marks: e.seenBy === null || e.seenBy === undefined ? undefined : { [e.seenBy]: seq } }, e.now);
  const run = async (tx: Db) => {
    const result = await tx.execute<{ seq: number }>(statement);
    const rows = (result as { rows?: { seq: number }[] }).rows ?? (result as unknown as { seq: number }[]);
    if (rows.length !== 1) throw new VersionConflict();
  };
  try {
    if (e.also) {
      const also = e.also;
      await db.transaction(async (tx) => {
        await run(tx as unknown as Db);
        await also(tx as unknown as Db);
      });
    } else await run(db);
  } catch (err) {
    if (err instanceof VersionConflict || isUniqueViolation(err)) throw new VersionConflict();
    throw err;
  }
  return e.expectedVersion + 1;
}

/** JSON text for a jsonb parameter (`null` stays SQL null). */
function jsonb(value: unknown) {
  return value === undefined || value === null ? sql`null::jsonb` : sql`${JSON.stringify(value)}::jsonb`;
}

/** The single statement of `appendEvent`. */
function appendStatement(e: NewEvent) {
  const seq = e.expectedVersion + 1;
  const now = e.now.toISOString();
  const moveGame = sql`update ${games} set ${sql.join(
    Object.entries({ ...e.update, version: seq, updatedAt: e.now }).map(([key, value]) => {
      const column = games[key as keyof typeof games.$inferInsert];
      return sql`${sql.identifier(column.name)} = ${column.columnType === 'PgJsonb' ? jsonb(value) : value instanceof Date ? sql`${value.toISOString()}::timestamptz` : value}`;
    }),
    sql`, `,
  )} from locked where ${games.id} = locked.id returning ${games.version}`;
  const markSeen =
    e.seenBy === null || e.seenBy === undefined
      ? sql``
      : sql`, seen as (update ${seats} set last_seen_seq = greatest(${seats.lastSeenSeq}, ${seq}::int)
          where ${seats.gameId} = ${e.gameId} and ${seats.seat} = ${e.seenBy}::int and exists (select 1 from locked))`;
  const rows = e.outbox ?? [];
  const notify = rows.length
    ? sql`, notices as (insert into ${outbox} (channel, target, payload, kind, user_id, game_id, next_attempt_at, created_at, dedupe_key)
          select r.channel, r.target, r.payload, r.kind, r.user_id, r.game_id, r.next_attempt_at, r.created_at, r.dedupe_key
          from jsonb_to_recordset(${JSON.stringify(
            rows.map((r) => ({
              channel: r.channel,
              target: r.target,
              payload: r.payload,
              kind: r.kind,
              user_id: r.userId ?? null,
              game_id: r.gameId ?? null,
              next_attempt_at: (r.nextAttemptAt ?? e.now).toISOString(),
              created_at: (r.createdAt ?? e.now).toISOString(),
              dedupe_key: r.dedupeKey ?? null,
            })),
          )}::jsonb) as r(channel text, target text, payload jsonb, kind text, user_id text, game_id text,
            next_attempt_at timestamptz, created_at timestamptz, dedupe_key text)
          where exists (select 1 from locked)
          on conflict (dedupe_key) do nothing)`
    : sql``;
  return sql`with locked as (select ${games.id} as id from ${games} where ${games.id} = ${e.gameId} and ${games.version} = ${e.expectedVersion}::int for update),
    event as (insert into ${gameEvents} (game_id, seq, kind, seat, payload, log, reveals, idempotency_key, response, created_at)
      select locked.id, ${seq}::int, ${e.kind}, ${e.seat}::int, ${jsonb(e.payload ?? {})}, ${jsonb(e.log)}, ${e.reveals ?? false}::boolean,
        ${e.idempotencyKey ?? null}::text, ${e.response === undefined ? null : JSON.stringify(e.response)}::text, ${now}::timestamptz
      from locked returning seq),
    moved as (${moveGame})${markSeen}${notify}
    select seq from event`;
}

/** The event a request with this Idempotency-Key appended before, if any. */
export async function eventByIdempotencyKey(db: Db, gameId: string, key: string) {
  const [row] = await db
    .select({ seq: gameEvents.seq, seat: gameEvents.seat, response: gameEvents.response, kind: gameEvents.kind, payload: gameEvents.payload })
    .from(gameEvents)
    .where(and(eq(gameEvents.gameId, gameId), eq(gameEvents.idempotencyKey, key)));
  return row ?? null;
}

/** All events of a game in order (for replay, undo and the log). */
export async function loadEvents(db: Db, gameId: string, afterSeq = 0) {
  return db
    .select()
    .from(gameEvents)
    .where(and(eq(gameEvents.gameId, gameId), gt(gameEvents.seq, afterSeq)))
    .orderBy(gameEvents.seq);
}
