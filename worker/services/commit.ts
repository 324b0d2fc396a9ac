import type { AnyGame, LogEntry } from '../../engine/core';
import { loadRecipients, noticeRows, type Recipient, type SeatNotice } from '../notices/enqueue';
import { holdNotices, scheduleDrain, timerBatch } from './request-drain';
import { planTransition } from '../notices/transition';
import type { GameClocks } from '../time-control/seat-clocks';
import { clocksAfterChange } from './game-clocks';
import type { Db } from '../../db/types';
import type { ServiceCtx } from '../types';
import { appendEvent, type LeadingEvent, type NewEvent } from './events';
import { type EndingInputs, endingWrites, isStaleRating, readEndingInputs } from './ending';
import type { EndedRecord } from './rating-math';
import { applyEnding } from './ratings';
import type { GameRow } from '../lib/game-rows';
import type { LoggedEvent } from './log-lines';
import { seatExtras } from './since-last-seen';
import { answerJson, stateFor, type StateResponse } from '../lib/state';

/** A change to a running game: the event to append and the state after it. */
export interface GameChange {
  kind: string;
  /** The acting seat (null for the game itself, e.g. start). */
  seat: number | null;
  payload: unknown;
  log: LogEntry[];
  reveals: boolean;
  /** New full state (null keeps the game without a snapshot, e.g. before start). */
  state: unknown;
  /** Overrides the status derived from the state (a timeout that abandons the game). */
  status?: GameRow['status'];
  idempotencyKey?: string;
  /** Extra notices (chat mentions, timeouts) besides those the transition implies. */
  notices?: SeatNotice[];
  /** New set of bot seats (a resigning seat handed to the bot). */
  botSeats?: number[];
  /** New game options (the start writes the seats' choices into them, `optionsWithChoices`). */
  options?: unknown;
  /** More writes in the same transaction (a resigning seat handed to the bot). */
  also?: (tx: Db) => Promise<void>;
  /**
   * Events of the same kind and seat appended before this one in the same transaction (the
   * steps of a restarted turn but the last, an undo each): this change then gets the version
   * after them.
   */
  leading?: LeadingEvent[];
  /** The game's notice recipients if the caller read them already (saves a query). */
  recipients?: Recipient[];
  /** What recording the game's end needs, if the caller read it already with the row (`mp_pass_read`; saves a query). */
  endingInputs?: EndingInputs;
  /** The clocks to go on from instead of the row's (an undo puts back the seats' clocks as they stood before the move). */
  clocks?: GameClocks | null;
  /**
   * The acting seat's seen mark before this request: given, the answer carries its
   * `sinceLastSeen` (up to and with this change) and `canUndo` (`seatExtras`, one more query).
   */
  answerMark?: number;
  /** The `tailJson` events read with `row` at `answerMark`, if the request has them (saves a query). */
  answerTail?: LoggedEvent[] | null;
}

/**
 * Commits one change atomically (docs/design.md "Appending a move"; one statement, see `appendEvent`):
 * event `v+1`, the game row with its new snapshot, status, active seats and deadline, the acting
 * seat marked as having seen `v+1`, and the outbox rows of every notification the change causes.
 * Returns the acting seat's new state answer (stored with the event for idempotent retries).
 * Throws `VersionConflict` when someone else committed `v+1` first.
 */
