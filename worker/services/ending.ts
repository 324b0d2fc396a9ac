import { executedRows } from '../../db/json-row';
import { endingInputsCall, type RecordEndingArgs } from '../../db/sql-functions';
import type { Db } from '../../db/types';
import { hasSqlState } from './db-errors';
import { type EndedRecord, judgeGame, rateEnding, type Skill, skillOrdinal } from './rating-math';

/** What `mp_ending_inputs` reads before the commit that ends a game (db/functions/mp_ending_inputs.sql). */
export interface EndingInputs {
  type: string;
  rated: boolean;
  isPublic: boolean;
  seats: EndedRecord['seats'];
  /** The events so far that say who left early, oldest first. */
  events: EndedRecord['events'];
  /** Each seat's moves of its own so far (`EndedRecord.ownMoves`). */
  ownMoves: EndedRecord['ownMoves'];
  /** The seated players' ratings in the game's type (players without one are newcomers). */
  ratings: ({ userId: string } & Skill)[];
}

/** The game's ending inputs, read in one statement; null when the game does not exist. */
export async function readEndingInputs(db: Db, gameId: string): Promise<EndingInputs | null> {
  const result = await db.execute(endingInputsCall(gameId));
  return executedRows<{ inputs: EndingInputs | null }>(result)[0]?.inputs ?? null;
}

/** The commit that ends the game, as `loadEndedRecords` will read it once committed. */
export interface EndingCommit {
  gameId: string;
  status: EndedRecord['status'];
  result: EndedRecord['result'];
  timed: boolean;
  /** The committed event itself (it may be the one that says who left: a timeout, a resignation). */
  event: EndedRecord['events'][number];
}

/** The change to a seat's own moves that the committed event makes (a move of its own, or an undo). */
function ownMovesWith(own: EndedRecord['ownMoves'], e: EndedRecord['events'][number]): EndedRecord['ownMoves'] {
  if (e.seat === null) return own;
  const p = (e.payload ?? {}) as { bot?: boolean; timeout?: boolean };
  const step = e.kind === 'move' && !p.bot && !p.timeout ? 1 : e.kind === 'undo' ? -1 : 0;
  return step ? { ...own, [String(e.seat)]: (own[String(e.seat)] ?? 0) + step } : own;
}

/** The events `seatOutcomes` reads (as `loadEndedRecords` and `mp_ending_inputs` select them). */
function saysWhoLeft(e: EndedRecord['events'][number]): boolean {
  if (['resign', 'leave', 'timeout', 'clock'].includes(e.kind)) return true;
  return e.kind === 'move' && typeof e.payload === 'object' && e.payload !== null && 'timeout' in e.payload;
}

/**
 * The writes `mp_record_ending` makes for a commit that ends a game: the same outcomes and
 * ratings `applyEnding` (worker/services/ratings.ts) computes inside a transaction, here from
 * what was read before the commit plus the commit's own event. Each new rating carries the count
 * of games it was computed from, which the statement checks under the players' locks.
 */
export function endingWrites(inputs: EndingInputs, commit: EndingCommit): RecordEndingArgs {
  const rec: EndedRecord = {
    gameId: commit.gameId,
    type: inputs.type,
    status: commit.status,
    rated: inputs.rated,
    isPublic: inputs.isPublic,
    timed: commit.timed,
    seats: inputs.seats,
    result: commit.result,
    events: saysWhoLeft(commit.event) ? [...inputs.events, commit.event] : inputs.events,
    ownMoves: ownMovesWith(inputs.ownMoves, commit.event),
  };
  const judged = judgeGame(rec);
  const before = (key: string): Skill | undefined => inputs.ratings.find((r) => r.userId === key);
  const rated = rateEnding(rec, judged, before);
  const userOf = (seat: number) => rec.seats.find((s) => s.seat === seat)?.userId ?? null;
  return {
    type: inputs.type,
    timed: rec.timed,
    rated: judged.rated,
    played: judged.played,
    locks: [...new Set([...rated.keys()].flatMap((seat) => userOf(seat) ?? []))].sort(),
    results: judged.seats.map((o) => ({
      seat: o.seat,
      user_id: o.userId,
      place: o.place,
      won: o.won,
      resigned: o.resigned,
      timed_out: o.timedOut,
      rating: rated.get(o.seat) ?? null,
    })),
    ratings: [...rated].flatMap(([seat, r]) => {
      const userId = userOf(seat);
      if (!userId) return [];
      return [
        {
          user_id: userId,
          mu: r.after.mu,
          sigma: r.after.sigma,
          ordinal: skillOrdinal(r.after),
          games: r.after.games,
          before: before(userId)?.games ?? null,
        },
      ];
    }),
  };
}

/** True for the statement's refusal when a rating changed since it was read (SQLSTATE 40001, serialization_failure). */
export function isStaleRating(err: unknown): boolean {
  return hasSqlState(err, '40001');
}
