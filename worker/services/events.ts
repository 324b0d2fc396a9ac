import { and, eq, gt } from 'drizzle-orm';
import { executedRows } from '../../db/json-row';
import type { LogEntry } from '../../engine/core';
import { gameEvents, games } from '../../db/schema';
import { appendEventCall, type RecordEndingArgs } from '../../db/sql-functions';
import type { Db } from '../../db/types';
import type { OutboxRow } from '../notices/enqueue';
import { isUniqueViolation } from './db-errors';
import type { ClockNotes, CommitNews } from '../clock/notes';

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
  /** The answer to store for idempotent retries, as its JSON text. */
  response?: string;
  /** Columns of `games` to set with the new version (snapshot, status, active seats ...). */
  update: Partial<typeof games.$inferInsert>;
  now: Date;
  /** A seat that has now seen the new version (the one that acted). */
  seenBy?: number | null;
  /** Outbox rows of the notifications the event causes (`dedupeKey` repeats are left out). */
  outbox?: OutboxRow[];
  /** More writes in the same transaction (a new seat, a seat handed to the bot). */
  also?: (tx: Db) => Promise<void>;
  /**
   * Events appended first, in the same transaction, at `expectedVersion + 1` onwards (the steps
   * of a restarted turn but the last, one undo each); they change only the game's version, and
   * this event follows them with every other change.
   */
  leading?: LeadingEvent[];
  /** The game's end, recorded by the same statement (`mp_record_ending`; worker/services/ending.ts). */
  ending?: RecordEndingArgs;
  /** What the game's object learns with the version (`ClockNotes.commit`): notices to hold, the clocks' next instant. */
  news?: CommitNews;
}

/** An event appended before another in one transaction (`NewEvent.leading`). */
export interface LeadingEvent {
  kind: string;
  seat: number | null;
  payload: unknown;
  log: LogEntry[];
}

/**
 * Appends one event as ONE statement (one round trip, atomic without BEGIN/COMMIT; the SQL
 * function `mp_append_event`): lock the
 * game row at `v` (`FOR UPDATE`; a writer that committed `v+1` meanwhile makes it match
 * nothing), then - only if it matched - insert event `v+1`, move the game row to `v+1`, mark
 * `seenBy` as having seen it and insert the outbox rows. The `(game_id, seq)` primary key still
 * refuses a second writer. With `also`, the statement and `also` share a transaction; with
 * `leading`, those events come first in the same transaction (this one then gets the version
 * after them, which it returns). Throws `VersionConflict` when another writer got there first;
 * nothing is written then. `clocks` learns the version and `news` before the commit
 * (`ClockNotes.commit`); a commit that fails after telling a new clocks instant asks for a pass at once.
 */
export async function appendEvent(db: Db, e: NewEvent, clocks: ClockNotes): Promise<number> {
  const leading = e.leading ?? [];
  const first = e.expectedVersion;
  const expected = first + leading.length;
  const statement = appendStatement({ ...e, expectedVersion: expected });
  // Before the commit, never after: the Worker's copy of the version may run ahead of the
  // database (a poll then gets a full answer) but never behind it (a stale 304). Any commit may
  // change what the cron has to do (a deadline, a notice, a bot's turn), so its next tick looks.
  const seq = expected + 1;
  await clocks.commit(
    e.gameId,
    { version: seq, marks: e.seenBy === null || e.seenBy === undefined ? undefined : { [e.seenBy]: seq } },
    e.now,
    e.news,
  );
  const run = async (tx: Db, sql: ReturnType<typeof appendStatement>, want: number) => {
    const result = await tx.execute<{ seq: number | null }>(sql);
    const rows = executedRows<{ seq: number | null }>(result);
    if (rows[0]?.seq !== want) throw new VersionConflict();
  };
  try {
    if (e.also || leading.length) {
      const also = e.also;
      await db.transaction(async (t) => {
        const tx = t as unknown as Db;
        for (const [i, l] of leading.entries()) {
          const step = appendStatement({ gameId: e.gameId, expectedVersion: first + i, ...l, update: {}, now: e.now, seenBy: e.seenBy });
          await run(tx, step, first + i + 1);
        }
        await run(tx, statement, seq);
        if (also) await also(tx);
      });
    } else await run(db, statement, seq);
  } catch (err) {
    // The game's timer was told an instant this commit would have set: a pass at once reads the
    // game as it stands and sets the right one.
    if (e.news?.clocksDue !== undefined) await clocks.gameDue(e.gameId, e.now);
    if (err instanceof VersionConflict || isUniqueViolation(err)) throw new VersionConflict();
    throw err;
  }
  return seq;
}

/** The `games` columns an event may change (`NewEvent.update`); `mp_append_event` sets exactly these. */
const UPDATABLE = new Set<keyof typeof games.$inferInsert>([
  'snapshot',
  'status',
  'activeSeats',
  'botSeats',
  'result',
  'options',
  'deadlineAt',
  'reminderStage',
  'clocks',
  'dueAt',
]);

/**
 * The single statement of `appendEvent`: a call of the SQL function `mp_append_event`
 * (db/functions/mp_append_event.sql), whose plans the server connection keeps, with the
 * row changes and outbox rows as jsonb. Throws on an `update` key the function does not set.
 */
function appendStatement(e: NewEvent) {
  const update: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(e.update)) {
    if (!UPDATABLE.has(key as keyof typeof games.$inferInsert)) throw new Error(`appendEvent cannot change games.${key}`);
    // A key given as undefined clears the column, as a key given as null does.
    update[games[key as keyof typeof games.$inferInsert].name] = value instanceof Date ? value.toISOString() : (value ?? null);
  }
  const outboxRows = (e.outbox ?? []).map((r) => ({
    channel: r.channel,
    target: r.target,
    payload: r.payload,
    kind: r.kind,
    user_id: r.userId ?? null,
    game_id: r.gameId ?? null,
    next_attempt_at: (r.nextAttemptAt ?? e.now).toISOString(),
    created_at: (r.createdAt ?? e.now).toISOString(),
    dedupe_key: r.dedupeKey ?? null,
    claimed_until: r.claimedUntil ? r.claimedUntil.toISOString() : null,
    attempts: r.attempts ?? 0,
  }));
  return appendEventCall(
    {
      gameId: e.gameId,
      expectedVersion: e.expectedVersion,
      kind: e.kind,
      seat: e.seat,
      payload: e.payload ?? {},
      log: e.log,
      reveals: e.reveals ?? false,
      idempotencyKey: e.idempotencyKey ?? null,
      response: e.response ?? null,
      now: e.now,
      update,
      seenBy: e.seenBy ?? null,
      outbox: outboxRows,
    },
    e.ending,
  );
}

/** The event a request with this Idempotency-Key appended before, if any. */
export async function eventByIdempotencyKey(db: Db, gameId: string, key: string) {
  const [row] = await db
    .select({
      seq: gameEvents.seq,
      seat: gameEvents.seat,
      response: gameEvents.response,
      kind: gameEvents.kind,
      payload: gameEvents.payload,
    })
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
