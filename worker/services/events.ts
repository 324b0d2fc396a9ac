import { and, eq, gt } from 'drizzle-orm';
import type { LogEntry } from '../../engine/core';
import { gameEvents, games } from '../../db/schema';
import type { Db } from '../../db/types';
import { isUniqueViolation } from './db-errors';

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
  /** More writes in the same transaction (seats, outbox rows). */
  also?: (tx: Db) => Promise<void>;
}

/**
 * Appends one event in ONE transaction: insert event `v+1` (the `(game_id, seq)` primary key
 * refuses a second writer), move the game row from `v` to `v+1` (`WHERE version = v`), then
 * `also`. Throws `VersionConflict` when another writer got there first; nothing is written then.
 */
export async function appendEvent(db: Db, e: NewEvent): Promise<number> {
  const seq = e.expectedVersion + 1;
  try {
    await db.transaction(async (tx) => {
      await tx.insert(gameEvents).values({
        gameId: e.gameId,
        seq,
        kind: e.kind,
        seat: e.seat,
        payload: e.payload ?? {},
        log: e.log,
        reveals: e.reveals ?? false,
        idempotencyKey: e.idempotencyKey ?? null,
        response: e.response === undefined ? null : JSON.stringify(e.response),
        createdAt: e.now,
      });
      const moved = await tx
        .update(games)
        .set({ ...e.update, version: seq, updatedAt: e.now })
        .where(and(eq(games.id, e.gameId), eq(games.version, e.expectedVersion)))
        .returning({ version: games.version });
      if (moved.length !== 1) throw new VersionConflict();
      if (e.also) await e.also(tx as unknown as Db);
    });
  } catch (err) {
    if (err instanceof VersionConflict || isUniqueViolation(err)) throw new VersionConflict();
    throw err;
  }
  return seq;
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
