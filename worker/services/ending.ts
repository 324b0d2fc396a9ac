import { executedRows } from '../../db/json-row';
import { endingInputsCall, type RecordEndingArgs } from '../../db/sql-functions';
import type { Db } from '../../db/types';
import { hasSqlState } from './db-errors';
import { type EndedRecord, isRatedGame, rateGame, ratedPlayers, seatOutcomes, type Skill, skillOrdinal } from './rating-math';

/** What `mp_ending_inputs` reads before the commit that ends a game (db/functions/mp_ending_inputs.sql). */
export interface EndingInputs {
  type: string;
  rated: boolean;
  seats: EndedRecord['seats'];
  /** The events so far that say who left early, oldest first. */
  events: EndedRecord['events'];
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
    timed: commit.timed,
    seats: inputs.seats,
    result: commit.result,
    events: saysWhoLeft(commit.event) ? [...inputs.events, commit.event] : inputs.events,
  };
  const outcomes = seatOutcomes(rec);
  const rated = isRatedGame(rec, outcomes);
  const players = rated ? ratedPlayers(rec, outcomes) : [];
  const live = (key: string) => !key.startsWith('deleted:');
  const before = (key: string) => inputs.ratings.find((r) => r.userId === key);
  const next = rated ? rateGame(players, before) : new Map<string, Skill>();
  return {
    type: inputs.type,
    timed: rec.timed,
    rated,
    locks: [...new Set(players.map((p) => p.key))].filter(live).sort(),
    results: outcomes.map((o) => ({
      seat: o.seat,
      user_id: o.userId,
      place: o.place,
      won: o.won,
      resigned: o.resigned,
      timed_out: o.timedOut,
    })),
    ratings: [...next]
      .filter(([key]) => live(key))
      .map(([key, s]) => ({
        user_id: key,
        mu: s.mu,
        sigma: s.sigma,
        ordinal: skillOrdinal(s),
        games: s.games,
        before: before(key)?.games ?? null,
      })),
  };
}

/** True for the statement's refusal when a rating changed since it was read (SQLSTATE 40001, serialization_failure). */
export function isStaleRating(err: unknown): boolean {
  return hasSqlState(err, '40001');
}