export async function commitChange(ctx: ServiceCtx, game: AnyGame, row: GameRow, change: GameChange): Promise<StateResponse> {
  const result = change.state ? game.result(change.state) : null;
  const status: GameRow['status'] = change.status ?? (result ? 'finished' : 'active');
  const activeSeats = status === 'active' ? game.activeSeats(change.state) : [];
  const leading = change.leading ?? [];
  const version = row.version + leading.length + 1;
  const plan = planTransition(row, { status, activeSeats });
  const notices = [...plan.notices, ...(change.notices ?? [])];
  const extras =
    change.answerMark === undefined || change.seat === null
      ? undefined
      : await seatExtras(ctx.db, {
          gameId: row.id,
          stored: row.version,
          running: status === 'active',
          seat: change.seat,
          mark: change.answerMark,
          // Newest first: this change, then the events it follows.
          pending: [
            {
              seq: version,
              kind: change.kind,
              seat: change.seat,
              log: change.log,
              reveals: change.reveals,
              createdAt: ctx.now,
              payload: change.payload,
            },
            ...leading
              .map((l, i) => ({ seq: row.version + i + 1, kind: l.kind, seat: l.seat, log: l.log, reveals: false, createdAt: ctx.now }))
              .reverse(),
          ],
          tail: change.answerTail,
        });
  // The game ends with this change: its outcome and ratings commit with it (worker/services/ratings.ts).
  const ends = row.status === 'active' && (status === 'finished' || status === 'abandoned');
  const botSeats = change.botSeats ?? row.botSeats;
  // A game's end is recorded by the statement that commits it, from what one read beside the
  // recipients' gives (worker/services/ending.ts), unless more writes share its transaction.
  const endsAlone = ends && !change.also && leading.length === 0;
  const [recipients, endingInputs] = await Promise.all([
    notices.length ? (change.recipients ?? loadRecipients(ctx.db, row.id)) : [],
    endsAlone ? (change.endingInputs ?? readEndingInputs(ctx.db, row.id)) : null,
  ]);
  const clocks = clocksAfterChange(row, { status, activeSeats, botSeats }, ctx.now, {
    base: change.clocks,
    recipients: notices.length ? recipients : undefined,
  });
  const answer = stateFor(
    game,
    { ...row, version, snapshot: change.state, status, botSeats, clocks: clocks.clocks },
    change.seat,
    extras,
    ctx.now,
  );
  // Delivered by the game's timer or this request after the answer (`scheduleDrain`): queued already claimed for it.
  const held = notices.length ? holdNotices(ctx) : null;
  const rows = noticeRows(recipients, { gameId: row.id, version, notices, now: ctx.now, graceSeconds: ctx.config.notifyGraceSeconds }).map(
    (r) => (held ? { ...r, claimedUntil: held, attempts: 1 } : r),
  );
  // Where the game's timer delivers, it learns the notices and the clocks' next instant with the
  // version, before the commit: one call to the game's object, none after the answer.
  const keys = rows.map((r) => r.dedupeKey!);
  const toTimer = held ? timerBatch(ctx, keys) : null;
  const clocksDue = row.clocks && (clocks.dueAt?.getTime() ?? null) !== (row.dueAt?.getTime() ?? null) ? clocks.dueAt : undefined;
  const ending = endingInputs
    ? endingWrites(endingInputs, {
        gameId: row.id,
        status: status as 'finished' | 'abandoned',
        result: result as EndedRecord['result'],
        timed: row.clocks !== null,
        event: { kind: change.kind, seat: change.seat, payload: change.payload },
      })
    : undefined;
  const event: NewEvent = {
    gameId: row.id,
    expectedVersion: row.version,
    kind: change.kind,
    seat: change.seat,
    payload: change.payload,
    log: change.log,
    reveals: change.reveals,
    idempotencyKey: change.idempotencyKey,
    // Kept only where a retry can ask for it again (an Idempotency-Key); the cron forgets it later.
    response: change.idempotencyKey ? answerJson(answer) : undefined,
    update: {
      snapshot: change.state,
      status,
      activeSeats,
      result,
      // Untimed games write no clock columns (they stay null).
      ...(row.clocks ? clocks : {}),
      ...(change.botSeats ? { botSeats: change.botSeats } : {}),
      ...(change.options ? { options: change.options } : {}),
    },
    now: ctx.now,
    seenBy: change.seat,
    outbox: rows,
    also: ends && !endingInputs ? (tx) => endWith(tx, change.also, row.id, ctx.now) : change.also,
    ending,
    leading,
    news: { ...(toTimer ? { held: toTimer } : {}), ...(clocksDue !== undefined ? { clocksDue } : {}) },
  };
  try {
    await appendEvent(ctx.db, event, ctx.clocks);
  } catch (err) {
    if (!ending || !isStaleRating(err)) throw err;
    // Another ending of a shared player changed a rating since the read (nothing was written):
    // this one is recorded inside the commit's transaction, under the players' locks.
    await appendEvent(ctx.db, { ...event, ending: undefined, also: (tx) => endWith(tx, change.also, row.id, ctx.now) }, ctx.clocks);
  }
  if (notices.length && !toTimer) scheduleDrain(ctx, keys, row.id);
  return answer;
}

/** The change's own extra writes, then the game's ending (outcomes, ratings), in its transaction. */
async function endWith(tx: Db, also: GameChange['also'], gameId: string, now: Date): Promise<void> {
  if (also) await also(tx);
  await applyEnding(tx, gameId, now);
}
